import type { MiddlewareHandler } from 'hono';
import { redactCredentials } from './redact.js';

/** One line per request: time, method, path (no query, no headers), status, milliseconds. */
export function requestLogger(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    const path = redactCredentials(c.req.path);
    log(`${new Date().toISOString()} ${c.req.method} ${path} ${c.res.status} ${ms}ms`);
  };
}
