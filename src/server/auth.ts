import { createRemoteJWKSet, customFetch, errors as joseErrors, jwtVerify } from 'jose';
import { isStorableText } from '../contract/text.js';
import { HttpError } from './http-error.js';
import { hashApiKey } from './ids.js';
import { boundedJwksFetch } from './jwks-fetch.js';
import { MarkCache } from './mark-cache.js';
import type { CallerRow, RequestStore } from './store.js';

/**
 * The store's change mark as one request sees it: read at most once, on first use, so every
 * cache the request asks is judged against the same mark, read before anything it keeps.
 */
export type RequestMark = () => Promise<string | undefined>;

/** A RequestMark over `store`. */
export function requestMark(store: RequestStore): RequestMark {
  let mark: Promise<string | undefined> | undefined;
  return () => (mark ??= store.changeMark());
}

/** Who is calling: what they may see and which feature flags they have. */
export interface Caller {
  userId: string;
  subject: string;
  organizationIds: ReadonlySet<string>;
  features: ReadonlySet<string>;
}

export interface JwtSettings {
  jwksUrl: string;
  issuer?: string;
  audience?: string;
  /**
   * Absent: every JWT needs an `exp` claim, since a token without one is good for ever once it
   * leaks. Set: tokens are judged by age instead: each needs an `iat` at most this many seconds
   * old, and `exp` is checked only when present (for identity providers that issue no `exp`).
   */
  maxAgeSeconds?: number;
}

// Asymmetric algorithms only: an HMAC or "none" token could be forged by anyone holding the JWKS.
const ALLOWED_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
const CLOCK_TOLERANCE_SECONDS = 30;
const TOKEN_SYNTAX = /^[A-Za-z0-9._~+/=-]+$/;
// A JWS in compact form: header, payload and signature in base64url (the signature empty only for
// alg "none", which is refused as such). Only a token of this shape is judged as a JWT, so that a
// mistyped key is not told about JWTs.
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

const unauthorized = (message: string, presented: boolean) =>
  new HttpError('unauthorized', message, {
    'WWW-Authenticate': presented
      ? 'Bearer realm="domainctl", error="invalid_token"'
      : 'Bearer realm="domainctl"',
  });

const toCaller = (row: CallerRow): Caller => ({
  userId: row.id,
  subject: row.subject,
  organizationIds: new Set(row.organizationIds),
  features: new Set(row.features),
});

/**
 * Turns an Authorization header into a Caller, or throws a 401. API keys (`dk_…`) are looked up by
 * their SHA-256; a JWT-shaped token is checked against the JWKS; anything else is neither.
 * Messages never repeat the credential.
 */
