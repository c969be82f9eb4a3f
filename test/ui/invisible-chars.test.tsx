import stringWidth from 'string-width';
import { beforeAll, describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// Names from the API with bidi controls and zero-width characters are shown with those made
// visible; text is measured in terminal columns, so wide characters wrap and align right.

const RAW_INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
const NAME = 'Shop \u202egro.elpmaxe\u202c\u200b!';
const NAME_SHOWN = 'Shop \\u202egro.elpmaxe\\u202c\\u200b!';
const WIDE = '東京ストア'.repeat(8);

const server = seededServerForFile();
const ids: Record<string, string> = {};
beforeAll(async () => {
  const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
  for (const name of [NAME, WIDE]) {
    ids[name] = (await client.createProject({ name, organization_id: 'org_demo' })).id;
  }
});

describe('text from the API on the screen', () => {
  it('shows bidi controls and zero-width characters as escapes in the list, the title and the header', async ({
    renderUi,
  }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.resize(120, 30);
    const list = await ui.waitForFrame(NAME_SHOWN);
    const row = new RegExp(`^[› ] ${NAME_SHOWN.replace(/[\\.!]/g, '\\$&')}\\s+prj_`, 'm');
    expect(list).toMatch(row);
    // Down to it (the newest projects come first) and open it.
    await ui.press('j');
    await ui.waitForFrame((f) => row.test(f) && f.includes(`› ${NAME_SHOWN}`));
    await ui.press('enter');
    const domains = await ui.waitForFrame(`Domains of ${NAME_SHOWN}`);
    expect(domains.split('\n')[0]).toContain(NAME_SHOWN);
    expect(ui.written()).not.toMatch(RAW_INVISIBLE);
  });

  it('wraps a response by terminal columns: wide characters wrap in time, and nothing is cut', async ({
    renderUi,
  }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    });
    await ui.resize(60, 40);
    await ui.waitForFrame('HOST NAME');
    await ui.press('x');
    await ui.waitForFrame('Raw request');
    await ui.press(`/v1/projects/${ids[WIDE]}`, 'enter');
    const frame = await ui.waitForFrame('200 OK');
    const lines = frame.split('\n');
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(60);
    // The answer is wrapped to the screen's width less its margin (58, the cursor's mark
    // included) by the app, not by the terminal; its lines, joined, hold the name; and its last
    // lines are all there.
    const body = lines.slice(
      lines.findIndex((l) => l.startsWith('200 OK')) + 1,
      lines.findLastIndex((l) => l.startsWith('────')),
    );
    for (const line of body) expect(stringWidth(line)).toBeLessThanOrEqual(58);
    expect(body.filter((l) => /[東京ストア]/.test(l)).length).toBeGreaterThan(1);
    expect(body.join('').replace(/\s/g, '')).toContain(`"name":"${WIDE}"`);
    expect(body.some((l) => l.includes('"updated_at"'))).toBe(true);
    expect(body.some((l) => l.trim() === '}')).toBe(true);
  });
});
