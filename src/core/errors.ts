import type { HttpMethod } from '../contract/routes.js';
import { type EndingSignal, ExitCode } from './exit-codes.js';

// Every error domainctl throws on purpose is one of these classes: recognise one with
// `instanceof`. Each class also carries its name as a literal `name`, which a stack trace shows and
// which lets a `switch` over DomainctlError check that every type is handled (core/failure.ts).
// The build keeps this module one module a process, whichever bundles throw and catch
// (scripts/build.mjs, SHARED).

/** The API answered with an HTTP error; `body` is what it sent (usually the error body). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly method: HttpMethod,
    readonly path: string,
    readonly body: unknown,
  ) {
    super(message);
  }

  /** One line for stderr: `HTTP 404 not_found: project prj_x not found`. */
  summary(): string {
    return `HTTP ${this.status} ${this.code}: ${this.message}`;
  }
}

/**
 * The API answered with success (2xx), but not with anything the client can use: not JSON, or
 * JSON that breaks the API's description where the client needs it. Never an HTTP error: the
 * request may well have done what it asked (a domain added).
 */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';

  constructor(
    readonly status: number,
    readonly method: HttpMethod,
    readonly path: string,
    /** What was wrong, for people: `domains.0.created_at: expected …`. */
    readonly detail: string,
    /** The body as it came: parsed JSON, or the text when it was not JSON. */
    readonly body: unknown,
  ) {
    super(`the API's answer to ${method} ${path} (HTTP ${status}) was not understood: ${detail}`);
  }
}

/**
 * Following a list's pages went wrong: the API handed out a page token a second time, or a page
 * with nothing on it that still pointed to another. Following it would never end.
 */
export class PagingError extends Error {
  override readonly name = 'PagingError';
}

/**
 * The server's answer is not valid HTTP: a status line, header or chunk that the HTTP parser
 * refuses, or a status no response can have. Not a network error (the server did answer, and
 * asking again would get the same), so it is never retried.
 */
export class MalformedResponseError extends Error {
  override readonly name = 'MalformedResponseError';

  constructor(
    readonly url: string,
    /** What was wrong, for people: `invalid header token (HPE_INVALID_HEADER_TOKEN)`. */
    readonly detail: string,
  ) {
    super(`the answer from ${url} is not valid HTTP: ${detail}`);
  }
}

/**
 * An answer grew past the response-size limit (counted on the decoded bytes, as they arrive):
 * it was cut off there, never held whole.
 */
export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';

  constructor(
    readonly url: string,
    /** The limit in bytes. */
    readonly limit: number,
    /** How it is written for people: `64 MiB`. */
    limitText: string,
  ) {
    super(
      `the answer from ${url} is larger than ${limitText}, the most domainctl reads of one answer (--max-response-size or DOMAINCTL_MAX_RESPONSE_SIZE); it was not read further`,
    );
  }
}

/** No answer: the connection failed or the request timed out. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(
    message: string,
    readonly url: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

/** The request was refused before anything was sent: bad method, path, body or header. */
export class RequestInputError extends Error {
  override readonly name = 'RequestInputError';
}

/**
 * The route needs credentials and none were given; nothing was sent. Where to give them depends
 * on the profile in use, which the face knows: it adds that advice (withAdvice).
 */
export class MissingCredentialsError extends Error {
  override readonly name = 'MissingCredentialsError';

  constructor(readonly template: string) {
    super(`${template} needs credentials and none were given`);
  }
}

/**
 * A setting cannot be used: the config file cannot be read or is not ours (never repaired
 * silently), an unknown profile, an environment value that is not what it must be. Exit code 2.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** `parseDnsServer` refused the text; the message fits after the option's name. */
export class DnsServerAddressError extends Error {
  override readonly name = 'DnsServerAddressError';