export function createAuthenticator(jwt?: JwtSettings, log?: (line: string) => void) {
  // jose keeps the keys (these are its defaults, written out): fetched again after 10 minutes,
  // or for a token whose key it does not hold, at most once every 30 seconds; each fetch is
  // bounded in time (5 s) and, through the custom fetch, in size.
  const jwks = jwt
    ? createRemoteJWKSet(new URL(jwt.jwksUrl), {
        cacheMaxAge: 10 * 60_000,
        cooldownDuration: 30_000,
        timeoutDuration: 5_000,
        [customFetch]: boundedJwksFetch(),
      })
    : undefined;
  // A JWKS that cannot be had is for the operator to fix: said once, and again only when the
  // reason changes or after a token has been verified since, not once a request.
  let jwksProblem: string | undefined;
  const reportJwksProblem = (problem: string) => {
    if (problem === jwksProblem) return;
    jwksProblem = problem;
    log?.(`jwt: could not verify a token: ${problem}`);
  };

  // Callers by API key hash ("k …") or JWT subject ("s …"), while the data is unchanged: a
  // revoked key, a membership or a flag changed anywhere is seen by the next request.
  const callers = new MarkCache<Caller>();

  async function verifyJwt(token: string, store: RequestStore, mark: RequestMark): Promise<Caller> {
    if (!jwks || !jwt) throw unauthorized('this server does not accept JWTs; use an API key', true);
    let subject: unknown;
    try {
      const { payload } = await jwtVerify(token, jwks, {
        algorithms: ALLOWED_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        ...(jwt.maxAgeSeconds === undefined
          ? { requiredClaims: ['exp'] }
          : { maxTokenAge: jwt.maxAgeSeconds }),
        ...(jwt.issuer ? { issuer: jwt.issuer } : {}),
        ...(jwt.audience ? { audience: jwt.audience } : {}),
      });
      subject = payload.sub;
    } catch (error) {
      throw unauthorized(jwtFailure(error, reportJwksProblem), true);
    }
    jwksProblem = undefined;
    if (typeof subject !== 'string' || subject === '') {
      throw unauthorized('the token has no subject (sub claim)', true);
    }
    const current = await mark();
    const key = `s ${subject}`;
    const known = callers.get(key, current);
    if (known) return known;
    // A subject no store can hold (a NUL, which PostgreSQL refuses, half of a surrogate pair)
    // is no user's: not looked up, so every store answers it alike.
    const row = isStorableText(subject) ? await store.callerBySubject(subject) : undefined;
    // A valid token for a subject we do not know is a user who is a member of nothing.
    const caller = row
      ? toCaller(row)
      : { userId: '', subject, organizationIds: new Set<string>(), features: new Set<string>() };
    callers.set(key, current, caller);
    return caller;
  }

  /**
   * `store` is the store as the request uses it, `mark` the request's view of its change mark
   * (see requestMark).
   */
  return async function authenticate(
    header: string | undefined,
    store: RequestStore,
    mark: RequestMark = requestMark(store),
  ): Promise<Caller> {
    if (!header)
      throw unauthorized('missing credentials: send Authorization: Bearer <token>', false);
    const match = /^Bearer +(\S+) *$/i.exec(header);
    const token = match?.[1];
    if (!token || !TOKEN_SYNTAX.test(token)) {
      throw unauthorized('malformed Authorization header: expected "Bearer <token>"', true);
    }
    if (token.startsWith('dk_')) {
      const hash = hashApiKey(token);
      const current = await mark();
      const key = `k ${hash}`;
      const known = callers.get(key, current);
      if (known) return known;
      const row = await store.callerByApiKeyHash(hash);
      if (!row) throw unauthorized('unknown API key', true);
      const caller = toCaller(row);
      callers.set(key, current, caller);
      return caller;
    }
    if (!JWT_SHAPE.test(token)) {
      throw unauthorized(
        'the token is neither an API key of this server (they start with dk_) nor a JWT',
        true,
      );
    }
    return verifyJwt(token, store, mark);
  };
}

export type Authenticate = ReturnType<typeof createAuthenticator>;

function jwtFailure(error: unknown, reportJwksProblem: (problem: string) => void): string {
  if (error instanceof joseErrors.JWTExpired) {
    return error.claim === 'iat'
      ? 'the token was issued longer ago than this API accepts (iat claim)'
      : 'the token has expired';
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'exp' && error.reason === 'missing')
      return 'the token has no expiry (exp claim); this API accepts only tokens that expire';
    if (error.claim === 'iat' && error.reason === 'missing')
      return 'the token has no issue time (iat claim), which this API needs to judge its age';
    if (error.claim === 'nbf') return 'the token is not valid yet';
    if (error.claim === 'iss' || error.claim === 'aud')
      return 'the token was not issued for this API';
    return 'the token has an invalid claim';
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed)
    return 'the token is signed with an algorithm this API does not accept';
  if (
    error instanceof joseErrors.JWSSignatureVerificationFailed ||
    error instanceof joseErrors.JWKSNoMatchingKey
  ) {
    return 'the token signature does not match any key this API trusts';
  }
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid)
    return 'the token is malformed';
  // The JWKS could not be fetched: the caller cannot fix that, the operator can, so log it.
  reportJwksProblem((error as Error).message);
  return 'the token could not be verified';
}
