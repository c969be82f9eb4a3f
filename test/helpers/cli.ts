import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/domainctl.js', import.meta.url));

export interface CliResult {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** A run's output as the bytes it wrote, before any decoding. */
export interface CliBytes {
  stdout: Buffer;
  stderr: Buffer;
  code: number | null;
}

export interface RunOptions {
  /** Added to a clean environment; undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed; stdin is closed at once without it. */
  input?: string;
  /** The process is killed after this long (and the promise rejects saying so). */
  timeoutMs?: number;
  /** Close stdout at once, as `| head -0` would: the bin's writes then fail with EPIPE. */
  closeStdout?: boolean;
  /** Close stderr at once, as a closed or gone reader of `2>&1 | head` leaves it. */
  closeStderr?: boolean;
}

const made: string[] = [];

/** A fresh, empty directory for DOMAINCTL_CONFIG_DIR; removed by removeTempDirs(). */
export function tempConfigDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-test-'));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Runs the built bin (`node bin/domainctl.js …`) the way a script would: no terminal, a clean
 * environment (no CI, no DOMAINCTL_* from the developer's shell, NO_COLOR=1, TZ=UTC) and, unless
 * the test names one, a fresh config directory, so no run can see another's profiles.
 */
export async function runCli(
  args: readonly string[],
  options: RunOptions = {},
): Promise<CliResult> {
  const { stdout, stderr, code } = await runCliBytes(args, options);
  return { stdout: stdout.toString('utf8'), stderr: stderr.toString('utf8'), code };
}

/**
 * The clean environment of a run of the bin (no CI, no DOMAINCTL_* from the developer's shell,
 * NO_COLOR=1, TZ=UTC, a fresh config directory), with `changes` applied.
 */
export function cliEnv(changes: RunOptions['env'] = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: tempConfigDir(),
    TZ: 'UTC',
    NO_COLOR: '1',
    DOMAINCTL_CONFIG_DIR: tempConfigDir(),
  };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** runCli, with stdout and stderr as the raw bytes the bin wrote (what a terminal would get). */
export function runCliBytes(args: readonly string[], options: RunOptions = {}): Promise<CliBytes> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const env = cliEnv(options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    if (options.closeStdout) child.stdout.destroy();
    if (options.closeStderr) child.stderr.destroy();
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `domainctl ${args.join(' ')} did not finish within ${timeoutMs} ms\nstdout: ${Buffer.concat(stdout)}\nstderr: ${Buffer.concat(stderr)}`,
        ),
      );
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr), code });
    });
    // A closed stdin (EPIPE) is not the test's concern: the child may exit before reading it.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}