  constructor(
    readonly input: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** The records cannot be written as zone-file lines that mean exactly them (see zoneSnippet). */
export class ZoneSnippetError extends Error {
  override readonly name = 'ZoneSnippetError';
}

/** A failure a command reports as one line on stderr and an exit code, never as a stack trace. */
export class CliError extends Error {
  override readonly name = 'CliError';

  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.usage,
  ) {
    super(message);
  }
}

/**
 * The command has written its whole answer and ends with this exit code: a `domains check` that
 * found a record wrong (its report says which), an `api request` answered with an HTTP error.
 * `line`, when given, is the last line on stderr, as it stands (no `domainctl:` before it).
 */
export class ExitStatus extends Error {
  override readonly name = 'ExitStatus';

  constructor(
    readonly exitCode: ExitCode,
    readonly line?: string,
    /** The HTTP status of the answer that ended the run, if one did. */
    readonly httpStatus?: number,
  ) {
    super(line ?? `exit status ${exitCode}`);
  }
}

/**
 * A signal (Ctrl+C, kill) ended the run once the face had put back what it changed (the
 * terminal, a progress line). The run ends at once with 128 + the signal's number, silently.
 */
export class Interrupted extends Error {
  override readonly name = 'Interrupted';

  constructor(readonly signal: EndingSignal) {
    super(`interrupted by ${signal}`);
  }
}

/** Thrown by a server store's insertDomain when the host name is taken, in any project. */
export class DuplicateDomainError extends Error {
  override readonly name = 'DuplicateDomainError';

  constructor(readonly domain: string) {
    super(`${domain} is already registered`);
  }
}

/**
 * Thrown by a server store whose database cannot be reached now: refused, cut off, or not
 * answering within its timeout. The API answers 503 (the request may be retried); the store
 * reconnects by itself when the database is back.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Thrown by a server store when a statement of a request finds that keys, users, memberships,
 * flags or projects changed since the answers the request took from the server's caches were
 * read: those answers may be out of date, so the request starts again (see createApp).
 */
export class StaleAccessError extends Error {
  override readonly name = 'StaleAccessError';
}

/** Every error type of domainctl. */
export type DomainctlError =
  | ApiError
  | InvalidResponseError
  | PagingError
  | MalformedResponseError
  | ResponseTooLargeError
  | NetworkError
  | RequestInputError
  | MissingCredentialsError
  | ConfigError
  | DnsServerAddressError
  | ZoneSnippetError
  | CliError
  | ExitStatus
  | Interrupted
  | DuplicateDomainError
  | StoreUnavailableError
  | StaleAccessError;

type ErrorName = DomainctlError['name'];

// A record, not a list, so that the compiler refuses a type added to DomainctlError but not here.
const ERROR_CLASSES: {
  [N in ErrorName]: abstract new (...args: never[]) => Extract<DomainctlError, { name: N }>;
} = {
  ApiError,
  InvalidResponseError,
  PagingError,
  MalformedResponseError,
  ResponseTooLargeError,
  NetworkError,
  RequestInputError,
  MissingCredentialsError,
  ConfigError,
  DnsServerAddressError,
  ZoneSnippetError,
  CliError,
  ExitStatus,
  Interrupted,
  DuplicateDomainError,
  StoreUnavailableError,
  StaleAccessError,
};

/** True when `value` is one of domainctl's errors. Narrow it further with a `switch` on `name`. */
export function isDomainctlError(value: unknown): value is DomainctlError {
  return Object.values(ERROR_CLASSES).some((type) => value instanceof type);
}

/**
 * A line of advice that a face adds to an error it rethrows, knowing what the error's thrower
 * did not (where the token came from, the profile in use): main() writes it after the error's
 * own line. A property, not a class: the error keeps its class and its exit code.
 */
export function withAdvice<E extends Error>(error: E, advice: string): E {
  (error as E & { advice?: string }).advice = advice;
  return error;
}

/** The advice withAdvice gave an error, if any. */
export function adviceOf(error: unknown): string | undefined {
  const advice = (error as { advice?: unknown } | null)?.advice;
  return typeof advice === 'string' ? advice : undefined;
}
