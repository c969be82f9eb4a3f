import { describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { ProfileStore } from '../../src/config/profile-store.js';
import { TESTER_KEY } from '../helpers/server.js';
import { oneLine } from '../helpers/ui.js';

describe('the welcome screen', () => {
  it('opens when there is no profile and no base URL', async ({ renderUi }) => {
    const ui = await renderUi();
    const frame = await ui.waitForFrame('Welcome to domainctl');
    expect(frame).toContain('Try the demo');
    expect(frame).toContain('Add a profile');
    expect(frame).toContain('no profile');
  });

  it('starts the demo in this process and lists its projects, saving nothing', async ({
    renderUi,
  }) => {
    const ui = await renderUi();
    await ui.waitForFrame('Try the demo');
    await ui.press('enter');
    const frame = await ui.waitForFrame('prj_demo_free', 10_000);
    expect(frame).toContain('profile demo (in memory)');
    expect(frame).toMatch(/127\.0\.0\.1:\d+/);
    expect(frame).toContain('prj_demo_scale');
    // The demo's profile lives in memory: the store stays empty, recent projects too.
    await ui.press('enter');
    await ui.waitForFrame('www.acme-shop.com');
    const store = ProfileStore.open({ DOMAINCTL_CONFIG_DIR: ui.configDir });
    expect(store.list()).toEqual([]);
    expect(store.recentProjects('demo')).toEqual([]);
    // …but this session remembers it.
    await ui.press('p');
    await ui.waitForFrame(/› Demo Scale · recent/);
  });

  it('adds a profile through the form, token masked, saved like `profile add`', async ({
    renderUi,
    server,
  }) => {
    const ui = await renderUi();
    await ui.waitForFrame('Add a profile');
    await ui.press('down', 'enter');
    await ui.waitForFrame(/Base URL\s+›/);
    // The base URL has focus first; the name has a default.
    await ui.press('not a url');
    await ui.press('enter');
    await ui.press(TESTER_KEY);
    const masked = await ui.waitForFrame(/Token\s+› \*{14}/);
    expect(masked).not.toContain(TESTER_KEY);
    await ui.press('enter');
    // The refusal brings the focus back to the base URL. (The field says why as soon as it is
    // left, so the message alone can be in a frame drawn before this Enter was taken.)
    const refused = oneLine(await ui.waitForFrame((f) => /Base URL › not a url/.test(oneLine(f))));
    expect(refused).toContain('an absolute URL');
    await ui.press(...Array<string>(9).fill('backspace'), server.url);
    await ui.press('shift-tab', ...Array<string>(7).fill('backspace'), 'work');
    await ui.waitForFrame(/Profile name\s+› work/);
    await ui.press('tab', 'tab', 'enter');
    const projects = await ui.waitForFrame('prj_demo_scale');
    expect(projects).toContain('profile work');

    const store = ProfileStore.open({ DOMAINCTL_CONFIG_DIR: ui.configDir });
    expect(store.active()).toEqual({ name: 'work', base_url: server.url, token: TESTER_KEY });
  });

  it('Esc leaves the form for the welcome screen', async ({ renderUi }) => {
    const ui = await renderUi();
    await ui.waitForFrame('Add a profile');
    await ui.press('down', 'enter');
    await ui.waitForFrame(/Base URL\s+›/);
    await ui.press('esc');
    await ui.waitForFrame('Welcome to domainctl');
  });
});
