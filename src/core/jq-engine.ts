import { Worker } from 'node:worker_threads';
import { formatByteSize } from './byte-size.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import type { JqReply, JqRequest } from './jq-worker.js';
import { duration } from './wait-for-stage.js';

// jq itself, compiled to WebAssembly (jq-web, jq 1.7.1). This module is loaded only when a
// command is given --jq (commands/jq-output.ts imports it dynamically) or the raw-request screen
// filters an answer, so no other run pays for the 2.7 MB of WebAssembly. It is in core so that
// both faces run the very same jq. jq-wasm was looked at first: it feeds the input to jq a byte at a time,
// copying what is left for every byte (a 400 KB list took 13 s, where jq-web takes 25 ms), and
// trims the output's white space.
//
// jq runs in a worker thread (jq-worker.ts), never on the main thread: an expression can run
// for ever (`def f: f; f`) or fill the memory (`[range(1e9)]`, `"x" * 1e9`, `repeat(1)`), and on
// the main thread nothing could stop it: not --timeout, not the UI's q, not SIGTERM. Here the
// main thread ends the worker when the command's deadline or the caller's signal aborts, when
// the run passes JQ_TIME_LIMIT_MS (without a deadline), and when the process grows past the run's
// memory bound (below) while it runs; the worker itself refuses jq's WebAssembly heap any growth
// past that bound (jq-worker.ts).

/**
 * The most memory a jq run may add to the process (its WebAssembly heap, its output): this much,
 * plus JQ_MEMORY_PER_INPUT_BYTE times the document it reads, and never more than
 * JQ_MAX_MEMORY_BYTES. jq-web is greedy: it holds a document as 7-20 times its text, and collects
 * the output as a JavaScript array of numbers, one a byte, so `.` over a 5.6 MB list of domains
 * took 319 MB. A runaway expression over an answer of the usual size stops within ~100 MB, and a
 * large answer still gets what filtering it needs, up to the cap.
 */
export const JQ_BASE_MEMORY_BYTES = 64 * 1024 ** 2;
export const JQ_MEMORY_PER_INPUT_BYTE = 64;
export const JQ_MAX_MEMORY_BYTES = 1024 ** 3;

/** How long a jq run may take when the caller gives no deadline of its own (--timeout). */
export const JQ_TIME_LIMIT_MS = 30_000;

/** How often a run's memory is looked at: the fastest runaway seen grew ~0.5 GB a second. */
const MEMORY_CHECK_MS = 20;

/** A worker that grew by more than this in a run is ended after it: its heap never shrinks. */
const KEEP_WORKER_GROWTH_BYTES = 64 * 1024 ** 2;

/**
 * The worker's bundle: in dist/ beside this module's. From the sources (the tests' in-process
 * runs of main()) it is the same bundle, which the tests' global setup builds: Node runs no
 * TypeScript in a worker.
 */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/core-jq-worker.js', import.meta.url)
  : new URL('./core-jq-worker.js', import.meta.url);

/** A worker and whether it has said jq is loaded. */
interface JqWorker {
  thread: Worker;
  ready: boolean;
}

/** A worker that has jq loaded and nothing to do; kept (unref'd) for the next run. */
let idle: JqWorker | undefined;

function takeWorker(): JqWorker {
  const worker = idle ?? startWorker();
  idle = undefined;
  worker.thread.ref();
  return worker;
}

function startWorker(): JqWorker {
  const thread = new Worker(WORKER_URL, {
    // V8's own bound on the worker's heap (jq-web collects the output there, a number a byte), the
    // largest bound a run can have: past it the worker alone ends, with
    // ERR_WORKER_OUT_OF_MEMORY. jq's WebAssembly heap is not V8's: run()'s memory check bounds
    // both, by the process's resident memory.
    resourceLimits: {
      maxOldGenerationSizeMb: JQ_MAX_MEMORY_BYTES / 1024 ** 2,
    },
    stdout: false,
    stderr: false,
  });
  const worker: JqWorker = { thread, ready: false };
  thread.on('message', (reply: JqReply) => {
    if (reply.kind === 'ready') worker.ready = true;
  });
  // An idle worker that fails is dropped; a run's own listeners report a failure during a run.
  thread.on('error', () => {
    if (idle === worker) idle = undefined;
  });
  return worker;
}

