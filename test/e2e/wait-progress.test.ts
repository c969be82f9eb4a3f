import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';

// `domains wait` on a real terminal: tmux, as the UI's end-to-end test. Its progress line is
// written to stderr only there, rewritten in place, and gone once the command ends.
const root = fileURLToPath(new URL('../..', import.meta.url));
const socket = `domainctl-wait-${process.pid}`;
const session = 'wait';

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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
  // No verifier: the domain stays pending, so the wait runs until its timeout.
  server = await startTestServer();
  configDir = mkdtempSync(join(tmpdir(), 'domainctl-wait-'));
  tmux(
    'new-session',
    '-d',
    '-s',
    session,
    '-x',
    '120',
    '-y',
    '20',
    `env -u CI -u NO_COLOR DOMAINCTL_CONFIG_DIR=${configDir} PS1='$ ' bash --norc --noprofile`,
  );
});

afterAll(async () => {
  spawnSync('tmux', ['-L', socket, 'kill-server']);
  await server?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

it('shows a progress line on a terminal and clears it when the wait ends', async () => {
  const pending = 'api.acme-shop.com';
  await waitForScreen('$');
  tmux(
    'send-keys',
    '-t',
    session,
    '-l',
    `cd ${root} && node bin/domainctl.js domains wait ${pending} --base-url ${server.url} --token ${TESTER_KEY} --project prj_demo_scale --interval 1 --timeout 4; echo EXIT:$?`,
  );
  tmux('send-keys', '-t', session, 'Enter');
  const during = await waitForScreen(
    new RegExp(
      `^Waiting for ${pending.replaceAll('.', '\\.')} to be verified: pending, checked \\d+ times? · next check in \\d s · 0:0\\d of 0:04$`,
      'm',
    ),
  );
  // One line, rewritten in place: never a second one below it.
  expect(during.match(/Waiting for/g)).toHaveLength(1);

  const after = await waitForScreen('EXIT:5');
  expect(after).not.toContain('Waiting for');
  expect(after).toMatch(
    new RegExp(`^domainctl: ${pending.replaceAll('.', '\\.')} is still pending after 4 s`, 'm'),
  );
}, 30_000);
