import {
  isDomainctlError,
  MalformedResponseError,
  NetworkError,
  RequestInputError,
} from '../core/errors.js';
import type { Deadline } from './deadline.js';
import { MalformedHttpError } from './http-transport.js';

const SYSCALL_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'the TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the TLS certificate is self-signed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the TLS certificate is for another host',
};

/** The errors Node throws for a header it will not send: a usage error, never a network one. */
const INVALID_HEADER = new Set(['ERR_INVALID_CHAR', 'ERR_INVALID_HTTP_TOKEN']);

/** The error and its causes, outermost first: Node nests a system error in `cause` at times. */
function* causes(error: unknown): Generator<unknown> {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** Why a connection failed, in words: the first system error code met, else the innermost message. */
export function networkReason(error: unknown): string {
  let reason = String((error as Error | undefined)?.message ?? error);
  for (const cause of causes(error)) {
    if (!cause || typeof cause !== 'object') break;
    const code = codeOf(cause);
    if (code) return SYSCALL_REASONS[code] ?? code;
    reason = (cause as Error).message ?? reason;
  }
  return reason;
}

export const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;
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
    if (INVALID_HEADER.has(codeOf(cause) ?? '')) {
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
export function isFinal(error: unknown): boolean {
  return [...causes(error)].some(
    (cause) =>
      cause instanceof MalformedHttpError ||
      isDomainctlError(cause) ||
      INVALID_HEADER.has(codeOf(cause) ?? ''),
  );
}
