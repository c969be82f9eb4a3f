// @module-tag tmux
import { expect, it } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { ProfileStore } from '../../src/config/profile-store.js';
import { TESTER_KEY } from '../helpers/server.js';
import { repoRoot as root, terminalSessionForFile } from '../helpers/terminal-session.js';
import { shellNode } from '../helpers/tmux.js';

// Keys typed ahead on the UI's lists, in the real bin in tmux (its defaults, CI unset): each
// `send-keys -l` is one write to the terminal, which the app reads in one go. Every key of it
// must count, with the state the key before left, whether our own handlers hear it or a
// library's (the raw screen's method list is ink-select-input, which reads Ink's input itself).
const NAME = 'ui-typed-ahead';
const PROJECT = 'prj_demo_scale';
const session = terminalSessionForFile({ name: NAME, columns: 120, rows: 30 });

const start = () =>
  session.term.send(
    {
      text: `clear; cd ${root} && ${shellNode} bin/domainctl.js --base-url ${session.server.url} --token ${TESTER_KEY} --project ${PROJECT}; echo EXIT:$?`,
    },
    'Enter',
  );

/** The host names of the domains table, top to bottom, as the screen shows them. */
const hosts = (screen: string) => {
  const lines = screen.split('\n');
  const header = lines.findIndex((line) => line.includes('HOST NAME'));
  const rows: string[] = [];
  for (const line of lines.slice(header + 1)) {
    const host = /^[› ] (\S+\.\S+)\s{2,}/.exec(line)?.[1];
    if (!host) break;
    rows.push(host);
  }
  return rows;
};

// First: the file's config folder has no profile yet, so the bin opens on the welcome screen.
it('welcome: "jkj" and Enter in one read pick the second choice, the profile form', async () => {
  const { term } = session;
  await term.waitForScreen('$');
  await term.send(
    { text: `clear; cd ${root} && ${shellNode} bin/domainctl.js; echo EXIT:$?` },
    'Enter',
  );
  await term.waitForScreen('› Try the demo');
  term.tmux('send-keys', '-t', NAME, '-l', 'jkj\r');
  await term.waitForScreen('Add a profile');
  await term.send('C-c');
  await term.waitForScreen(/EXIT:\d+/);
}, 60_000);

it('domains: "jjj" and Enter in one read open the fourth domain', async () => {
  const { term } = session;
  await term.waitForScreen('$');
  await start();
  const table = await term.waitForScreen(/› www\.acme-shop\.com/);
  const fourth = hosts(table)[3];
  expect(fourth).toMatch(/\./);
  term.tmux('send-keys', '-t', NAME, '-l', 'jjj\r');
  // The domain's own screen: its records table, under the host it was opened for.
  const screen = await term.waitForScreen(/TYPE\s+HOST\s+VALUE/);
  expect(screen).toContain(fourth);
  expect(screen).not.toContain('HOST NAME');
  await term.send('q');
  await term.waitForScreen('EXIT:0');
}, 60_000);

it('domains: "jjjj" in one read on the last row of a page go on to the next page, on its fourth row', async () => {
  const { term } = session;
  await term.waitForScreen('$');
  await start();
  await term.waitForScreen(/› www\.acme-shop\.com/);
  await term.send('G');
  const first = await term.waitForScreen(/page 1 · rows 1–(\d+)/);
  const size = Number(/page 1 · rows 1–(\d+)/.exec(first)?.[1]);
  expect(hosts(first)).toHaveLength(size);
  term.tmux('send-keys', '-t', NAME, '-l', 'jjjj');
  const second = await term.waitForScreen(`page 2 · rows ${size + 1}–`);
  const fourth = hosts(second)[3];
  expect(fourth).toMatch(/\./);
  await term.waitForScreen(`› ${String(fourth)} `);
  await term.send('q');
  await term.waitForScreen('EXIT:0');
}, 60_000);

it('domains: Esc and G in one read clear the sort and go to the last row, as typed one by one', async () => {
  const { term } = session;
  await term.waitForScreen('$');
  await start();
  await term.waitForScreen(/› www\.acme-shop\.com/);
  await term.send('s');
  await term.waitForScreen('sorted by host name');
  // Read as Alt+G before, which nothing is bound to: neither key did anything.
  term.tmux('send-keys', '-t', NAME, '-l', '\u001bG');
  const pages = await term.waitForScreen(/page 1 · rows 1–\d+/);
  const last = hosts(pages).at(-1);
  expect(last).toMatch(/\./);
  await term.waitForScreen(`› ${String(last)} `);
  await term.send('q');
  await term.waitForScreen('EXIT:0');
}, 60_000);

it('raw request: Shift+Tab, "jjjj" and Enter in one read pick DELETE from the method list, and DELETE is what is sent', async () => {
  const { server, term } = session;
  const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
  const created = await client.createDatabase(PROJECT, `typed-ahead-${process.pid}`);
  await start();
  await term.waitForScreen('HOST NAME');
  await term.send('x');
  await term.waitForScreen('Raw request');
  await term.send({ text: `/v1/projects/{project_id}/databases/${created.id}` });
  await term.waitForScreen(created.id);
  // GET, POST, PATCH, PUT, DELETE: four down from GET, then Enter, back in the path.
  term.tmux('send-keys', '-t', NAME, '-l', '\u001b[Zjjjj\r');
  await term.waitForScreen(/• DELETE/);
  await term.send('Enter');
  // A DELETE is asked about first: the question names the method the list picked.
  await term.waitForScreen(`? Send DELETE /v1/projects/${PROJECT}/databases/${created.id}?`);
  await term.send('y');
  await term.waitForScreen(new RegExp(`DELETE /v1/projects/${PROJECT}/databases/${created.id}`));
  const left = await client.listDatabases(PROJECT, { pageSize: 100 });
  expect(left.databases.map((d) => d.id)).not.toContain(created.id);
  await term.send('C-c');
  await term.waitForScreen(/EXIT:\d+/);
}, 60_000);

it('profiles: "jj" and Enter in one read switch to the third saved profile', async () => {
  const { configDir, server, term } = session;
  const store = ProfileStore.open({ DOMAINCTL_CONFIG_DIR: configDir });
  for (const name of ['first', 'second', 'third']) {
    store.save(name, { base_url: server.url, token: TESTER_KEY, project: PROJECT });
  }
  store.use('first');
  await term.send(
    { text: `clear; cd ${root} && ${shellNode} bin/domainctl.js; echo EXIT:$?` },
    'Enter',
  );
  await term.waitForScreen('HOST NAME');
  await term.send('P');
  await term.waitForScreen(/› ● first/);
  term.tmux('send-keys', '-t', NAME, '-l', 'jj\r');
  const switched = await term.waitForScreen(/profile third/);
  expect(switched).not.toContain('Switch profile');
  await term.send('q');
  await term.waitForScreen(/EXIT:\d+/);
}, 60_000);
