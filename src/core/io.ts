import { AsyncLocalStorage } from 'node:async_hooks';

/** A stream as the commands use it: written to, and asked whether it is a terminal. */
export type OutStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
export type InStream = NodeJS.ReadableStream & { isTTY?: boolean };

/**
 * What one run of domainctl reads and writes: the bin gives main() the process's own; a test
 * gives it streams it reads back and an environment of its own, and runs the command in its
 * process.
 */
export interface Io {
  stdin: InStream;
  stdout: OutStream;
  stderr: OutStream;
  env: NodeJS.ProcessEnv;
}

export function processIo(): Io {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  };
}

// One store for the whole process: the build keeps this module one module a process, whichever
// bundles read it (scripts/build.mjs, SHARED), so every bundle sees the io main() was given.
const store = new AsyncLocalStorage<Io>();

/**
 * The io of the run in progress, else the process's own. Everything main() reaches (an action,
 * the code it awaits, timers it sets) is inside the run; so a writer or a reader of the
 * environment need not be handed the io through every call.
 */
export function currentIo(): Io {
  return store.getStore() ?? processIo();
}

/** Runs `run` with `io` as the current io, for everything it calls and awaits. */
export function withIo<T>(io: Io, run: () => T): T {
  return store.run(io, run);
}
