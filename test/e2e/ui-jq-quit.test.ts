// @module-tag tmux
import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { TESTER_KEY } from '../helpers/server.js';
import { repoRoot as root, terminalSessionForFile } from '../helpers/terminal-session.js';
import { shellNode } from '../helpers/tmux.js';

// The real bin in a real terminal (CI unset): while the raw screen's jq filter runs for ever, the
// UI still answers, and q, Ctrl+C, SIGTERM and SIGINT each end the process within 1 s. Before, jq
// ran on the main thread: the app froze, and every one of them was ignored until SIGKILL.
const session = terminalSessionForFile({ name: 'ui-jq-quit', columns: 100, rows: 30 });

/** The pid of the bin the terminal's shell is running (the shell's one child). */
function binPid(): number {
  const shell = session.term.display('#{pane_pid}');
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', shell], { encoding: 'utf8' })
    .trim()
    .split(/\s+/);
  expect(children).toHaveLength(1);
  return Number(children[0]);
}

/** Whether a process is still there (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The bin on the raw screen, its answer to GET /v1/regions filtered by a jq that never ends. */
async function runawayFilter(): Promise<void> {
  const { send, waitForScreen } = session.term;
  await send({ text: 'clear' }, 'Enter');
  await send(
    {
      text: `cd ${root} && ${shellNode} bin/domainctl.js --base-url ${session.server.url} --token ${TESTER_KEY} --project prj_demo_scale; echo EXIT:$?`,
    },
    'Enter',
  );
  await waitForScreen('HOST NAME');
  await send('x');
  await waitForScreen('Raw request');
  await send({ text: '/v1/regions' }, 'Enter');
  await waitForScreen('200 OK');
  // Down past the path and the headers, to the answer; f opens its jq prompt.
  await send('Down', 'Down', 'f');
  await waitForScreen('jq |');
  await send({ text: 'def f: f; f' }, 'Enter');
  await waitForScreen('jq def f: f; f …');
}

describe('a runaway jq filter on the raw screen', () => {
  // The clock starts once the key or signal is delivered and stops when the bin's pid is gone
  // (polled in this process): finding the pid and reading the screen spawn tmux and ps, which on a
  // machine running the whole suite took a good part of the second by themselves.
  it.each<[ending: string, exit: number, end: (pid: number) => unknown]>([
    ['q', 0, () => session.term.send('q')],
    ['Ctrl+C', 0, () => session.term.send('C-c')],
    ['SIGTERM', 143, (pid) => process.kill(pid, 'SIGTERM')],
    ['SIGINT', 130, (pid) => process.kill(pid, 'SIGINT')],
  ])(
    '%s ends the process within 1 s (exit code %i)',
    async (_ending, exit, end) => {
      await runawayFilter();
      const pid = binPid();
      // The app still answers while jq runs: ? opens the keys' help and Esc closes it.
      await session.term.send('?');
      await session.term.waitForScreen('Keys: Raw request');
      await session.term.send('Escape');
      await session.term.waitForScreen(/^(?![\s\S]*Keys: Raw request)[\s\S]*jq def f: f; f …/);
      await end(pid);
      const endedAt = performance.now();
      await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 5_000, interval: 10 });
      expect(performance.now() - endedAt).toBeLessThan(1_000);
      await session.term.waitForScreen(`EXIT:${exit}`);
    },
    60_000,
  );
});
