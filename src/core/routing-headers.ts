import { RequestInputError } from './errors.js';

// Headers that say which site or path a request is for, rather than what it asks: a front that
// routes by them (nginx server blocks, a load balancer's host rule, a CDN, a framework behind a
// proxy) can hand the request, and the profile's token with it, to another site than the base
// URL. domainctl sends credentials to the base URL only, so none of these is ever sent, whoever
// wrote it (-H, a saved request, a pasted line, the raw screen's form):
// - Host, and every HTTP/2 pseudo-header (`:authority`, `:path`, `:scheme`, `:method`);
// - Forwarded and the X-Forwarded-Host/-Server/-Proto/-Port/-Prefix that stand for it, which
//   proxies and frameworks trust to rebuild the request's host and scheme;
// - X-Host and X-Original-Host (the same, by other proxies), X-Original-URL and X-Rewrite-URL
//   (IIS and frameworks on it route by them, to another path than the one checked).
const ROUTING_HEADERS = new Set([
  'host',
  'forwarded',
  'x-forwarded-host',
  'x-forwarded-server',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-prefix',
  'x-host',
  'x-original-host',
  'x-original-url',
  'x-rewrite-url',
]);

// Headers that tell a server to act as if the request had another method (Rails, Express's
// method-override, Symfony, Google's APIs honour them): a GET carrying `X-HTTP-Method-Override:
// DELETE` would delete through a read-only profile, and be retried as a GET may be. The method is
// the command's to give (`api request DELETE …`), so these are refused as well.
const METHOD_OVERRIDE_HEADERS = new Set([
  'x-http-method-override',
  'x-http-method',
  'x-method-override',
]);

/**
 * The name of a header line that routes the request (see ROUTING_HEADERS), as written; undefined
 * for any other line. A pseudo-header's name keeps its colon: `:authority`.
 */
export function routingHeaderName(line: string): string | undefined {
  const text = line.trimStart();
  const pseudo = /^:[^:\s]*/.exec(text);
  if (pseudo) return pseudo[0];
  const colon = text.indexOf(':');
  const name = colon > 0 ? text.slice(0, colon).trim() : '';
  return ROUTING_HEADERS.has(name.toLowerCase()) ? name : undefined;
}

/** The name of a header line that overrides the method (see METHOD_OVERRIDE_HEADERS), as written. */
function methodOverrideName(line: string): string | undefined {
  const colon = line.indexOf(':');
  const name = colon > 0 ? line.slice(0, colon).trim() : '';
  return METHOD_OVERRIDE_HEADERS.has(name.toLowerCase()) ? name : undefined;
}

/**
 * Throws a RequestInputError (exit code 2, nothing sent) for a header line that routes the request
 * or overrides its method.
 */
export function refuseRoutingHeader(line: string): void {
  const override = methodOverrideName(line);
  if (override !== undefined) {
    throw new RequestInputError(
      `the ${override} header is refused: it asks the server for another method than the one sent, past read-only profiles and the retry rules; send the method itself instead`,
    );
  }
  const name = routingHeaderName(line);
  if (name === undefined) return;
  throw new RequestInputError(
    `the ${name} header is refused: it routes the request, and a front that routes by it could take the token to another site; domainctl sends to the profile's base URL only`,
  );
}
