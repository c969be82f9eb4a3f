import pino from 'pino';
import type { RequestLogger } from './request-log.js';
import { routeTemplate } from './request-metrics.js';

export interface JsonLog {
  /** One object an answer: time, method, route template, status, duration, instance, request id. */
  request: RequestLogger;
  /** Any other line the server writes to its log (the start line). */
  info(message: string): void;
}

/**
 * `--log-format json`: pino, writing one JSON object a line through `write` (the same batched
 * stdout as the plain format). Loaded only for this format. A request's object names its route
 * template, never its path: a path is the client's text, and may hold anything, a credential
 * included; the request id taken from a client is checked by the same redaction as the plain
 * log (request-id.ts) before it is written anywhere.
 */
export function createJsonLog(write: (line: string) => void, instance: string): JsonLog {
  const logger = pino(
    {
      base: { instance },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    // pino ends each object with a newline; the writer adds its own.
    { write: (chunk: string) => write(chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk) },
  );
  return {
    request(request, _env, status, ms, requestId) {
      const path = new URL(request.url).pathname;
      logger.info({
        method: request.method,
        route: routeTemplate(request.method, path),
        status,
        duration_ms: Math.round(ms * 10) / 10,
        request_id: requestId,
      });
    },
    info: (message) => logger.info(message),
  };
}
