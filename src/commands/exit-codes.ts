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

/** A failure a command reports as one line on stderr and an exit code, never as a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
