/** The exit codes every command shares; the README's table is this one. */
export const ExitCode = {
  ok: 0,
  /** The API answered with an HTTP error (or a check found a problem). */
  apiError: 1,
  /** Bad usage or input; nothing was sent. */
  usage: 2,
  /** Network error or timeout. */
  network: 3,
  /** A route needs credentials and there are none; nothing was sent. */
  noCredentials: 4,
  /** `domains wait`: the domain was not verified before --timeout ran out. */
  waitTimeout: 5,
  /** The API answered with success, but with nothing the command could use (its body on stdout). */
  badAnswer: 6,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

const CLI_ERROR = Symbol.for('domainctl.CliError');

/** A failure a command reports as one line on stderr and an exit code, never as a stack trace. */
export class CliError extends Error {
  readonly [CLI_ERROR] = true;

  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }

  // Every lazily loaded bundle holds its own copy of this class (scripts/build.mjs), so one
  // thrown by the UI's bundle is not an instance of dist/cli.js's copy: the mark is shared.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && CLI_ERROR in value;
  }
}
