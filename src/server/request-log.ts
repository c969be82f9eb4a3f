import { redactCredentials } from './redact.js';

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/**
 * One line per request: time, method, path (no query, no headers), status, milliseconds. It
 * wraps the app's fetch rather than being a middleware, so a GET meets no middleware at all
 * (Hono then calls the route's handler directly, without composing a chain).
 */
export function withRequestLog<F extends Fetch>(
  fetch: F,
  pathOf: (request: Request) => string,
  log: (line: string) => void,
  /** Answers not worth a line (a health check that passed). */
  quiet?: (path: string, status: number) => boolean,
): F {
  return (async (request: Request, ...rest: never[]) => {
    const started = performance.now();
    const res = await fetch(request, ...rest);
    if (quiet?.(pathOf(request), res.status)) return res;
    const ms = (performance.now() - started).toFixed(1);
    const path = redactCredentials(pathOf(request));
    log(`${timestamp()} ${request.method} ${path} ${res.status} ${ms}ms`);
    return res;
  }) as F;
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
