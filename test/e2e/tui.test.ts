import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';

// The real bin in a real terminal: tmux with a fixed size, keys sent with pauses (STACK.md),
// the screen read with capture-pane until what is expected shows up.
const root = fileURLToPath(new URL('../..', import.meta.url));
const socket = `domainctl-e2e-${process.pid}`;
const session = 'tui';
const COLUMNS = 100;
const ROWS = 30;

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends keys one at a time (tmux key names, or literal text with { text }). */
async function send(...keys: (string | { text: string })[]) {
  for (const key of keys) {
    if (typeof key === 'string') tmux('send-keys', '-t', session, key);
    else tmux('send-keys', '-t', session, '-l', key.text);
    await pause(80);
  }
}

const screen = () => tmux('capture-pane', '-p', '-t', session);

async function waitForScreen(expected: string | RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = screen();
    if (typeof expected === 'string' ? current.includes(expected) : expected.test(current)) {
      return current;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${String(expected)}; the screen is:\n${current}`);
    }
    await pause(50);
  }
}

let server: TestServer;
let configDir: string;
beforeAll(async () => {
  if (spawnSync('tmux', ['-V']).status !== 0) {
    throw new Error(
      'this test needs tmux, which is not installed: apt-get install -y tmux (or brew install tmux)',
    );
  }
  server = await startTestServer();
  configDir = mkdtempSync(join(tmpdir(), 'domainctl-e2e-'));
  // A plain shell; CI is unset in it, or Ink would draw nothing until exit (STACK.md).
  tmux(
    'new-session',
    '-d',
    '-s',
    session,
    '-x',
    String(COLUMNS),
    '-y',
    String(ROWS),
    `env -u CI -u NO_COLOR DOMAINCTL_CONFIG_DIR=${configDir} PS1='$ ' bash --norc --noprofile`,
  );
  tmux('set-option', '-g', 'set-clipboard', 'on');
});

afterAll(async () => {
  spawnSync('tmux', ['-L', socket, 'kill-server']);
  await server?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

it('drives the UI in a real terminal: pages, adds a domain, copies a record, quits cleanly', async () => {
  await waitForScreen('$');
  await send(
    {
      text: `cd ${root} && node bin/domainctl.js --base-url ${server.url} --token ${TESTER_KEY}; echo EXIT:$?`,
    },
    'Enter',
  );
  // Projects first; the demo's scale project is the first one.
  await waitForScreen(/› Demo Scale\s+prj_demo_scale/);
  expect(tmux('display', '-p', '-t', session, '#{alternate_on}').trim()).toBe('1');
  await send('Enter');
  const page1 = await waitForScreen(/^page 1 · \d+ per page/m);
  expect(page1).toContain('www.acme-shop.com');

  await send('n');
  const page2 = await waitForScreen(/^page 2 · \d+ per page/m);
  expect(page2).not.toContain('www.acme-shop.com');
  await send('b');
  await waitForScreen(/^page 1 · \d+ per page/m);
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

  // c on the TXT record: OSC 52 reaches tmux, which keeps it as a paste buffer.
  await send('j', 'c');
  await waitForScreen('✓ Copied the TXT value');
  expect(tmux('show-buffer')).toBe(domain.dns_instructions.txt_value);
  expect(screen()).toContain('create these records at your DNS provider');

  await send('Escape');
  await waitForScreen(new RegExp(`› ${host.replaceAll('.', '\\.')}\\s+pending`));

  await send('q');
  await waitForScreen('EXIT:0');
  // Normal mode: the alternate screen is gone, the cursor is visible, the prompt answers.
  expect(tmux('display', '-p', '-t', session, '#{alternate_on}').trim()).toBe('0');
  expect(tmux('display', '-p', '-t', session, '#{cursor_flag}').trim()).toBe('1');
  await send({ text: 'echo READY-$((6*7))' }, 'Enter');
  await waitForScreen('READY-42');
}, 60_000);
