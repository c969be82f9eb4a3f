import type { HttpMethod } from '../contract/routes.js';
import { VERSION } from '../version.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../core/byte-size.js';
import {
  isDomainctlError,
  MalformedResponseError,
  NetworkError,
  RequestInputError,
} from '../core/errors.js';
import { Deadline } from './deadline.js';
import { printableHeader, printableUrl } from '../core/mask.js';
import {
  type AnswerHeaders,
  type HttpAnswer,
  httpRequest,
  MalformedHttpError,
} from './http-transport.js';

export const USER_AGENT = `domainctl/${VERSION}`;
/** The most one request may take (every attempt, retry wait and its body) when nothing says less. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface SendOptions {
  method: HttpMethod;
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  /**
   * The time this request has: every attempt, every wait between them (Retry-After included)
   * and the reading of its body. DEFAULT_TIMEOUT_MS from now when absent.
   */
  deadline?: Deadline;
  /** The most bytes the body may have, decoded; DEFAULT_MAX_RESPONSE_BYTES when absent. */
  maxResponseBytes?: number;
  /** Writes a line of the request/response trace (`--debug`); credentials arrive masked. */
  debug?: (line: string) => void;
  /** Backoff between retries; tests and the UI keep the default. */
  retryDelayMs?: (attempt: number) => number;
}

export interface SentResponse {
  response: HttpAnswer;
  /** Milliseconds from the first attempt to the response headers of the last. */
  ms: number;
}

// Retries are safe only where repeating the request cannot do something twice: POST and PATCH
// never retry. A Retry-After on 408/429/503 is honoured when the deadline leaves time for it.
// These are the rules the client kept when it ran on ky, with ky's own reading of Retry-After.
const RETRY = {
  limit: 2,
  methods: ['GET', 'PUT', 'DELETE'] as HttpMethod[],
  statusCodes: [408, 429, 500, 502, 503, 504],
  afterStatusCodes: [408, 429, 503],
  maxRetryAfter: 60_000,
  backoffLimit: 5_000,
};

/** The backoff: 0.3 s, 0.6 s, 1.2 s … */
const defaultDelay = (attempt: number) => 0.3 * 2 ** (attempt - 1) * 1000;

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

/** The errors Node throws for a header it will not send: a usage error, never a network one. */
const INVALID_HEADER = new Set(['ERR_INVALID_CHAR', 'ERR_INVALID_HTTP_TOKEN']);

