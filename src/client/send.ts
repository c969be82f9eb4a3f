import ky, { HTTPError, TimeoutError } from 'ky';
import type { HttpMethod } from '../contract/routes.js';
import { VERSION } from '../version.js';
import { NetworkError } from '../core/errors.js';
import { printableHeader } from './mask.js';
import { nodeFetch } from './node-fetch.js';

export const USER_AGENT = `domainctl/${VERSION}`;
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface SendOptions {
  method: HttpMethod;
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** Writes a line of the request/response trace (`--debug`); credentials arrive masked. */
  debug?: (line: string) => void;
  /** Backoff between retries; tests and the UI keep the default. */
  retryDelayMs?: (attempt: number) => number;
}

export interface SentResponse {
  response: Response;
  /** Milliseconds from the first attempt to the response headers of the last. */
  ms: number;
}

// Retries are safe only where repeating the request cannot do something twice: POST and PATCH
// never retry. A Retry-After on 429/503 is honoured (ky reads it).
const RETRY = {
  limit: 2,
  methods: ['get', 'put', 'delete'] as ('get' | 'put' | 'delete')[],
  statusCodes: [408, 429, 500, 502, 503, 504],
  afterStatusCodes: [408, 429, 503],
  maxRetryAfter: 60_000,
  backoffLimit: 5_000,
};

const SYSCALL_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed',
  CERT_HAS_EXPIRED: 'the TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the TLS certificate is self-signed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the TLS certificate is for another host',
};

function networkReason(error: unknown): string {
  let reason = (error as Error).message;
  let cause = (error as { cause?: unknown }).cause;
  // fetch (nodeFetch, as undici) nests the system error: TypeError("fetch failed") → cause (→ cause …)
  while (cause && typeof cause === 'object') {
    const code = (cause as { code?: string }).code;
    if (code) return SYSCALL_REASONS[code] ?? code;
    reason = (cause as Error).message ?? reason;
    cause = (cause as { cause?: unknown }).cause;
  }
  return reason;
}

/**
 * Sends one HTTP request through ky with the product's retry, timeout and user-agent rules. An
 * HTTP error status is returned, not thrown: callers decide what a 4xx means. Redirects are not
 * followed, so a credential can never ride a redirect to another host.
 */
export async function send(options: SendOptions): Promise<SentResponse> {
  const { debug } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers = new Headers({
    'user-agent': USER_AGENT,
    accept: 'application/json',
    ...options.headers,
  });
  const started = performance.now();
  const target = `${options.url.origin}${options.url.pathname}`;
  try {
    const response = await ky(options.url, {
      // node:http instead of undici: the first undici fetch costs 100 ms or more of start-up.
      fetch: nodeFetch,
      method: options.method,
      headers,
      body: options.body,
      timeout: timeoutMs,
      redirect: 'manual',
      retry: { ...RETRY, ...(options.retryDelayMs ? { delay: options.retryDelayMs } : {}) },
      hooks: {
        beforeRequest: debug
          ? [
              (request) => {
                debug(`> ${request.method} ${request.url}`);
                request.headers.forEach((value, name) => {
                  debug(`> ${name}: ${printableHeader(name, value)}`);
                });
              },
            ]
          : [],
        beforeRetry: debug
          ? [
              ({ error, retryCount }) => {
                const status =
                  error instanceof HTTPError
                    ? `HTTP ${error.response.status}`
                    : networkReason(error);
                debug(`* retry ${retryCount} of ${RETRY.limit} after ${status}`);
              },
            ]
          : [],
      },
    });
    return traced({ response, ms: performance.now() - started }, debug);
  } catch (error) {
    if (error instanceof HTTPError) {
      return traced({ response: error.response, ms: performance.now() - started }, debug);
    }
    if (error instanceof TimeoutError) {
      throw new NetworkError(
        `no response from ${target} within ${timeoutMs / 1000} s`,
        target,
        true,
      );
    }
    throw new NetworkError(
      `cannot reach ${options.url.origin}: ${networkReason(error)}`,
      target,
      false,
    );
  }
}

function traced(sent: SentResponse, debug: SendOptions['debug']): SentResponse {
  if (debug) {
    const { response } = sent;
    debug(`< ${response.status} ${response.statusText} (${Math.round(sent.ms)} ms)`);
    response.headers.forEach((value, name) => {
      debug(`< ${name}: ${printableHeader(name, value)}`);
    });
  }
  return sent;
}
