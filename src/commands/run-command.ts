import type { Command } from 'commander';
import {
  ApiError,
  InvalidResponseError,
  MissingCredentialsError,
  NetworkError,
  PagingError,
  RequestInputError,
} from '../client/errors.js';
import { ConfigError } from '../config/errors.js';
import { visible } from '../core/sanitize.js';
import { CliError, ExitCode } from './exit-codes.js';

/** Exit code for a bug: EX_SOFTWARE, as cli.ts uses for anything no command caught. */
export const UNEXPECTED_EXIT = 70;

/**
 * The one place an error becomes an exit code and a line on stderr, shared by every command:
 * HTTP errors 1 (`HTTP <status> <code>: <message>`), a list whose paging never ends 1, usage and
 * input 2, network 3, missing credentials 4, a success answer that was not understood 6. Never a
 * stack trace, except for a bug with --debug.
 */
export function describeError(error: unknown): { exitCode: number; line: string } {
  if (error instanceof ApiError) return { exitCode: ExitCode.apiError, line: error.summary() };
  if (error instanceof PagingError) {
    return { exitCode: ExitCode.apiError, line: `domainctl: ${error.message}` };
  }
  if (error instanceof InvalidResponseError) {
    // Every command prints that body on stdout (domains-actions' printErrorBody).
    return {
      exitCode: ExitCode.badAnswer,
      line: `domainctl: ${error.message}; the answer as it came is on stdout`,
    };
  }
  if (error instanceof CliError)
    return { exitCode: error.exitCode, line: `domainctl: ${error.message}` };
  if (error instanceof RequestInputError || error instanceof ConfigError) {
    return { exitCode: ExitCode.usage, line: `domainctl: ${error.message}` };
  }
  if (error instanceof NetworkError) {
    return { exitCode: ExitCode.network, line: `domainctl: ${error.message}` };
  }
  if (error instanceof MissingCredentialsError) {
    return { exitCode: ExitCode.noCredentials, line: `domainctl: ${error.message}` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { exitCode: UNEXPECTED_EXIT, line: `domainctl: unexpected error: ${message}` };
}

/**
 * Writes the error's line to stderr, sets the exit code, and returns it. The line may quote the
 * API, the config file or the environment: its control characters are made visible.
 */
export function reportError(error: unknown, debug = false): number {
  const { exitCode, line } = describeError(error);
  process.stderr.write(`${visible(line)}\n`);
  if (debug && exitCode === UNEXPECTED_EXIT && error instanceof Error && error.stack) {
    process.stderr.write(`${error.stack}\n`);
  }
  process.exitCode = exitCode;
  return exitCode;
}

let watchingStdout = false;

/**
 * `domainctl … | head -1`: once the reader is gone, writing more raises EPIPE, which Node turns
 * into an uncaught exception with a stack trace. The reader asked for no more, so stop quietly.
 */
export function stopQuietlyWhenStdoutCloses(): void {
  if (watchingStdout) return;
  watchingStdout = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

/**
 * Wraps a commander action so that whatever it throws is reported by reportError. Commander
 * passes the command itself as the last argument; --debug is read from it.
 */
export function runCommand<Args extends unknown[]>(
  action: (...args: Args) => Promise<void> | void,
): (...args: Args) => Promise<void> {
  return async (...args: Args) => {
    stopQuietlyWhenStdoutCloses();
    try {
      await action(...args);
    } catch (error) {
      const command = args[args.length - 1] as Command | undefined;
      const debug =
        typeof command?.optsWithGlobals === 'function' && command.optsWithGlobals().debug === true;
      reportError(error, debug);
    }
  };
}

/**
 * An action whose code is imported only when its command runs: start-up loads the command
 * definitions (flags, help) and nothing else, so `--version` or `--help` stay cheap. The module's
 * `actions` report their own errors (see the actions modules).
 */
export function lazyAction<K extends string>(
  load: () => Promise<{ actions: Record<K, (...args: never[]) => Promise<void>> }>,
  name: K,
): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    let action: (...args: unknown[]) => Promise<void>;
    try {
      action = (await load()).actions[name] as unknown as typeof action;
    } catch (error) {
      reportError(error);
      return;
    }
    await action(...args);
  };
}
