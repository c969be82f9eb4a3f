import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { BIN, type CliResult, cliEnv, type RunOptions } from './cli.js';

const PEAK_RSS = fileURLToPath(new URL('./peak-rss.mjs', import.meta.url));

export interface MeasuredResult extends CliResult {
  /** The peak resident set size of the bin's process, in MB (1,000,000 bytes). */
  peakRssMb: number;
  /** From the spawn to the exit, in ms. */
  elapsedMs: number;
}

export interface MeasuredOptions extends RunOptions {
  /**
   * Read stdout as a slow reader would (`| slow-program`): one read of what the pipe holds (at
   * most 64 KiB) every `everyMs`, for `forMs`; then stdout is closed, as a reader that is done
   * closes it.
   */
  slowReader?: { everyMs: number; forMs: number };
  /**
   * Piped to the bin's stdin instead of `input`, as `producer | domainctl` would: for inputs too
   * large to hold as one string. It is destroyed once the bin closes its stdin.
   */
  stdin?: Readable;
}

/**
 * Runs the built bin as runCli does, and measures it: how long it ran and the most memory it
 * ever held (peak-rss.mjs reports the kernel's high-water mark as the process exits).
 */
export function runMeasured(
  args: readonly string[],
  options: MeasuredOptions = {},
): Promise<MeasuredResult> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', PEAK_RSS, BIN, ...args], {
      env: cliEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const rss: Buffer[] = [];
    const report = child.stdio[3] as NodeJS.ReadableStream;
    report.on('data', (chunk: Buffer) => rss.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    let reading: NodeJS.Timeout | undefined;
    if (options.slowReader) {
      const { everyMs, forMs } = options.slowReader;
      const until = performance.now() + forMs;
      child.stdout.pause();
      reading = setInterval(() => {
        if (performance.now() >= until) {
          clearInterval(reading);
          child.stdout.destroy();
          return;
        }
        const chunk = child.stdout.read() as Buffer | null;
        if (chunk) stdout.push(chunk);
      }, everyMs);
    } else {
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `domainctl ${args.join(' ')} did not finish within ${timeoutMs} ms\nstderr: ${Buffer.concat(stderr)}`,
        ),
      );
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      clearInterval(reading);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      clearInterval(reading);
      const kib = Number(Buffer.concat(rss).toString().trim());
      resolve({
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        code,
        peakRssMb: Math.round((kib * 1024) / 1e6),
        elapsedMs: performance.now() - started,
      });
    });
    child.stdin.on('error', () => {});
    if (options.stdin) {
      const source = options.stdin;
      child.stdin.on('close', () => source.destroy());
      source.pipe(child.stdin);
    } else {
      child.stdin.end(options.input ?? '');
    }
  });
}
