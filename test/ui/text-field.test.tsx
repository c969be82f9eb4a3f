import { describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { ProfileStore } from '../../src/config/profile-store.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// The keys as a terminal sends them. Each press() writes one of these in one piece.
const CTRL_A = '\u0001';
const CTRL_E = '\u0005';
const CTRL_K = '\u000b';
const CTRL_U = '\u0015';
const CTRL_W = '\u0017';
const ALT_B = '\u001bb';
const ALT_F = '\u001bf';
const ALT_BACKSPACE = '\u001b\u007f';
const HOME = '\u001b[H';
const END = '\u001b[F';
const DELETE = '\u001b[3~';
const BACKSPACE = '\u007f';
const LEFT = '\u001b[D';
const RIGHT = '\u001b[C';

const server = seededServerForFile();

/** What the field labelled `label` holds, as shown (the cursor's trailing space dropped). */
const field = (frame: string, label: string) => {
  for (const line of frame.split('\n')) {
    const match = new RegExp(`^${label} +› ?(.*)$`).exec(line);
    if (match) return (match[1] ?? '').trimEnd();
  }
  return undefined;
};

describe('text fields edit as readline does', () => {
  it('the host name field: Ctrl+U, Ctrl+W, Alt+Backspace, Ctrl+A/E, Alt+B/F, Home/End, ←→, Delete', async ({
    renderUi,
  }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    });
    await ui.waitForFrame('HOST NAME');
    await ui.press('a');
    await ui.waitForFrame('Host name ›');

    await ui.press('bad..host', CTRL_U);
    await ui.waitForFrame('e.g. shop.example.com');
    expect(field(ui.frame(), 'Host name')).toBe('');

    await ui.press('see https://shop.example.com', CTRL_W);
    await ui.waitForFrame((f) => field(f, 'Host name') === 'see');
    await ui.press(CTRL_U, 'www.acme-shop.com', ALT_BACKSPACE, 'org');
    await ui.waitForFrame((f) => field(f, 'Host name') === 'www.acme-shop.org');

    // Ctrl+A then a letter: it goes first. Ctrl+E: back to the end.
    await ui.press(CTRL_A, 'x', CTRL_E, 'y');
    await ui.waitForFrame((f) => field(f, 'Host name') === 'xwww.acme-shop.orgy');
    // Home, Delete, End, Backspace: the two extra letters go.
    await ui.press(HOME, DELETE, END, BACKSPACE);
    await ui.waitForFrame((f) => field(f, 'Host name') === 'www.acme-shop.org');
    // Alt+B twice: before "shop"; Ctrl+K drops the rest. Then ← ×5, text, Alt+F over a word.
    await ui.press(ALT_B, ALT_B, CTRL_K);
    await ui.waitForFrame((f) => field(f, 'Host name') === 'www.acme-');
    await ui.press(LEFT, LEFT, LEFT, LEFT, LEFT, 'new-', ALT_F, RIGHT, 'store.example.com');
    await ui.waitForFrame((f) => field(f, 'Host name') === 'www.new-acme-store.example.com');

    // What the field shows is what is sent.
    await ui.press('enter');
    await ui.waitForFrame('create these records at your DNS provider');
    const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
    expect(
      await client.findDomain('prj_demo_scale', 'www.new-acme-store.example.com'),
    ).toBeDefined();
  });

  it('keys typed ahead in one read are applied in order; a paste with spaces stays whole', async ({
    renderUi,
  }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    await ui.press('/');
    await ui.waitForFrame('Filter ›');
    // A paste: one write, with a space inside.
    await ui.press('Demo Sc');
    const filtered = await ui.waitForFrame('1 match "Demo Sc"');
    expect(filtered).toContain('prj_demo_scale');
    expect(filtered).not.toContain('prj_demo_free');
    // One read holding a kill, text and a word move: Ctrl+W clears "Demo Sc" to "Demo ".
    await ui.press(`${CTRL_W}${CTRL_W}Free${ALT_B}Demo `);
    await ui.waitForFrame('1 match "Demo Free"');
  });

  it('the project ID typed by hand: Alt+Backspace stops at "_", then Enter opens it', async ({
    renderUi,
  }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    await ui.press('i');
    await ui.waitForFrame('Project ID ›');
    await ui.press('prj_demo_freeXX', ALT_BACKSPACE);
    await ui.waitForFrame((f) => field(f, 'Project ID') === 'prj_demo_');
    await ui.press('enterprise', 'enter');
    await ui.waitForFrame('Domains of Demo Enterprise');
  });

  it('the raw path field: Ctrl+U clears it, Alt+B and Delete edit inside it', async ({
    renderUi,
  }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    });
    await ui.waitForFrame('HOST NAME');
    await ui.press('x');
    await ui.waitForFrame('Raw request');
    await ui.press('/v1/nothing', CTRL_U, '/v1/projectsX/{project_id}', ALT_B, ALT_B, ALT_B);
    await ui.press(ALT_F, BACKSPACE);
    await ui.waitForFrame('→ getProject GET /v1/projects/{project_id}');
    await ui.press('enter');
    await ui.waitForFrame(/200 OK · \d+ ms · .* · GET \/v1\/projects\/prj_demo_scale/);
  });

  it('the profile form: Ctrl+W and Ctrl+K fix a URL, and what is saved is what is shown', async ({
    renderUi,
  }) => {
    const ui = await renderUi();
    await ui.waitForFrame('Add a profile');
    await ui.press('down', 'enter');
    await ui.waitForFrame(/Base URL\s+›/);
    await ui.press('type here', CTRL_W, CTRL_W, `${server.url}/v1/regions`);
    await ui.press(ALT_B, ALT_B, LEFT, CTRL_K);
    await ui.waitForFrame((f) => field(f, 'Base URL') === server.url);
    await ui.press('enter', TESTER_KEY, 'enter');
    await ui.waitForFrame('prj_demo_scale');
    const store = ProfileStore.open({ DOMAINCTL_CONFIG_DIR: ui.configDir });
    expect(store.active()).toEqual({ name: 'default', base_url: server.url, token: TESTER_KEY });
  });
});
