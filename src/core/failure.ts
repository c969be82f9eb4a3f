import { adviceOf, type DomainctlError, isDomainctlError } from './errors.js';
import { ExitCode, signalExitCode } from './exit-codes.js';

/** How a run that failed ends: main() writes the line and sets the code, nothing else does. */
export interface Failure {
  exitCode: number;
  /** The last line on stderr; absent when the command has said all there is already. */
  line?: string;
  /** Lines of ours after it: `(run with --help for usage)`, or advice (withAdvice). */
  hint?: string;
  /** A bug, not a failure domainctl foresaw: main() shows its stack with --debug. */
  unexpected?: boolean;
  /** End the process at once, not once pending work (a request in flight) is done: a signal. */
  immediate?: boolean;
}

const say = (exitCode: number, message: string): Failure => ({
  exitCode,
  line: `domainctl: ${message}`,
});

/**
 * The one place an error becomes an exit code and a line, for every command and the UI alike:
 * HTTP errors 1 (`HTTP <status> <code>: <message>`), a list whose paging never ends 1, usage and
 * input 2, network 3, missing credentials 4, an answer that was not understood 6, an answer
 * over the size limit 7, `--fail-on-match` matching 8, a bug 70, a signal 128 + its number.
 * docs/scripting.md's table of exit codes says the same.
 */
export function describeFailure(error: unknown): Failure {
  if (!isDomainctlError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return { ...say(ExitCode.unexpected, `unexpected error: ${message}`), unexpected: true };
  }
  const failure = describeKnown(error);
  const advice = adviceOf(error);
  return advice === undefined ? failure : { ...failure, hint: advice };
}

function describeKnown(error: DomainctlError): Failure {
  switch (error.name) {
    case 'ApiError':
      return { exitCode: ExitCode.apiError, line: error.summary() };
    case 'PagingError':
    case 'ZoneSnippetError':
      return say(ExitCode.apiError, error.message);
    case 'InvalidResponseError':
      // Every command prints that body on stdout before it rethrows.
      return say(ExitCode.badAnswer, `${error.message}; the answer as it came is on stdout`);
    case 'MalformedResponseError':
      return say(ExitCode.badAnswer, error.message);
    case 'ResponseTooLargeError':
      return say(ExitCode.responseTooLarge, error.message);
    case 'RequestInputError':
    case 'ConfigError':
    case 'DnsServerAddressError':
      return say(ExitCode.usage, error.message);
    case 'NetworkError':
      return say(ExitCode.network, error.message);
    case 'MissingCredentialsError':
      return say(ExitCode.noCredentials, error.message);
    case 'CliError':
      return say(error.exitCode, error.message);
    case 'ExitStatus':
      return { exitCode: error.exitCode, line: error.line };
    case 'Interrupted':
      return { exitCode: signalExitCode(error.signal), immediate: true };
    case 'StoreUnavailableError':
      // `serve` could not reach its database at start, as it ends when its port is taken.
      return say(ExitCode.apiError, error.message);
    case 'DuplicateDomainError':
    case 'StaleAccessError':
      // The API turns the first into a 409 and starts a request again on the second; one that
      // gets this far is a bug.
      return {
        ...say(ExitCode.unexpected, `unexpected error: ${error.message}`),
        unexpected: true,
      };
    default: {
      const never: never = error;
      return never;
    }
  }
}
