import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import type { HttpMethod } from '../contract/routes.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../core/byte-size.js';
import { RequestInputError } from '../core/errors.js';
import { VERSION } from '../version.js';
import { Deadline } from './deadline.js';
import {
  type DebugLine,
  secretsOf,
  traceBody,
  traceRequest,
  traceResponse,
} from './debug-trace.js';
import { endBodyWith, nodeHttpFetch } from './http-transport.js';
import { isFinal, networkReason, requestFailure, seconds } from './request-failure.js';

export const USER_AGENT = `domainctl/${VERSION}`;
/** The most one request may take (every attempt, retry wait and its body) when nothing says less. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Who the client talks to, and as whom: the active profile (or the flags and environment over it). */
export interface HttpClientOptions {
  baseUrl: URL;
  /** Sent as `Authorization: Bearer …` on the requests that ask for credentials. */
  token?: string;
  /** The most bytes one answer may have, decoded; DEFAULT_MAX_RESPONSE_BYTES when absent. */
  maxResponseBytes?: number;
  /** Writes a line of the request/response trace (`--debug`); credentials arrive masked. */
  debug?: DebugLine;
  /** Backoff between retries; tests keep it short, everything else keeps ky's. */
  retryDelayMs?: (attempt: number) => number;
}

export interface SendOptions {
  method: HttpMethod;
  /** Under the base URL; anything else is refused before it is sent. */
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  /** Add the profile's token (unless an Authorization header is given): the route needs it. */
  credentials?: boolean;
  /**
   * The time this request has: every attempt, every wait between them (Retry-After included)
   * and the reading of its body. DEFAULT_TIMEOUT_MS from now when absent.
   */
  deadline?: Deadline;
}

export interface SentResponse {
  /** Its body is still bound to the deadline and the size limit: read it before the deadline. */
  response: Response;
  /** Milliseconds from the first attempt to the response headers of the last. */
  ms: number;
}

export interface ExchangeOptions extends Omit<SendOptions, 'deadline'> {
  /** The deadline of the whole run this request is part of (none when absent). */
  deadline?: Deadline;
  /** The most this one request may take within it; DEFAULT_TIMEOUT_MS when absent. */
  timeoutMs?: number;
  /** Ends the request at once with its reason (the UI leaving); when no deadline is given. */
  signal?: AbortSignal;
}

/** An answer read in full. */
export interface Exchange {
  response: Response;
  /** The body as text; "" when empty. */
  text: string;
  /** Milliseconds from the first attempt to the response headers of the last. */
  ms: number;
}

// Retries are safe only where repeating the request cannot do something twice: POST and PATCH
// never retry. A Retry-After on 408/429/503 is honoured when the deadline leaves time for it.
const RETRY = {
  limit: 2,
  methods: ['get', 'put', 'delete'],
  statusCodes: [408, 429, 500, 502, 503, 504],
  afterStatusCodes: [408, 429, 503],
  maxRetryAfter: 60_000,
  backoffLimit: 5_000,
};

/** ky's own backoff: 0.3 s, 0.6 s, 1.2 s … */
const kyDelay = (attempt: number) => 0.3 * 2 ** (attempt - 1) * 1000;

/**
 * The wait a Retry-After (or a rate-limit header) asks for, read as ky reads it (seconds, a date,
 * or a timestamp in seconds), uncapped: to know before ky waits whether the deadline leaves time.
 * One that cannot be read counts as ky's cap.
 */
function askedWait(headers: Headers): number | undefined {
  const value =
    headers.get('retry-after') ??
    headers.get('ratelimit-reset') ??
    headers.get('x-ratelimit-retry-after') ??
    headers.get('x-ratelimit-reset') ??
    headers.get('x-rate-limit-reset');
  if (!value) return undefined;
  let after = Number(value) * 1000;
  if (Number.isNaN(after)) after = Date.parse(value) - Date.now();
  else if (after >= Date.parse('2024-01-01')) after -= Date.now();
  return Number.isNaN(after) ? RETRY.maxRetryAfter : after;
}

/** What each request tells the hooks through ky's `context`. */
interface RequestContext {
  credentials?: boolean;
}

/**
 * The HTTP client of one profile: a ky instance with the base URL, the user agent, the profile's
 * token (added by a beforeRequest hook, to the base URL's origin only), the `--debug` trace in
 * hooks, and ky's retry with the product's policy: GET, PUT and DELETE asked at most three times
 * after a network failure or a 408, 429 or 5xx but 501, waiting the server's Retry-After on 408,
 * 429 and 503 (at most a minute) or the backoff, and never when the wait would outlast the
 * deadline. ky's `fetch` is node:http (http-transport.ts), so undici's fetch is never loaded.
 * An HTTP error status is returned, not thrown: callers decide what a 4xx means.
 */
