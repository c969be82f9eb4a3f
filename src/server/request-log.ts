import { redactCredentials } from './redact.js';

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/** What the log is told of one answer; each format writes what it needs of it. */
export type RequestLogger = (
  request: Request,
  /** What the Node adapter passes along with the request (see loggedTarget). */
  env: unknown,
  status: number,
  ms: number,
  requestId: string,
) => void;

/** The plain format: time, method, path (no query, no headers), status, milliseconds. */
export function plainRequestLogger(log: (line: string) => void): RequestLogger {
  return (request, env, status, ms) =>
    log(
      `${timestamp()} ${request.method} ${loggedTarget(request, env)} ${status} ${ms.toFixed(1)}ms`,
    );
}

/**
 * Logs each answer, with its request id (request-id.ts; the app puts it in the answer's
 * headers). It wraps the app's fetch rather than being a middleware, so a GET meets no
 * middleware at all (Hono then calls the route's handler directly, without composing a chain).
 */
export function withRequestLog<F extends Fetch>(
  fetch: F,
  logger: RequestLogger,
  requestId: (request: Request, env: unknown) => string,
  /** Answers not worth a line (a health check that passed). */
  quiet?: (response: Response) => boolean,
): F {
  return (async (request: Request, ...rest: never[]) => {
    const started = performance.now();
    const res = await fetch(request, ...rest);
    if (quiet?.(res)) return res;
    const env = rest[0];
    logger(request, env, res.status, performance.now() - started, requestId(request, env));
    return res;
  }) as F;
}

// Everything but printable ASCII, and the backslash (which starts an escape) and the space (which
// ends a field): a request line that could change the terminal, start a new log line or shift
// the fields of this one. Raw, the request target is printable ASCII (Node refuses the rest), so
// an ordinary path is written as it came; what a client percent-encoded stays encoded.
const UNPRINTABLE = /[^\u0021-\u005b\u005d-\u007e]/g;
const HAS_UNPRINTABLE = /[^\u0021-\u005b\u005d-\u007e]/;

const escape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text from a request as the log writes it: every character outside printable ASCII (C0, DEL,
 * C1, bidi controls, zero-width characters, line breaks, spaces) as a JSON-style `\uXXXX`
 * escape, as the client shows control characters. A log line stays one line, and a terminal
 * showing it (or `tail -f`) obeys nothing in it.
 */
export function printable(text: string): string {
  return HAS_UNPRINTABLE.test(text) ? text.replace(UNPRINTABLE, escape) : text;
}

/**
 * The path of a request as the log writes it: from the raw request target (Node's
 * `incoming.url`, what the client sent, nothing decoded and no dot-segment resolved), without
 * the query string (it may carry anything) or a fragment, credentials redacted however they were
 * encoded, and then made printable. `env` is what @hono/node-server passes along with the
 * request; app.request() passes none, and then the request's URL stands in.
 */
export function loggedTarget(request: Request, env?: unknown): string {
  const incoming = (env as { incoming?: { url?: unknown } } | undefined)?.incoming;
  const target = typeof incoming?.url === 'string' ? incoming.url : request.url;
  return printable(redactCredentials(pathOf(target)));
}

/** The path of a request target; for an absolute one, without the scheme and authority. */
function pathOf(target: string): string {
  let start = 0;
  // The absolute form (http://user:password@host/path): the authority may hold a password.
  if (target.charCodeAt(0) !== 47) {
    const authority = target.indexOf('//');
    start = authority === -1 ? -1 : target.indexOf('/', authority + 2);
    if (start === -1) return '/';
  }
  let end = target.indexOf('?', start);
  if (end === -1) end = target.length;
  const fragment = target.indexOf('#', start);
  if (fragment !== -1 && fragment < end) end = fragment;
  return start === 0 && end === target.length ? target : target.slice(start, end);
}

let lastMs = -1;
let lastIso = '';

/** `new Date().toISOString()`, formatted once a millisecond: under load many lines share one. */
function timestamp(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  return lastIso;
}
