import { execFileSync, spawnSync } from 'node:child_process';
import { toolPath } from './tools.js';

/** A shell in a real terminal of a fixed size, on a tmux server of its own. */
export interface Terminal {
  /** Runs a tmux command against this terminal's server; returns its stdout. */
  tmux(...args: string[]): string;
  /** Sends keys one at a time (tmux key names, or literal text as { text }), with pauses. */
  send(...keys: (string | { text: string })[]): Promise<void>;
  /** What the terminal shows now. */
  screen(): string;
  /** Polls the screen until it shows `expected`; fails with the screen after `timeoutMs`. */
  waitForScreen(expected: string | RegExp, timeoutMs?: number): Promise<string>;
  /** The value of a tmux format for the session, e.g. '#{alternate_on}'. */
  display(format: string): string;
  kill(): void;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Node that runs the tests, quoted for the terminal's shell: not whichever `node` comes first
 * on its PATH, since the suite runs on several Node lines (scripts/node-line.mjs).
 */
export const shellNode = `'${process.execPath.replaceAll("'", `'\\''`)}'`;

/**
 * Starts a plain bash in tmux. CI is unset in it: with CI set, Ink draws nothing until exit (it
 * takes CI for a log, not a terminal). Keys go with a pause after each: Ink subscribes its input
 * handler again in an effect after each render, and a key sooner meets the previous one and its
 * stale state. Fails with a message that says so when tmux is not installed (a test that starts
 * one names tmux in `requireTools()`, test/helpers/tools.ts).
 */
export function startTerminal(options: {
  name: string;
  columns: number;
  rows: number;
  env: Record<string, string>;
  /** The shell's working folder; the test process's own without it. */
  cwd?: string;
}): Terminal {
  toolPath('tmux');
  const socket = `domainctl-${options.name}-${process.pid}`;
  const session = options.name;
  const tmux = (...args: string[]) =>
    execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  const env = Object.entries(options.env)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  tmux(
    'new-session',
    '-d',
    '-s',
    session,
    '-x',
    String(options.columns),
    '-y',
    String(options.rows),
    ...(options.cwd === undefined ? [] : ['-c', options.cwd]),
    `env -u CI -u NO_COLOR ${env} PS1='$ ' bash --norc --noprofile`,
  );
  const screen = () => tmux('capture-pane', '-p', '-t', session);
  return {
    tmux,
    screen,
    async send(...keys) {
      for (const key of keys) {
        if (typeof key === 'string') tmux('send-keys', '-t', session, key);
        else tmux('send-keys', '-t', session, '-l', key.text);
        await pause(80);
      }
    },
    async waitForScreen(expected, timeoutMs = 10_000) {
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
    },
    display: (format) => tmux('display', '-p', '-t', session, format).trim(),
    kill: () => {
      spawnSync('tmux', ['-L', socket, 'kill-server']);
    },
  };
}
