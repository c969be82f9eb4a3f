// @module-tag tmux
import { expect, it } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { TESTER_KEY } from '../helpers/server.js';
import { repoRoot as root, terminalSessionForFile } from '../helpers/terminal-session.js';
import { shellNode } from '../helpers/tmux.js';

// The real bin in a real terminal: tmux with a fixed size, keys sent with pauses (Ink subscribes
// its input handler again after each render; see startTerminal), the screen read with
// capture-pane until what is expected shows up.
// tmux keeps its defaults (set-clipboard external: an application's OSC 52 is dropped).
const session = terminalSessionForFile({ name: 'tui', columns: 100, rows: 30 });

it('drives the UI in a real terminal: pages, adds a domain, copies a record, quits cleanly', async () => {
  const { server, term } = session;
  const { send, screen, waitForScreen, tmux, display } = term;
  await waitForScreen('$');
  await send(
    {
      text: `cd ${root} && ${shellNode} bin/domainctl.js --base-url ${server.url} --token ${TESTER_KEY}; echo EXIT:$?`,
    },
    'Enter',
  );
  // Projects first; the demo's scale project is the first one.
  await waitForScreen(/› Demo Scale\s+prj_demo_scale/);
  expect(display('#{alternate_on}')).toBe('1');
  await send('Enter');
  const page1 = await waitForScreen(/^page 1 · rows 1–\d+ of (?:≥ )?\d+ · \d+ per page/m);
  expect(page1).toContain('www.acme-shop.com');

  await send('n');
  const page2 = await waitForScreen(/^page 2 · rows \d+–\d+ of (?:≥ )?\d+ · \d+ per page/m);
  expect(page2).not.toContain('www.acme-shop.com');
  await send('b');
  await waitForScreen(/^page 1 · rows 1–\d+ of (?:≥ )?\d+ · \d+ per page/m);
  expect(screen()).toContain('www.acme-shop.com');

  const host = `e2e-${process.pid}.example.com`;
  await send('a');
  await waitForScreen('Host name ›');
  await send({ text: host }, 'Enter');
  await waitForScreen('create these records at your DNS provider');

  const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
  const domain = await client.findDomain('prj_demo_scale', host);
  if (!domain) throw new Error(`${host} was not added`);
  const records = screen();
  expect(records).toContain(`_acme-challenge.${host}`);
  expect(records).toContain(domain.dns_instructions.acme_cname_target);
  // The TXT value whole, on one line.
  expect(records).toMatch(
    new RegExp(
      `TXT\\s+_domainctl-verify\\.${host.replaceAll('.', '\\.')}\\s+${domain.dns_instructions.txt_value}`,
    ),
  );

  // c on the TXT record: copied through tmux itself into its paste buffer, and the message
  // says where it went.
  expect(tmux('show-options', '-gv', 'set-clipboard').trim()).toBe('external');
  await send('j', 'c');
  await waitForScreen(/✓ Copied the TXT value .* into tmux's paste buffer/);
  expect(tmux('show-buffer')).toBe(domain.dns_instructions.txt_value);
  expect(screen()).toContain('create these records at your DNS provider');

  // Back in the list, the new domain is listed on top; the selection stayed on its domain.
  await send('Escape');
  const list = await waitForScreen(new RegExp(`${host.replaceAll('.', '\\.')}\\s+pending`));
  expect(list).toMatch(/› www\.acme-shop\.com/);

  await send('q');
  await waitForScreen('EXIT:0');
  // Normal mode: the alternate screen is gone, the cursor is visible, the prompt answers.
  expect(display('#{alternate_on}')).toBe('0');
  expect(display('#{cursor_flag}')).toBe('1');
  await send({ text: 'echo READY-$((6*7))' }, 'Enter');
  await waitForScreen('READY-42');
}, 60_000);
