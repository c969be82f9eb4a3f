import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ProfileStore } from '../../src/config/profile-store.js';
import { suggest } from '../../src/core/suggested-commands.js';
import { runCli } from '../helpers/cli.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { OUTSIDER_KEY, startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { oneLine } from '../helpers/ui.js';

// P switches the UI to another saved profile, without a restart and without changing which
// profile is the saved default.
const server = seededServerForFile();
let other: TestServer;
let configDir: string;
beforeAll(async () => {
  other = await startTestServer();
  configDir = await mkdtemp(join(tmpdir(), 'domainctl-profiles-'));
  const store = ProfileStore.open({ DOMAINCTL_CONFIG_DIR: configDir });
  store.save('local', { base_url: server.url, token: TESTER_KEY, project: 'prj_demo_scale' });
  store.save('staging', { base_url: other.url, token: OUTSIDER_KEY });
  store.save('live', {
    base_url: server.url,
    token: TESTER_KEY,
    read_only: true,
    label: 'production',
    color: 'red',
  });
});
afterAll(async () => {
  await other.close();
  await rm(configDir, { recursive: true, force: true });
});

describe('switching profile (P)', () => {
  it('lists the profiles, the one in use marked; Enter on another switches to it', async ({
    renderUi,
  }) => {
    const ui = await renderUi({ configDir });
    await ui.waitForFrame('Domains of Demo Scale');
    await ui.press('P');
    const picker = await ui.waitForFrame('Switch profile');
    expect(picker).toMatch(
      /› ● local\s+http:\/\/127\.0\.0\.1:\d+\s+prj_demo_scale\s+in use, default/,
    );
    expect(picker).toMatch(/ {4}staging\s+http:\/\/127\.0\.0\.1:\d+/);
    // j and Enter in one read: both count.
    await ui.pressTogether('j', 'enter');
    const projects = await ui.waitForFrame('prj_demo_free');
    expect(projects.split('\n')[0]).toContain(`profile staging · ${new URL(other.url).host}`);
    // The saved default is left as it was.
    expect(ProfileStore.open({ DOMAINCTL_CONFIG_DIR: configDir }).activeName()).toBe('local');
    // From the projects screen too; now staging is the one in use. At 80 columns its line wraps,
    // whole, and both profiles still show.
    await ui.resize(80, 24);
    await ui.press('P');
    const narrow = await ui.waitForFrame('Switch profile');
    expect(narrow).toMatch(/› ● staging\s+.*in use/);
    expect(oneLine(narrow)).toContain(
      'In use: staging. Enter switches this UI to the selected profile; the saved default stays as it is.',
    );
    expect(narrow).toMatch(/ {4}local\s+http/);
    await ui.press('esc');
    await ui.waitForFrame('prj_demo_free');
  });

  it('shows which profile is read-only, and its label and colour', async ({ renderUi }) => {
    const ui = await renderUi({ configDir });
    await ui.waitForFrame('Domains of Demo Scale');
    await ui.press('P');
    const picker = await ui.waitForFrame('Switch profile');
    expect(picker).toMatch(/ {4}live\s+http:\/\/127\.0\.0\.1:\d+\s+production \(red\)\s+read-only/);
    // The others have none of it.
    expect(picker).toMatch(/ {4}staging\s+http:\/\/127\.0\.0\.1:\d+\s*$/m);
  });

  it('the demo reads no saved profile: it says so, and its hint works as written', async ({
    configDir: fresh,
    renderUi,
  }) => {
    const ui = await renderUi({ demo: true, configDir });
    await ui.waitForFrame('Demo Scale');
    await ui.press('P');
    const frame = oneLine(await ui.waitForFrame('Switch profile'));
    expect(frame).toContain(
      'The demo uses only its own in-memory profile: it has none to switch to.',
    );
    expect(frame).toContain(
      `Saved profiles are switched between in \`domainctl\` (not \`domainctl demo\`): add one with \`${suggest.profileAdd()}\`, then start \`domainctl\` and press P.`,
    );
    // P again in the demo still lists none: the hint does not say to.
    await ui.press('esc', 'P');
    expect(oneLine(await ui.waitForFrame('Switch profile'))).toContain('its own in-memory profile');
    await ui.cleanup();

    // Done as it says, in a config folder of its own: the profile added, then `domainctl`, P.
    const args = suggest
      .profileAdd()
      .replace('NAME', 'mine')
      .replace('URL', server.url)
      .split(' ')
      .slice(1);
    const added = await runCli(args, {
      input: `${TESTER_KEY}\n`,
      env: { DOMAINCTL_CONFIG_DIR: fresh },
    });
    expect(added.code).toBe(0);
    const app = await renderUi({ configDir: fresh });
    await app.waitForFrame('prj_demo_free');
    await app.press('P');
    expect(await app.waitForFrame('Switch profile')).toMatch(
      /› ● mine\s+http:\/\/127\.0\.0\.1:\d+/,
    );
  });
});