/** A worker back from a run that ended well: kept for the next one, never holding the process. */
function release(worker: JqWorker, grewBy: number): void {
  worker.thread.unref();
  if (idle || grewBy > KEEP_WORKER_GROWTH_BYTES) void worker.thread.terminate();
  else idle = worker;
}

/**
 * What the process holds outside this thread's own heap: its resident memory less the main
 * isolate's heap and external buffers. The worker's heaps (jq's WebAssembly memory, its output)
 * are in it; what the main thread allocates meanwhile (the UI drawing, a page arriving) is not,
 * so it cannot end a run that stayed within its bound.
 */
function jqFootprint(): number {
  const { rss, heapTotal, external } = process.memoryUsage();
  return rss - heapTotal - external;
}

/** The memory bound of a run over `inputBytes` of JSON. */
function memoryBound(inputBytes: number): number {
  return Math.min(
    JQ_MAX_MEMORY_BYTES,
    JQ_BASE_MEMORY_BYTES + JQ_MEMORY_PER_INPUT_BYTE * inputBytes,
  );
}

/** What bounds one run: the caller's signal (a deadline's, the UI's) and a time limit. */
export interface JqLimits {
  /** Ends the run; a deadline's (reason DeadlineExceeded) ends it as a timeout (exit code 3). */
  signal?: AbortSignal;
  /** The run's own time limit, in ms: JQ_TIME_LIMIT_MS when neither this nor `signal` is given. */
  timeoutMs?: number;
}

const stopped = {
  memory: (bytes: number) =>
    new CliError(
      `--jq: the expression needed more than ${formatByteSize(bytes)} of memory, the most domainctl gives jq over this document; it was stopped`,
      ExitCode.apiError,
    ),
  time: (ms: number) =>
    new CliError(
      `--jq: the expression ran for ${duration(ms)}, the most domainctl gives jq; it was stopped`,
      ExitCode.network,
    ),
  deadline: (ms: number) =>
    new CliError(
      `--jq: the expression had not finished when the command's time ran out (--timeout ${duration(ms)}); it was stopped`,
      ExitCode.network,
    ),
};

/**
 * Why a run was ended by its signal: a deadline's end (client/deadline.ts's DeadlineExceeded,
 * known by its name as every error crossing bundles is) is a timeout, anything else its own
 * reason (the UI's quit, a newer filter).
 */
function abortError(reason: unknown): unknown {
  const { name, ms } = (reason ?? {}) as { name?: unknown; ms?: unknown };
  return name === 'DeadlineExceeded' && typeof ms === 'number' ? stopped.deadline(ms) : reason;
}

/**
 * Runs `jq <flags> <filter>` over the JSON text in a worker, within `limits` and the memory
 * bound. jq's own failure (a compile error, an error at run time) rejects with an Error carrying
 * jq's `exitCode` and `stderr`, as jq-web throws it.
 */
function run(json: string, filter: string, flags: string[], limits: JqLimits): Promise<JqResult> {
  const { signal } = limits;
  if (signal?.aborted) return Promise.reject(abortError(signal.reason));
  const timeoutMs = limits.timeoutMs ?? (signal ? undefined : JQ_TIME_LIMIT_MS);
  const bound = memoryBound(Buffer.byteLength(json));
  const worker = takeWorker();
  const { thread } = worker;
  return new Promise<JqResult>((resolve, reject) => {
    let startRss = 0;
    let memoryCheck: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (then: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(memoryCheck);
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      then();
    };
    const stop = (error: unknown) =>
      finish(() => {
        void thread.terminate();
        reject(error);
      });
    const send = () => {
      startRss = jqFootprint();
      memoryCheck = setInterval(() => {
        if (jqFootprint() - startRss > bound) stop(stopped.memory(bound));
      }, MEMORY_CHECK_MS);
      thread.postMessage({ json, filter, flags, maxGrowthBytes: bound } satisfies JqRequest);
    };
    const onMessage = (reply: JqReply) => {
      if (reply.kind === 'ready') return send();
      if (reply.kind === 'failed' && reply.outOfMemory) return stop(stopped.memory(bound));
      const grewBy = jqFootprint() - startRss;
      finish(() => {
        release(worker, grewBy);
        if (reply.kind === 'done') resolve({ output: reply.output, messages: reply.messages });
        else {
          const { message, exitCode, stderr } = reply;
          reject(Object.assign(new Error(message), { exitCode, stderr }));
        }
      });
    };
    const onAbort = () => stop(abortError(signal?.reason));
    const onError = (error: Error & { code?: string }) =>
      stop(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? stopped.memory(bound) : error);
    const onExit = (code: number) => stop(new Error(`jq's worker ended with exit code ${code}`));
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => stop(stopped.time(timeoutMs)), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    // A worker kept from an earlier run has jq loaded; a new one says when it has.
    if (worker.ready) send();
  });
}

