import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import type jqWebPromise from 'jq-web';

// jq in a thread of its own: jq-engine.ts starts this file (dist/core-jq-worker.js, an entry of
// its own in scripts/build.mjs) as a worker and hands it one run at a time. jq runs synchronously
// to its end, however long that is (`def f: f; f` never ends, `[range(1e9)]` fills the memory):
// on the main thread it froze the process, signals and the UI's quit included. Here the main
// thread stays free to end it: a deadline, the UI's quit or a memory bound terminate the worker.

/** One run of jq, as the engine sends it. */
export interface JqRequest {
  json: string;
  filter: string;
  flags: string[];
  /** How much jq's WebAssembly heap may grow during the run. */
  maxGrowthBytes: number;
}

/**
 * What the worker says: that jq is loaded (once, first), then for each run jq's stdout and
 * `debug`/`stderr` messages, or how it failed (`outOfMemory`: it was refused memory past the
 * run's bound, and jq, which aborts then, cannot run again in this worker).
 */
export type JqReply =
  | { kind: 'ready' }
  | { kind: 'done'; output: string | undefined; messages: string[] }
  | {
      kind: 'failed';
      exitCode?: number;
      stderr?: string;
      message: string;
      outOfMemory: boolean;
    };

const WASM_PAGE_BYTES = 65_536;

/** The run in progress: its memory bound, the heap's size when it first grew, and a refusal. */
const growth: { limit: number; base?: number; refused: boolean } = {
  limit: Number.POSITIVE_INFINITY,
  refused: false,
};

/**
 * jq asks for memory by growing its WebAssembly memory (jq-web's Emscripten heap, up to 2 GB),
 * and one request can be a single instruction that fills a gigabyte (`"x" * 1e9` zeroes its
 * string first): the engine's check of the process's memory, from outside, comes too late, and
 * terminating the worker waits for that instruction to end. So the growth itself is bounded:
 * past the run's bound, grow() throws as it does at the memory's maximum, the allocation fails
 * and jq stops with "cannot allocate memory". This thread runs nothing but jq, so no other
 * memory is concerned.
 */
// The WebAssembly global as far as this needs it: Node's types leave out its JavaScript API.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(delta: number): number;
}
const { Memory } = (globalThis as unknown as { WebAssembly: { Memory: { prototype: WasmMemory } } })
  .WebAssembly;
const grow = Memory.prototype.grow;
Memory.prototype.grow = function boundedGrow(this: WasmMemory, delta: number): number {
  const size = this.buffer.byteLength;
  const base = (growth.base ??= size);
  if (size + delta * WASM_PAGE_BYTES - base > growth.limit) {
    growth.refused = true;
    throw new RangeError('WebAssembly.Memory.grow(): past the jq run memory bound');
  }
  return grow.call(this, delta);
};

// Emscripten writes its own notices with console.error and console.log, bound as jq-web loads
// ("Aborted()" when jq runs out of the memory it may have): they are not jq's output, and a
// worker's console reaches the process's stderr. What jq itself says reaches runOnce.
console.error = () => {};
console.log = () => {};

/**
 * jq-web's export, through require: it is a CommonJS module whose export is a promise (see
 * jq-engine.ts). It sits beside its WebAssembly in node_modules, which is where it is required
 * from (the bundle leaves it out, scripts/build.mjs).
 */
const jq = createRequire(import.meta.url)('jq-web') as typeof jqWebPromise;

/**
 * Runs jq, catching what it would say with console.warn (the `debug` and `stderr` builtins): the
 * caller prints those, made visible, on stderr.
 */
async function runOnce({ json, filter, flags, maxGrowthBytes }: JqRequest): Promise<JqReply> {
  const messages: string[] = [];
  // jq-web hands what jq wrote on stderr, when it exits 0, to console.warn('%cstderr%c: %c%s', …).
  console.warn = (...parts: unknown[]) => messages.push(String(parts.at(-1)));
  Object.assign(growth, { limit: maxGrowthBytes, base: undefined, refused: false });
  try {
    return { kind: 'done', output: (await jq).raw(json, filter, flags), messages };
  } catch (error) {
    const { exitCode, stderr, message } = error as {
      exitCode?: number;
      stderr?: string;
      message?: string;
    };
    return {
      kind: 'failed',
      exitCode,
      stderr,
      message: message ?? String(error),
      outOfMemory: growth.refused,
    };
  }
}

parentPort?.on('message', (request: JqRequest) => {
  void runOnce(request).then((reply) => parentPort?.postMessage(reply));
});
// The engine measures a run's memory from here: loading jq (its WebAssembly compiled, its heap
// made) is the worker's cost, not the expression's.
void jq.then(() => parentPort?.postMessage({ kind: 'ready' } satisfies JqReply));
