import { createRequire } from 'node:module';
import type jqWebPromise from 'jq-web';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';

// jq itself, compiled to WebAssembly (jq-web, jq 1.7.1). This module is loaded only when a
// command is given --jq (commands/jq-output.ts imports it dynamically) or the raw-request screen
// filters an answer, so no other run pays for the 2.7 MB of WebAssembly. It is in core so that
// both faces run the very same jq. jq-wasm was looked at first: it feeds the input to jq a byte at a time,
// copying what is left for every byte (a 400 KB list took 13 s, where jq-web takes 25 ms), and
// trims the output's white space.

/**
 * jq-web's export, through require: it is a CommonJS module whose export is a promise, which an
 * ESM default import hands over as the promise only where the loader unwraps CommonJS as Node
 * does (the bundle); a test runner's loader hands over a module object instead.
 */
function loadJq(): typeof jqWebPromise {
  return createRequire(import.meta.url)('jq-web') as typeof jqWebPromise;
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
 * Runs jq, catching what it would say with console.warn (the `debug` and `stderr` builtins): the
 * caller prints those, made visible, on stderr.
 */
async function run(json: string, filter: string, flags: string[]): Promise<JqResult> {
  const jq = await loadJq();
  const messages: string[] = [];
  const warn = console.warn;
  // jq-web hands what jq wrote on stderr, when it exits 0, to console.warn('%cstderr%c: %c%s', …).
  console.warn = (...parts: unknown[]) => messages.push(String(parts.at(-1)));
  try {
    return { output: jq.raw(json, filter, flags), messages };
  } finally {
    console.warn = warn;
  }
}

/**
 * Compiles the expression without running it (`empty | …` never evaluates the rest), so an
 * invalid one is a usage error before anything is sent: exit code 2 with jq's message.
 */
export async function checkJq(program: JqProgram): Promise<void> {
  try {
    await run('null', `empty | ${expressionOf(program)}`, argFlags(program));
  } catch (error) {
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
export async function runJq(json: string, program: JqProgram, compact: boolean): Promise<JqResult> {
  const flags = ['-r', '-M', ...(compact ? ['-c'] : []), ...argFlags(program)];
  try {
    return await run(json, expressionOf(program), flags);
  } catch (error) {
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
 * (runJq, indented): an invalid expression or an error at run time is jq's message, not a
 * thrown error, since nothing ends.
 */
export async function tryJq(json: string, expression: string): Promise<JqOutcome> {
  const program: JqProgram = { expression, args: [] };
  try {
    await checkJq(program);
    const { output, messages } = await runJq(json, program, false);
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
