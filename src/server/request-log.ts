import type { MiddlewareHandler } from 'hono';

// Credentials sent in the wrong place (a path) are still credentials: never write them to a log.
const CREDENTIAL = /dk_[A-Za-z0-9_-]+|eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_.-]+/g;

/** One line per request: time, method, path (no query, no headers), status, milliseconds. */
export function requestLogger(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    const path = c.req.path.replace(CREDENTIAL, '[redacted]');
    log(`${new Date().toISOString()} ${c.req.method} ${path} ${c.res.status} ${ms}ms`);
  };
}
