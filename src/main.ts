import { pairArgOptions } from './commands/jq-options.js';
import { ExitCode } from './core/exit-codes.js';
import { describeFailure, type Failure } from './core/failure.js';
import { type Io, processIo, withIo } from './core/io.js';
import { visible, visibleText } from './core/sanitize.js';
import { createProgram } from './program.js';

/** How a run ended: its exit code, and whether the process must end at once (a signal). */
export interface RunEnd {
  exitCode: number;
  immediate: boolean;
}

/**
 * Runs one command line with the streams and environment it is given (the process's own in the
 * bin; a test's, when it runs a command in its own process). The one place that decides how the
 * run ends: every exit code and every last line on stderr, for the commands and the UI alike,
 * comes from here (describeFailure says which). It never ends the process itself: the bin does,
 * with what this returns. Stack traces are shown only with --debug.
 */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<RunEnd> {
  return withIo(io, async () => {
    const program = createProgram(io);
    let debug = false;
    program.hook('preAction', (_program, action) => {
      debug = action.optsWithGlobals().debug === true;
    });
    try {
      await program.parseAsync(pairArgOptions(argv));
      return { exitCode: ExitCode.ok, immediate: false };
    } catch (error) {
      const { text, exitCode, immediate } = ending(error, debug);
      io.stderr.write(text);
      return { exitCode, immediate };
    }
  });
}

/** How main() ends a run that failed: what it writes on stderr, the exit code, and whether now. */
export interface Ending {
  text: string;
  exitCode: number;
  /** A signal: end the process at once, not once a request in flight is done. */
  immediate: boolean;
}

/** The ending for an error; a stack trace only for a bug, and only with --debug. */
export function ending(error: unknown, debug: boolean): Ending {
  const failure: Failure = commanderFailure(error) ?? describeFailure(error);
  const lines: string[] = [];
  // The line may quote the API, the config file or the environment: shown, never obeyed.
  if (failure.line !== undefined) lines.push(visible(failure.line));
  // Our own words, though advice may quote a profile name: shown, never obeyed, line by line.
  if (failure.hint !== undefined) lines.push(...failure.hint.split('\n').map(visible));
  if (debug && failure.unexpected && error instanceof Error && error.stack) {
    lines.push(visibleText(error.stack));
  }
  return {
    text: lines.map((line) => `${line}\n`).join(''),
    exitCode: failure.exitCode,
    immediate: failure.immediate === true,
  };
}

const HELP_HINT = '(run with --help for usage)';

/**
 * Commander's own ends: --help and --version (0), a group's help shown for a missing subcommand
 * (2; the help is on stderr already), or a parse error (2), said with our prefix and a hint.
 */
function commanderFailure(error: unknown): Failure | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, exitCode } = error as Error & { code?: unknown; exitCode?: number };
  if (typeof code !== 'string' || !code.startsWith('commander.')) return undefined;
  if (exitCode === 0) return { exitCode: ExitCode.ok };
  if (code === 'commander.help') return { exitCode: ExitCode.usage };
  // Commander puts its suggestion on a line of its own: `…'lst'\n(Did you mean list?)`; each
  // line is written as a line.
  const [reason = '', ...more] = error.message.replace(/^error: /, '').split('\n');
  return {
    exitCode: ExitCode.usage,
    line: `domainctl: ${reason}`,
    hint: [...more, HELP_HINT].join('\n'),
  };
}
