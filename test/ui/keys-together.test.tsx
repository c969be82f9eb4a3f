import { describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import type { UiHandle, RenderAppOptions } from '../helpers/ui.js';

// Keys typed ahead, a key repeat, a slow link or a paste reach the app several in one read. Each
// test here writes its keys in ONE stdin write and checks that every key counted, in order.

const server = seededServerForFile();

/** The text of the selected row (the one with ›). */
const selectedRow = (frame: string) =>
  frame
    .split('\n')
    .find((line) => line.startsWith('› '))
    ?.slice(2)
    .trim();

async function openProjects(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
  await ui.waitForFrame('prj_demo_free');
  return ui;
}

async function openDomains(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  const ui = await renderUi({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
  });
  await ui.waitForFrame((f) => /^› \S+\.\S+/m.test(f));
  return ui;
}

/** The host names of the domains table, top to bottom. */
const hostsIn = (frame: string) =>
  frame
    .split('\n')
    .map((line) => /^[› ] (\S+\.\S+)\s/.exec(line)?.[1])
    .filter((host): host is string => host !== undefined);

describe('keys that arrive together', () => {
  it('projects: "jj" moves two rows, three Downs three, "k" back one', async ({ renderUi }) => {
    const app = await openProjects(renderUi);
    expect(selectedRow(app.frame())).toMatch(/^Demo Scale/);
    await app.pressTogether('j', 'j');
    await app.waitForFrame((f) => /^Demo Free/.test(selectedRow(f) ?? ''));
    await app.pressTogether('k', 'k');
    await app.waitForFrame((f) => /^Demo Scale/.test(selectedRow(f) ?? ''));
    await app.pressTogether('down', 'down', 'down');
    await app.waitForFrame((f) => selectedRow(f) === '+ Type an ID…');
  });

  it('projects: "jj" and Enter in one read open the third project', async ({ renderUi }) => {
    const app = await openProjects(renderUi);
    await app.pressTogether('j', 'j', 'enter');
    await app.waitForFrame('Domains of Demo Free');
  });

  it('projects: "/ent" and Enter in one read filter and open the match', async ({ renderUi }) => {
    const app = await openProjects(renderUi);
    await app.pressTogether('/', 'ent', 'enter');
    await app.waitForFrame('Domains of Demo Enterprise');
  });

  it('domains: three Downs move three rows, and "jj" with Enter opens the row two further', async ({
    renderUi,
  }) => {
    const app = await openDomains(renderUi);
    const hosts = hostsIn(app.frame());
    expect(hosts.length).toBeGreaterThan(6);
    await app.pressTogether('down', 'down', 'down');
    await app.waitForFrame((f) => selectedRow(f)?.startsWith(hosts[3] ?? '?') === true);
    await app.pressTogether('j', 'j', 'enter');
    await app.waitForFrame((f) => f.includes('DNS records') && f.includes(hosts[5] ?? '?'));
  });

  it('domain: "jj" selects the third record', async ({ renderUi }) => {
    const app = await openDomains(renderUi);
    await app.press('enter');
    const first = await app.waitForFrame('DNS records ·');
    const label = (f: string) => /DNS records · (.*)$/m.exec(f)?.[1];
    const labels = [label(first)];
    await app.press('j');
    labels.push(label(await app.waitForFrame((f) => label(f) !== labels[0])));
    await app.press('k');
    await app.waitForFrame((f) => label(f) === labels[0]);
    await app.pressTogether('j', 'j');
    const third = label(await app.waitForFrame((f) => !labels.includes(label(f))));
    expect(third).toBeTruthy();
  });

  it('add domain: a pasted name and Enter in one read add it; two Backspaces in one read delete two', async ({
    renderUi,
  }) => {
    const app = await openDomains(renderUi);
    await app.press('a');
    await app.waitForFrame(/Host name\s+›/);
    await app.pressTogether('keys-together.example.orgxx', 'backspace', 'backspace');
    await app.waitForFrame(/Host name\s+› keys-together\.example\.org$/m);
    await app.pressTogether('x', 'backspace', 'enter');
    await app.waitForFrame('✓ Added');
    const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
    const { domains } = await client.listDomains('prj_demo_scale', { pageSize: 100 });
    expect(domains.map((d) => d.domain)).toContain('keys-together.example.org');
  });

  it('raw request: a typed path and Enter in one read send it; the method picker takes keys together', async ({
    renderUi,
  }) => {
    const app = await openDomains(renderUi);
    await app.press('x');
    await app.waitForFrame('Raw request');
    await app.pressTogether('/v1/regions', 'enter');
    await app.waitForFrame(/200 OK · \d+ ms · .* · GET \/v1\/regions/);
    // Shift+Tab to the methods, two Downs (POST, PATCH) and Enter: PATCH, and back in the path.
    await app.pressTogether('shift-tab', 'down', 'down', 'enter');
    await app.waitForFrame((f) => /• PATCH/.test(f) && /Path\s+›/.test(f));
  });

  it('welcome: Down and Enter in one read open the profile form, and the form takes a whole answer in one read', async ({
    renderUi,
  }) => {
    const ui = await renderUi();
    await ui.waitForFrame('Try the demo');
    await ui.pressTogether('down', 'enter');
    await ui.waitForFrame(/Base URL\s+›/);
    await ui.pressTogether(server.url, 'enter', TESTER_KEY, 'enter');
    await ui.waitForFrame('prj_demo_scale');
  });

  it('help: "?", "?" and "j" in one read open the help, close it and move down', async ({
    renderUi,
  }) => {
    const app = await openProjects(renderUi);
    await app.pressTogether('?', '?', 'j');
    await app.waitForFrame((f) => /^Demo Enterprise/.test(selectedRow(f) ?? ''));
    expect(app.frame()).not.toContain('Keys: Projects');
  });
});