export function createHttpClient(options: HttpClientOptions) {
  const { baseUrl, token, debug } = options;
  // ky joins a relative input to it; the base URL's path prefix is kept.
  const prefix = `${baseUrl.origin}${baseUrl.pathname.replace(/\/?$/, '/')}`;

  const addCredentials = (request: Request, normalized: { context: RequestContext }) => {
    if (!token || !normalized.context.credentials || request.headers.has('authorization')) return;
    // Only to the profile's API: the URL was checked against it, and this checks again.
    if (new URL(request.url).origin !== baseUrl.origin) return;
    request.headers.set('authorization', `Bearer ${token}`);
  };

  const instance: KyInstance = ky.create({
    prefixUrl: prefix,
    // Typed as fetch for ky's option; ky always hands it the Request it built, all it takes.
    fetch: nodeHttpFetch({
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    }) as unknown as typeof fetch,
    headers: { 'user-agent': USER_AGENT, accept: 'application/json' },
    // The deadline's signal bounds every attempt, wait and body; ky's own per-attempt timer would
    // bound only the time to the headers.
    timeout: false,
    hooks: {
      beforeRequest: [
        (request, normalized) => addCredentials(request, normalized as { context: RequestContext }),
        ...(debug
          ? [
              (request: Request, normalized: { body?: unknown }) => {
                const body = typeof normalized.body === 'string' ? normalized.body : undefined;
                traceRequest(debug, request, body, secretsOf(request.headers));
              },
            ]
          : []),
      ],
      beforeRetry: debug
        ? [
            ({ error, retryCount }) => {
              const why =
                error instanceof HTTPError ? `HTTP ${error.response.status}` : networkReason(error);
              debug(`* retry ${retryCount} of ${RETRY.limit} after ${why}`);
            },
          ]
        : [],
    },
  });

  /** The URL as ky's input: relative to the prefix; a URL outside it is refused. */
  const inputOf = (url: URL) => {
    if (!url.href.startsWith(prefix)) {
      throw new RequestInputError(
        `${url.origin}${url.pathname} is not under the API this profile talks to (${prefix}): credentials are only sent there`,
      );
    }
    return url.href.slice(prefix.length);
  };

  /**
   * Sends one request. A retry happens only when its wait ends before the deadline does;
   * otherwise the answer (or the failure) stands: a Retry-After past the deadline ends the
   * request with the server's answer.
   */
  async function send(request: SendOptions): Promise<SentResponse> {
    const deadline = request.deadline ?? Deadline.after(DEFAULT_TIMEOUT_MS);
    const delay = options.retryDelayMs ?? kyDelay;
    const input = inputOf(request.url);
    const started = performance.now();

    const noRetry = (wait: number) => {
      debug?.(
        `* no retry: it would wait ${seconds(wait)}, and ${seconds(deadline.remaining())} are left`,
      );
      return false;
    };
    const shouldRetry = ({ error, retryCount }: { error: Error; retryCount: number }) => {
      if (deadline.expired || isFinal(error)) return false;
      let wait = Math.min(RETRY.backoffLimit, delay(retryCount));
      if (error instanceof HTTPError) {
        const { status, headers } = error.response;
        if (!RETRY.statusCodes.includes(status)) return false;
        if (RETRY.afterStatusCodes.includes(status)) wait = askedWait(headers) ?? wait;
      }
      if (!(wait < deadline.remaining())) return noRetry(wait);
      // ky asks again after its wait: the answer in hand is not wanted, nor its connection.
      if (error instanceof HTTPError) void error.response.body?.cancel().catch(() => {});
      return undefined; // ky's own rules from here, with the same wait
    };

    const kyOptions: Options = {
      method: request.method,
      // An undefined key would replace the instance's headers (ky merges key by key).
      headers: request.headers ?? {},
      body: request.body,
      signal: deadline.signal,
      context: { credentials: request.credentials === true } satisfies RequestContext,
      retry: { ...RETRY, delay, shouldRetry },
    };
    let response: Response;
    try {
      response = await instance(input, kyOptions);
    } catch (error) {
      if (!(error instanceof HTTPError)) throw requestFailure(error, request.url, deadline);
      response = error.response;
    }
    endBodyWith(response, deadline.signal);
    const ms = performance.now() - started;
    if (debug) traceResponse(debug, response, ms);
    return { response, ms };
  }

  /**
   * Sends a request and reads its whole answer, within the run's deadline and the request's own
   * timeout (whichever ends first) and the response-size limit.
   */
  async function exchange(request: ExchangeOptions): Promise<Exchange> {
    const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const deadline = request.deadline
      ? request.deadline.within(timeoutMs)
      : Deadline.after(timeoutMs, request.signal);
    try {
      const { response, ms } = await send({ ...request, deadline });
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw requestFailure(error, request.url, deadline, true);
      }
      if (debug && text !== '') {
        const given = secretsOf(new Headers(request.headers));
        traceBody(debug, '<', text, token ? [...given, token] : given);
      }
      return { response, text, ms };
    } finally {
      deadline.dispose();
    }
  }

  return { baseUrl, ky: instance, send, exchange };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
