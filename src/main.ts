import { pairArgOptions } from './commands/jq-options.js';
import { ExitCode } from './core/exit-codes.js';
import { describeFailure, type Failure } from './core/failure.js';
import { visible, visibleText } from './core/sanitize.js';
import { createProgram } from './program.js';

/**
 * Runs one command line. The one place that decides how the run ends: every exit code and every
 * last line on stderr, for the commands and the UI alike, comes from here (describeFailure says
 * which), and so does every process.exit. Stack traces are shown only with --debug.
 */
export async function main(argv: readonly string[]): Promise<void> {
  // Help and errors are written before any action runs: `domainctl domains --help | head` too.
  process.stdout.on('error', stopWhenStdoutCloses);
  process.stderr.on('error', ignoreWhenStderrCloses);
  const program = createProgram();
  let debug = false;
  program.hook('preAction', (_program, action) => {
    debug = action.optsWithGlobals().debug === true;
  });
  try {
    await program.parseAsync(pairArgOptions(argv));
  } catch (error) {
    end(ending(error, debug));
  }
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

function end({ text, exitCode, immediate }: Ending): void {
  process.stderr.write(text);
  if (immediate) process.exit(exitCode);
  process.exitCode = exitCode;
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

/**
 * `domainctl … | head -1`: once the reader is gone, writing more raises EPIPE, which Node turns
 * into an uncaught exception with a stack trace. The reader asked for no more, so stop quietly,
 * with the exit code the run has so far.
 */
function stopWhenStdoutCloses(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? ExitCode.ok);
  throw error;
}

/**
 * `domainctl … 2>&1 | head -1`, or a cron job whose stderr is closed: nobody reads the messages,
 * but the data on stdout and the exit code still matter, so the run goes on and ends as it would
 * have. Unhandled, the EPIPE would end it with Node's exit code 1, which means an HTTP error here.
 */
function ignoreWhenStderrCloses(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') throw error;
}
