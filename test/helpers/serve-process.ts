import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { dropDatabase, testDatabase } from './store.js';

/** The built bin (vitest's global setup builds it before any test runs). */
export const BIN = fileURLToPath(new URL('../../bin/domainctl.js', import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface CliProcess {
  child: ChildProcess;
  /** Every stdout and stderr line so far. */
  stdout: string[];
  stderr: string[];
  /** Resolves with the first stdout line (already written or still to come) that matches. */
  waitForStdout(pattern: RegExp): Promise<string>;
  /** The same for stderr. */
  waitForStderr(pattern: RegExp): Promise<string>;
  /** Resolves when the process has exited and its output is read to the end. */
  exited: Promise<Exit>;
}

export interface SpawnOptions {
  /** Added to (or, when undefined, removed from) this process's environment. */
  env?: Record<string, string | undefined>;
}

/** Runs the real `domainctl` bin with `args`, reading its output line by line. */
export function spawnCli(args: string[], options: SpawnOptions = {}): CliProcess {
  return readLines(
    spawn(process.execPath, [BIN, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', ...options.env },
    }),
  );
}

/** A process started with stdout and stderr piped, its output read line by line. */
export function readLines(child: ChildProcess): CliProcess {
  const stdout: string[] = [];
  const stderr: string[] = [];
  type Waiter = { pattern: RegExp; resolve: (line: string) => void };
  const waiters = { stdout: [] as Waiter[], stderr: [] as Waiter[] };
  const lines = { stdout, stderr };
  const out = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const err = createInterface({ input: child.stderr as NodeJS.ReadableStream });
  const onLine = (stream: 'stdout' | 'stderr') => (line: string) => {
    lines[stream].push(line);
    for (const waiter of [...waiters[stream]]) {
      if (waiter.pattern.test(line)) {
        waiters[stream].splice(waiters[stream].indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  out.on('line', onLine('stdout'));
  err.on('line', onLine('stderr'));
  const closed = (rl: ReturnType<typeof createInterface>) =>
    new Promise<void>((resolve) => rl.once('close', resolve));
  const exited = Promise.all([
    new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    closed(out),
    closed(err),
  ]).then(([exit]) => exit);

  const waitFor = (stream: 'stdout' | 'stderr') => (pattern: RegExp) => {
    const seen = lines[stream].find((line) => pattern.test(line));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      waiters[stream].push({ pattern, resolve });
      void exited.then((exit) =>
        reject(
          new Error(
            `domainctl exited (${exit.code ?? exit.signal}) before printing ${pattern} on ${stream}; stderr:\n${stderr.join('\n')}`,
          ),
        ),
      );
    });
  };
  return {
    child,
    stdout,
    stderr,
    waitForStdout: waitFor('stdout'),
    waitForStderr: waitFor('stderr'),
    exited,
  };
}

export interface ServeProcess extends CliProcess {
  /** The address from the startup line, e.g. http://127.0.0.1:43117 */
  url: string;
  /** The startup line itself. */
  startLine: string;
  /** The --db it was given (in the postgres test project, the database standing for the one asked). */
  db: string | undefined;
}

// The start line, plain or (with --log-format json) as the message of a JSON object.
const LISTENING = /^(?:\{.*"msg":")?domainctl serve listening on (http:\/\/[^\s"]+)/;

/**
 * Starts `domainctl serve <args>` and resolves once it prints the address it listens on. The
 * `--db` value is mapped as startTestServer maps it: in the postgres test project, ":memory:"
 * is a fresh PostgreSQL database (dropped when the process has exited) and a file path is the
 * database that stands for that path.
 */
export async function spawnServe(
  args: string[],
  options: SpawnOptions = {},
): Promise<ServeProcess> {
  const at = args.indexOf('--db');
  const asked = at >= 0 ? args[at + 1] : undefined;
  const { db, fresh } =
    asked === undefined ? { db: undefined, fresh: false } : await testDatabase(asked);
  const mapped = [...args];
  if (db !== undefined) mapped[at + 1] = db;
  const cli = spawnCli(['serve', ...mapped], options);
  // Dropped once the process is gone; a drop that fails leaves it to the cluster's removal.
  if (fresh && db) void cli.exited.then(() => dropDatabase(db)).catch(() => {});
  try {
    const startLine = await cli.waitForStdout(LISTENING);
    const url = LISTENING.exec(startLine)?.[1] as string;
    return { ...cli, url, startLine, db };
  } catch (error) {
    cli.child.kill('SIGKILL');
    throw error;
  }
}
