import { normalizeHostname } from '../../contract/hostname.js';
import { ASK_NAME_WINDOW_MS } from '../ask-limit.js';
import { HttpError } from '../http-error.js';
import type { Handler } from './types.js';

/**
 * `GET /v1/tls/ask?domain=…`, the question an edge's on-demand TLS asks before it obtains a
 * certificate for a name a client sent as SNI (Caddy: `on_demand_tls { ask … }`): 200 for a
 * verified custom domain, 404 for anything else. Anyone can make an edge ask about any name, so
 * it needs no credentials, reveals no more than a TLS handshake would, answers from AskCache and
 * limits only the questions that need the store (AskLimit).
 */
export const tlsAsk: Handler<'tlsAsk'> = async ({ deps, query, mark, client }) => {
  const { domain: input } = query();
  const host = normalizeHostname(input, deps.settings.edgeDomain);
  // A name the API would never store is no verified domain: the edge must not get a certificate.
  // Nor is one that is not already the stored ASCII form: an edge converts a Unicode SNI name to
  // punycode without IDNA's mapping, so "acme-ſhop" (U+017F) or "shop。com" (U+3002), which the
  // mapping would fold onto a verified name, reach the CA as other, registrable names.
  if (!host.ok || host.hostname !== asStored(input)) throw notVerified(input);
  const current = await mark();
  let verified = deps.asks.get(host.hostname, current);
  if (verified === undefined) {
    // A name verified when the store was last asked is never limited: the limit is there for
    // the flood of made-up names, and must not shut a customer's name out with them.
    const retry = deps.asks.wasVerified(host.hostname)
      ? undefined
      : deps.askLimit.take(client(), host.hostname);
    if (retry !== undefined) {
      throw new HttpError(
        'rate_limited',
        `more than ${deps.askLimit.limit} questions a minute from this address needed the database, and ${host.hostname} was asked less than ${ASK_NAME_WINDOW_MS / 1000} s ago; try again after Retry-After seconds`,
        { 'Retry-After': String(retry) },
      );
    }
    const row = await deps.store.domainByName(host.hostname);
    verified = Boolean(row?.verified);
    deps.asks.set(host.hostname, current, verified);
  }
  if (!verified) throw notVerified(host.hostname);
  return { domain: host.hostname, verified: true };
};

function notVerified(name: string): HttpError {
  return new HttpError('not_found', `${name} is not a verified custom domain`);
}

/**
 * The name as it would be stored, if it is in the stored form already but for what every TLS
 * server folds (upper case, one trailing dot); undefined for anything else: non-ASCII, spaces,
 * any character a host name has not.
 */
function asStored(name: string): string | undefined {
  if (!/^[A-Za-z0-9.-]+$/.test(name)) return undefined;
  const lower = name.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}
