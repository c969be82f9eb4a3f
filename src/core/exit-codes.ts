/**
 * The exit codes of every command and of the UI; the table in docs/scripting.md is this one (a
 * test holds them together). Which error ends with which code is describeFailure's business
 * (failure.ts), and only main() sets one.
 */
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
  // 5 is not used: it was a wait's "not verified in time", which 10 to 13 now say in more detail.
  /**
   * The API's answer could not be used: a success answer not of the API's shape (its body on
   * stdout), or an answer that is not valid HTTP (a malformed status line, header or chunk).
   */
  badAnswer: 6,
  /** An answer was larger than the response-size limit (--max-response-size); it was cut off. */
  responseTooLarge: 7,
  /**
   * `domains list --fail-on-match`: at least one domain matched the filters (they are printed),
   * e.g. a certificate expiring within `--expiring-within`: a cron job's alarm, no parsing.
   */
  matched: 8,
  /**
   * How far a domain came when a wait's `--timeout` ran out before its stage (`domains wait
   * --until`, `domains add --wait`: verified): 10 + the stages reached, from 10 (not even its
   * records are in DNS) to 13 (its certificate is issued, HTTPS does not serve it yet).
   */
  reachedNone: 10,
  reachedDns: 11,
  reachedVerified: 12,
  reachedCertificate: 13,
  /** A bug: EX_SOFTWARE from sysexits.h. One line on stderr, the stack with --debug. */
  unexpected: 70,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * The signals domainctl ends on, with their numbers (the same on every system Node runs on):
 * written out rather than read from node:os, which would cost every start ~5 ms to load.
 */
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

export type EndingSignal = keyof typeof SIGNALS;

/** What a shell reports for a process ended by a signal: 128 + its number (SIGINT: 130). */
export function signalExitCode(signal: EndingSignal): number {
  return 128 + SIGNALS[signal];
}
