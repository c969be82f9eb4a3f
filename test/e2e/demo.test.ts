// @module-tag tmux
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTerminal, type Terminal } from '../helpers/tmux.js';

// `domainctl demo` runs the reference server, and so SQLite, inside the UI's process: how that
// process ends is the driver's business too (better-sqlite3 12 aborts on Node 24.19+).
const root = fileURLToPath(new URL('../..', import.meta.url));

let configDir: string;
let term: Terminal;
beforeAll(() => {
  configDir = mkdtempSync(join(tmpdir(), 'domainctl-demo-'));
  term = startTerminal({
    name: 'demo',
    columns: 160,
    rows: 30,
    env: { DOMAINCTL_CONFIG_DIR: configDir },
  });
});

afterAll(() => {
  term?.kill();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

it('opens on the seeded projects and exits 0 on q', async () => {
  const { send, waitForScreen, display } = term;
  await waitForScreen('$');
  await send({ text: `cd ${root} && node bin/domainctl.js demo; echo EXIT:$?` }, 'Enter');
  await waitForScreen(/› Demo Scale\s+prj_demo_scale/);
  await send('q');
  await waitForScreen(/^EXIT:0$/m);
  expect(display('#{alternate_on}')).toBe('0');
}, 30_000);

it('says in one line why its server cannot start, and exits 1', async () => {
  const { send, waitForScreen, screen } = term;
  await send(
    { text: `clear; DOMAINCTL_SQLITE_DRIVER=postgres node bin/domainctl.js demo; echo EXIT:$?` },
    'Enter',
  );
  await waitForScreen(/^EXIT:1$/m);
  expect(screen()).toContain(
    'domainctl: cannot start the demo server: DOMAINCTL_SQLITE_DRIVER must be "node" or "better", not "postgres"',
  );
  expect(screen()).not.toMatch(/unexpected error|\n\s+at /);
}, 30_000);

// npm sets EDITOR=vi for every script when the shell has none (scripts/npm-editor.mjs): under
// `npm start`, Ctrl+G must say there is no editor, as `domainctl demo` does, not open vi.
it('under npm start with no editor set, Ctrl+G on the raw screen says so', async () => {
  const { send, waitForScreen, screen } = term;
  await send(
    {
      text: `clear; cd ${root} && env -u EDITOR -u VISUAL npm start -- --project prj_demo_scale; echo EXIT:$?`,
    },
    'Enter',
  );
  await waitForScreen('HOST NAME', 30_000);
  await send('x');
  await waitForScreen('Raw request');
  // POST, the databases path, Enter: the focus is in the body, where Ctrl+G opens the editor.
  await send('BTab', 'Down', 'Enter', { text: '/v1/projects/{project_id}/databases' });
  await waitForScreen('→ createDatabase');
  await send('Enter');
  await waitForScreen(/Body\s+› /);
  await send('C-g');
  await waitForScreen('no editor: set $VISUAL or $EDITOR');
  expect(screen()).not.toMatch(/^~\s*$/m);
  await send('C-c');
  await waitForScreen(/^EXIT:\d+$/m);
}, 60_000);