/** A --jq expression and its --arg values, as jq takes them. */
export interface JqProgram {
  expression: string;
  args: readonly (readonly [name: string, value: string])[];
}

/** What one run of jq printed: stdout (undefined when nothing), and `debug`/`stderr` messages. */
export interface JqResult {
  output: string | undefined;
  messages: string[];
}

interface JqFailure {
  exitCode?: number;
  stderr?: string;
  message?: string;
}

/** jq's error lines as one line; the program text it echoes after a compile error is left out. */
function jqMessage(failure: JqFailure): string {
  const text = failure.stderr ?? failure.message ?? 'jq failed';
  const errors = text
    .split('\n')
    .filter((line) => line.startsWith('jq: error'))
    .map((line) => line.replace(/:$/, '').replace('(at inputString:', '(at <stdin>:'));
  return errors.length > 0 ? errors.join('; ') : text.split('\n')[0] || 'jq failed';
}

const argFlags = (program: JqProgram) => program.args.flatMap(([n, v]) => ['--arg', n, v]);

// jq reads an empty program as `.`.
const expressionOf = (program: JqProgram) => program.expression.trim() || '.';

/**
 * Compiles the expression without running it (`empty | …` never evaluates the rest), so an
 * invalid one is a usage error before anything is sent: exit code 2 with jq's message.
 */
export async function checkJq(program: JqProgram, limits: JqLimits = {}): Promise<void> {
  try {
    await run('null', `empty | ${expressionOf(program)}`, argFlags(program), limits);
  } catch (error) {
    // Stopped by a bound: said as it is.
    if (error instanceof CliError) throw error;
    const failure = error as JqFailure;
    if (failure.exitCode === 3) {
      throw new CliError(`invalid --jq expression: ${jqMessage(failure)}`, ExitCode.usage);
    }
    throw error;
  }
}

/**
 * Runs the expression over one JSON document as `jq -r` does: strings raw, other values as JSON
 * (indented, or one line each when `compact`). An error at run time (`error`, indexing a string,
 * `halt_error`) ends the command with exit code 1 and jq's message.
 */
export async function runJq(
  json: string,
  program: JqProgram,
  compact: boolean,
  limits: JqLimits = {},
): Promise<JqResult> {
  const flags = ['-r', '-M', ...(compact ? ['-c'] : []), ...argFlags(program)];
  try {
    return await run(json, expressionOf(program), flags, limits);
  } catch (error) {
    if (error instanceof CliError) throw error;
    const failure = error as JqFailure;
    if (failure.exitCode === undefined) throw error;
    throw new CliError(`--jq: ${jqMessage(failure)}`, ExitCode.apiError);
  }
}

/** What a screen shows after filtering: jq's output, or why there is none. */
export type JqOutcome =
  { ok: true; output: string; messages: string[] } | { ok: false; message: string };

/**
 * The expression over one JSON document for a screen, printed exactly as `--jq` prints it
 * (runJq, indented): an invalid expression, an error at run time or a bound jq ran into is a
 * message, not a thrown error, since nothing ends. `signal` ends the run (a newer filter, the
 * screen left, the UI's quit), rejecting with its reason.
 */
export async function tryJq(
  json: string,
  expression: string,
  signal?: AbortSignal,
): Promise<JqOutcome> {
  const program: JqProgram = { expression, args: [] };
  // The screen's own time limit, as a command without --timeout has it; the signal ends it sooner.
  const limits: JqLimits = { signal, timeoutMs: JQ_TIME_LIMIT_MS };
  try {
    await checkJq(program, limits);
    const { output, messages } = await runJq(json, program, false, limits);
    return { ok: true, output: output ?? '', messages };
  } catch (error) {
    if (error instanceof CliError) {
      // The options' names mean nothing on a screen: `invalid expression: jq: error: …`.
      return {
        ok: false,
        message: error.message
          .replace(/^invalid --jq expression: /, 'invalid expression: ')
          .replace(/^--jq: /, ''),
      };
    }
    throw error;
  }
}
