// @module-tag tmux
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from '../helpers/fake-api.js';
import { TESTER_KEY } from '../helpers/server.js';
import { repoRoot as root } from '../helpers/terminal-session.js';
import { shellNode, startTerminal, type Terminal } from '../helpers/tmux.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The real bin in a real terminal, against an API whose list of projects never ends: q while M
// is loading every page ends the process, whatever it still had in flight.

let api: FakeApi;
let term: Terminal;
let configDir: string;
beforeAll(async () => {
  api = await startFakeApi({
    projectPage: (token) => {
      const page = token === undefined ? 0 : Number(token.slice(1));
      return {
        items: Array.from({ length: 20 }, (_, i) => ({
          id: `prj_n${page * 20 + i}`,
          name: `Endless ${page * 20 + i}`,
          plan: 'scale',
        })),
        next: `p${page + 1}`,
      };
    },
  });
  configDir = mkdtempSync(join(tmpdir(), 'domainctl-ui-quit-'));
  term = startTerminal({
    name: 'ui-quit',
    columns: 100,
    rows: 30,
    env: { DOMAINCTL_CONFIG_DIR: configDir },
  });
});
afterAll(async () => {
  term?.kill();
  await api?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

it('q while M loads an endless list: the process is gone within 1 s', async () => {
  const { send, waitForScreen } = term;
  await waitForScreen('$');
  await send(
    {
      text: `cd ${root} && ${shellNode} bin/domainctl.js --base-url ${api.url} --token ${TESTER_KEY}; echo EXIT:$?`,
    },
    'Enter',
  );
  await waitForScreen('20 loaded, more on the server');
  // A page kept unanswered: a request is in flight when q comes, as with a slow API.
  const held = api.hold((request) => request.includes('page_token=p8'));
  await send('M');
  await held.arrived;
  await waitForScreen('Loading every page…');
  const asked = api.asked().length;
  const quitAt = performance.now();
  await send('q');
  await waitForScreen(/EXIT:0/, 2_000);
  expect(performance.now() - quitAt).toBeLessThan(1_000);
  await held.abandoned;
  held.release();
  expect(api.asked()).toHaveLength(asked);
}, 60_000);
