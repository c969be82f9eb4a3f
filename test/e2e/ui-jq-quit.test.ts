// @module-tag tmux
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
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
  it.each<[ending: string, exit: number, end: () => unknown]>([
    ['q', 0, () => session.term.send('q')],
    ['Ctrl+C', 0, () => session.term.send('C-c')],
    ['SIGTERM', 143, () => process.kill(binPid(), 'SIGTERM')],
    ['SIGINT', 130, () => process.kill(binPid(), 'SIGINT')],
  ])(
    '%s ends the process within 1 s (exit code %i)',
    async (_ending, exit, end) => {
      await runawayFilter();
      // The app still answers while jq runs: ? opens the keys' help and Esc closes it.
      await session.term.send('?');
      await session.term.waitForScreen('Keys: Raw request');
      await session.term.send('Escape');
      await session.term.waitForScreen(/^(?![\s\S]*Keys: Raw request)[\s\S]*jq def f: f; f …/);
      const endedAt = performance.now();
      await end();
      await session.term.waitForScreen(`EXIT:${exit}`, 2_000);
      expect(performance.now() - endedAt).toBeLessThan(1_000);
    },
    60_000,
  );
});