/** The error and its causes, outermost first: fetch nests the system error in `cause`. */
function* causes(error: unknown): Generator<unknown> {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

function networkReason(error: unknown): string {
  let reason = (error as Error).message;
  for (const cause of [...causes(error)].slice(1)) {
    if (!cause || typeof cause !== 'object') break;
    const code = (cause as { code?: string }).code;
    if (code) return SYSCALL_REASONS[code] ?? code;
    reason = (cause as Error).message ?? reason;
  }
  return reason;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;
const targetOf = (url: URL) => `${url.origin}${url.pathname}`;

/**
 * What a failed request (or body) becomes: the deadline's end a timed-out NetworkError, the
 * caller's abort its own reason, an answer that is not HTTP a MalformedResponseError, a header
 * Node will not send a RequestInputError, anything else a NetworkError. `reading` says the
 * headers had come and the body was being read.
 */
export function requestFailure(
  error: unknown,
  url: URL,
  deadline: Deadline,
  reading = false,
): unknown {
  const target = targetOf(url);
  if (isDomainctlError(error)) return error;
  const exceeded = deadline.exceeded(error) ?? (deadline.expired ? deadline.exceeded() : undefined);
  if (exceeded) {
    return new NetworkError(
      `no complete answer from ${target} within ${seconds(exceeded.ms)}`,
      target,
      true,
    );
  }
  // The caller gave up (the UI quit, Ctrl+C): its reason, as it gave it.
  if (deadline.expired) return deadline.signal.reason;
  for (const cause of causes(error)) {
    if (cause instanceof MalformedHttpError)
      return new MalformedResponseError(target, cause.message);
    const code = (cause as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && INVALID_HEADER.has(code)) {
      // The message names the header, never its value (it may be the token).
      return new RequestInputError(
        `a header of the request cannot be sent: ${(cause as Error).message}`,
      );
    }
  }
  const reason = networkReason(error);
  return new NetworkError(
    reading
      ? `the connection to ${url.origin} broke while its answer was arriving: ${reason}`
      : `cannot reach ${url.origin}: ${reason}`,
    target,
    false,
  );
}

/** True for a failure that asking again would only repeat: the answer was not HTTP, or the request cannot be sent. */
function isFinal(error: unknown): boolean {
  return [...causes(error)].some(
    (cause) =>
      cause instanceof MalformedHttpError ||
      isDomainctlError(cause) ||
      INVALID_HEADER.has(String((cause as { code?: unknown } | undefined)?.code)),
  );
}

/**
 * How long the server asks us to wait (Retry-After, else one of the rate-limit headers): seconds,
 * a date, or a timestamp in seconds. One that cannot be read counts as the cap.
 */
function retryAfterMs(headers: AnswerHeaders): number | undefined {
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

/**
 * The request's headers as fetch's Headers would send them: names in lower case (repeats joined
 * with ", "), values without surrounding whitespace, text/plain for a body of no stated type,
 * listed by name.
 */
function requestHeaders(options: SendOptions): Record<string, string> {
  const given: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: 'application/json',
    ...options.headers,
  };
  const merged = new Map<string, string>();
  for (const [name, value] of Object.entries(given)) {
    const key = name.toLowerCase();
    const trimmed = value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
    const before = merged.get(key);
    merged.set(key, before === undefined ? trimmed : `${before}, ${trimmed}`);
  }
  if (options.body !== undefined && !merged.has('content-type')) {
    merged.set('content-type', 'text/plain;charset=UTF-8');
  }
  return Object.fromEntries([...merged].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sends one HTTP request with the product's retry, deadline and user-agent rules. An HTTP error
 * status is returned, not thrown: callers decide what a 4xx means. Redirects are not followed,
 * so a credential can never ride a redirect to another host. The returned body is still bound to
 * the deadline and to the size limit: read it before the deadline runs out.
 *
 * A GET, PUT or DELETE is tried again, at most twice, after a network failure or a 408, 429 or
 * 5xx, when the wait ends before the deadline does: the server's Retry-After on 408, 429 and 503
 * (at most a minute), else the backoff.
 */
export async function send(options: SendOptions): Promise<SentResponse> {
  const { debug, method, url } = options;
  const deadline = options.deadline ?? Deadline.after(DEFAULT_TIMEOUT_MS);
  const delay = options.retryDelayMs ?? defaultDelay;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const headers = requestHeaders(options);
  const started = performance.now();

  /** The wait before the next attempt, or undefined when this attempt's outcome stands. */
  const retryAfter = (retryCount: number, answer?: HttpAnswer, error?: unknown) => {
    if (retryCount > RETRY.limit || !RETRY.methods.includes(method)) return undefined;
    if (deadline.expired || (!answer && isFinal(error))) return undefined;
    const backoff = Math.min(RETRY.backoffLimit, delay(retryCount));
    if (answer) {
      if (!RETRY.statusCodes.includes(answer.status)) return undefined;
      if (RETRY.afterStatusCodes.includes(answer.status)) {
        const asked = retryAfterMs(answer.headers);
        if (asked !== undefined) {
          if (!(asked < deadline.remaining())) return noRetry(asked);
          return Math.min(asked, RETRY.maxRetryAfter);
        }
      }
    }
    return backoff < deadline.remaining() ? backoff : noRetry(backoff);
  };
  const noRetry = (wait: number) => {
    debug?.(
      `* no retry: it would wait ${seconds(wait)}, and ${seconds(deadline.remaining())} are left`,
    );
    return undefined;
  };

  for (let retryCount = 1; ; retryCount++) {
    if (debug) {
      debug(`> ${method} ${printableUrl(url.href)}`);
      for (const [name, value] of Object.entries(headers)) {
        debug(`> ${name}: ${printableHeader(name, value)}`);
      }
    }
    let answer: HttpAnswer | undefined;
    let failure: unknown;
    try {
      answer = await httpRequest({
        method,
        url,
        headers,
        body: options.body,
        signal: deadline.signal,
        maxResponseBytes,
      });
    } catch (error) {
      failure = error;
    }
    if (answer && answer.status >= 200 && answer.status <= 299) {
      return traced({ response: answer, ms: performance.now() - started }, debug);
    }
    const wait = retryAfter(retryCount, answer, failure);
    if (wait === undefined) {
      if (answer) return traced({ response: answer, ms: performance.now() - started }, debug);
      throw requestFailure(failure, url, deadline);
    }
    answer?.discard();
    try {
      await pause(wait, deadline.signal);
    } catch (error) {
      throw requestFailure(error, url, deadline);
    }
    const why = answer ? `HTTP ${answer.status}` : networkReason(failure);
    debug?.(`* retry ${retryCount} of ${RETRY.limit} after ${why}`);
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
  status: number;
  statusText: string;
  headers: AnswerHeaders;
  /** The body as text; "" when empty. */
  text: string;
  /** Milliseconds from the first attempt to the response headers of the last. */
  ms: number;
}

/**
 * Sends a request and reads its whole answer, within the run's deadline and the request's own
 * timeout (whichever ends first) and the response-size limit. The one way the API client and
 * `api request` talk to the API.
 */
export async function exchange(options: ExchangeOptions): Promise<Exchange> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = options.deadline
    ? options.deadline.within(timeoutMs)
    : Deadline.after(timeoutMs, options.signal);
  try {
    const { response, ms } = await send({ ...options, deadline });
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw requestFailure(error, options.url, deadline, true);
    }
    const { status, statusText, headers } = response;
    return { status, statusText, headers, text, ms };
  } finally {
    deadline.dispose();
  }
}
