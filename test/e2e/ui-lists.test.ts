// @module-tag tmux
import { expect, it } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { TESTER_KEY } from '../helpers/server.js';
import { repoRoot as root, terminalSessionForFile } from '../helpers/terminal-session.js';
import { shellNode } from '../helpers/tmux.js';

// The real bin in a real terminal, with keys sent as people send them: several in one read.
const session = terminalSessionForFile({ name: 'ui-lists', columns: 120, rows: 30 });

/** The selected row's first cell. */
const selected = (screen: string) => /^› (.+?)(?:\s{2,}|\s*$)/m.exec(screen)?.[1];

it('keys in one read all count: "jj" moves two rows, three Downs three', async () => {
  const { server, term } = session;
  const { send, tmux, waitForScreen } = term;
  await waitForScreen('$');
  await send(
    {
      text: `cd ${root} && ${shellNode} bin/domainctl.js --base-url ${server.url} --token ${TESTER_KEY}; echo EXIT:$?`,
    },
    'Enter',
  );
  await waitForScreen(/› Demo Scale\s+prj_demo_scale/);
  // One send-keys is one write to the terminal, which the app reads in one go.
  tmux('send-keys', '-t', 'ui-lists', '-l', 'jj');
  await waitForScreen(/› Demo Free\s+prj_demo_free/);
  tmux('send-keys', '-t', 'ui-lists', '-l', 'kk');
  await waitForScreen(/› Demo Scale\s+prj_demo_scale/);
  tmux('send-keys', '-t', 'ui-lists', 'Down', 'Down', 'Down');
  const screen = await waitForScreen(/› \+ Type an ID…/);
  expect(selected(screen)).toBe('+ Type an ID…');
  await send('q');
  await waitForScreen('EXIT:0');
}, 60_000);

it('the selected domain stays selected after a domain is added above it and r', async () => {
  const { server, term } = session;
  const { send, waitForScreen } = term;
  await send(
    {
      text: `clear; ${shellNode} bin/domainctl.js --base-url ${server.url} --token ${TESTER_KEY} --project prj_demo_scale; echo EXIT:$?`,
    },
    'Enter',
  );
  await waitForScreen(/› www\.acme-shop\.com/);
  await send('j', 'j');
  await waitForScreen(/› app\.acme-shop\.com/);
  const host = `e2e-selection-${process.pid}.example.com`;
  const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
  await client.addDomain('prj_demo_scale', host);
  await send('r');
  const screen = await waitForScreen(host);
  expect(selected(screen)).toBe('app.acme-shop.com');
  await send('q');
  await waitForScreen('EXIT:0');
}, 60_000);

it('the domains screen sizes its page to the terminal again after a resize', async () => {
  const { server, term } = session;
  const { send, tmux, waitForScreen } = term;
  await send(
    {
      text: `clear; ${shellNode} bin/domainctl.js --base-url ${server.url} --token ${TESTER_KEY} --project prj_demo_scale; echo EXIT:$?`,
    },
    'Enter',
  );
  const perPage = (screen: string) => Number(/· (\d+) per page/.exec(screen)?.[1]);
  const tall = perPage(await waitForScreen(/page 1 · rows 1–\d+ of (?:≥ )?\d+ · \d+ per page/));
  tmux('resize-window', '-t', 'ui-lists', '-x', '80', '-y', '24');
  // A page of the new size, all of it on the screen.
  const smaller = Array.from({ length: tall - 5 }, (_, i) => i + 5).join('|');
  const short = await waitForScreen(
    new RegExp(`page 1 · rows 1–(${smaller}) of (?:≥ \\1|\\d+) · \\1 per page`),
  );
  expect(perPage(short)).toBeLessThan(tall);
  expect(short).not.toContain('more below');
  await send('q');
  await waitForScreen('EXIT:0');
  tmux('resize-window', '-t', 'ui-lists', '-x', '120', '-y', '30');
}, 60_000);
