import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
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
  /**
   * The run is given up after this long, and the promise rejects saying so: a spawned bin is
   * killed; a run in this process cannot be, and is left to end by itself.
   */
  timeoutMs?: number;
  /** Close stdout at once, as `| head -0` would; the bin's writes then fail with EPIPE (a process only). */
  closeStdout?: boolean;
  /** Close stderr at once, as a closed or gone reader of `2>&1 | head` leaves it. */
  closeStderr?: boolean;
}

const made: string[] = [];
/** The folder of binOnPath(), once made. */
let shimDir: string | undefined;

/** A fresh, empty directory for DOMAINCTL_CONFIG_DIR; removed by removeTempDirs(). */
export function tempConfigDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-test-'));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  shimDir = undefined;
}

/**
 * Runs `domainctl …` the way a script would, in this process: main() with streams of its own (no
 * terminal), a clean environment (no CI, no DOMAINCTL_* from the developer's shell, NO_COLOR=1)
 * and, unless the test names one, a fresh config directory, so no run can see another's
 * profiles. Exact stdout, stderr and exit code, as a spawned bin gives them; where the process
 * itself is the point (signals, a closed pipe, the bundle, Node's own variables), runBin. Options
 * only a process can honour (NODE_* or TZ in `env`, `closeStdout`, `closeStderr`) make it run the
 * bin instead,
 * as runCli always did before main() took its io.
 */
export async function runCli(
  args: readonly string[],
  options: RunOptions = {},
): Promise<CliResult> {
  const { stdout, stderr, code } = await runCliBytes(args, options);
  return { stdout: stdout.toString('utf8'), stderr: stderr.toString('utf8'), code };
}

/** runCli across a process boundary: the built bin (`node bin/domainctl.js`) in a process of its own. */
export async function runBin(
  args: readonly string[],
  options: RunOptions = {},
): Promise<CliResult> {
  const { stdout, stderr, code } = await runBinBytes(args, options);
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

/** runCli, with stdout and stderr as the raw bytes the run wrote (what a terminal would get). */
export async function runCliBytes(
  args: readonly string[],
  options: RunOptions = {},
): Promise<CliBytes> {
  if (needsProcess(options)) return runBinBytes(args, options);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = Readable.from(options.input === undefined ? [] : [Buffer.from(options.input)]);
  const env = cliEnv(options.env);
  // Loaded on first use: a file that only spawns never pays for the program's modules.
  const { main } = await import('../../src/main.js');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new Error(
          `domainctl ${args.join(' ')} did not finish within ${timeoutMs} ms\nstdout: ${stdout.bytes()}\nstderr: ${stderr.bytes()}`,
        ),
      );
    }, timeoutMs);
  });
  try {
    const { exitCode } = await Promise.race([
      main([process.execPath, BIN, ...args], { stdin, stdout, stderr, env }),
      timedOut,
    ]);
    return { stdout: stdout.bytes(), stderr: stderr.bytes(), code: exitCode };
  } finally {
    clearTimeout(timer);
  }
}

/** What a pipe would have taken in: every chunk written, kept as bytes. */
class Capture extends Writable {
  private readonly chunks: Buffer[] = [];

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(Buffer.from(chunk));
    done();
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/**
 * What only a process of its own can honour: Node's variables (NODE_OPTIONS, the compile cache,
 * NODE_EXTRA_CA_CERTS), the time zone, and a stdout or stderr closed under it.
 */
function needsProcess(options: RunOptions): boolean {
  const named = Object.keys(options.env ?? {}).filter((name) => /^NODE_|^TZ$/.test(name));
  return named.length > 0 || options.closeStdout === true || options.closeStderr === true;
}

/** runBin, with stdout and stderr as the raw bytes the bin wrote. */
export function runBinBytes(args: readonly string[], options: RunOptions = {}): Promise<CliBytes> {
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

/** A folder holding a `domainctl` that runs the built bin, as `npm install -g` would put it. */
export function binOnPath(): string {
  if (shimDir) return shimDir;
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-bin-'));
  const shim = join(dir, 'domainctl');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(shim, 0o755);
  made.push(dir);
  shimDir = dir;
  return dir;
}

/**
 * Runs one line in `sh`, as a person pastes it into a shell: `domainctl` on PATH (the built bin),
 * the clean environment of runCli with `options.env` applied, stdin closed.
 */
export async function runShell(line: string, options: RunOptions = {}): Promise<CliResult> {
  const env = cliEnv(options.env);
  env.PATH = `${binOnPath()}:${env.PATH ?? ''}`;
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', line], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${line} did not finish within 15 s\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code });
    });
  });
}
