/** Shows only the last 4 characters of a secret, never its length's worth of dots. */
export function maskSecret(secret: string): string {
  return secret.length <= 4 ? '****' : `****${secret.slice(-4)}`;
}

// Any header whose name says it may carry a credential: Authorization, Proxy-Authorization,
// Cookie, Set-Cookie, X-Api-Key, X-Auth-Token, Private-Token (GitLab), X-Session-Id, … A list of
// exact names always misses the next one; masking a harmless header costs only some --debug detail.
const SENSITIVE_HEADER = /token|auth|key|secret|session|cookie|passw(or)?d|credential/i;

/** True when `--debug` must not print this header's value in full. */
export const isSensitiveHeader = (name: string) => SENSITIVE_HEADER.test(name);

/** A header value as it may be printed: credentials masked, the scheme word kept. */
export function printableHeader(name: string, value: string): string {
  if (!isSensitiveHeader(name)) return value;
  const scheme = /^(Bearer|Basic|Token)\s+(.*)$/i.exec(value);
  return scheme ? `${scheme[1]} ${maskSecret(scheme[2] ?? '')}` : maskSecret(value);
}

// The contract's own query parameters whose names happen to match the rule above: a page token
// is a cursor, not a credential, and --debug is where one is looked for.
const NOT_CREDENTIALS = new Set(['page_token']);

/**
 * True for a name (a header, a query parameter, a JSON member, a -f/-F field, a --arg) whose
 * value may be a credential: the rule `--debug` masks headers by, for every name domainctl
 * prints or stores a value under.
 */
export const isCredentialName = (name: string) =>
  isSensitiveHeader(name) && !NOT_CREDENTIALS.has(name);

/**
 * Anything shaped like an API key (`dk_…`) or a JWT (`eyJ….…`), wherever it starts, unless a
 * letter or digit comes right before it: "_" counts as a place to start (prj_dk_… holds a key; a
 * word boundary, \b, missed it), a letter or digit does not, so that ids such as "prj_sdk_x" are
 * kept as they are. The server redacts its logs by the same shape (server/redact.ts).
 */
export const CREDENTIAL_SHAPE =
  /(?<![A-Za-z0-9])(?:dk_[A-Za-z0-9_-]+|eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_.-]+)/g;

/** The text with everything shaped like a credential (CREDENTIAL_SHAPE) masked by maskSecret. */
export function maskCredentialShapes(text: string): string {
  if (!text.includes('dk_') && !text.includes('eyJ')) return text;
  return text.replace(CREDENTIAL_SHAPE, (key) => maskSecret(key));
}

/**
 * A parsed JSON value with credentials masked: every string or number under a member named like
 * a credential (isCredentialName: `password`, `client_secret`, `api_key`, `token`…) by
 * maskSecret, however deep, and everything shaped like one elsewhere (maskCredentialShapes).
 * An empty string, true, false and null say nothing secret and stay.
 */
export function maskJsonCredentials(value: unknown, named = false): unknown {
  if (typeof value === 'string') {
    if (!named) return maskCredentialShapes(value);
    return value === '' ? value : maskSecret(value);
  }
  if (typeof value === 'number') return named ? maskSecret(String(value)) : value;
  if (Array.isArray(value)) return value.map((item) => maskJsonCredentials(item, named));
  if (typeof value === 'object' && value !== null) {
    const masked: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [key, member] of Object.entries(value)) {
      masked[key] = maskJsonCredentials(member, named || isCredentialName(key));
    }
    return masked;
  }
  return value;
}

// What maskSecret leaves of a secret: `****` and at most its last 4 characters.
const MASK = /^\*\*\*\*[^*]{0,4}$/;

/**
 * The name of the first member of a parsed JSON value that holds a mask where maskJsonCredentials
 * puts one (a string under a member named like a credential, however deep), or undefined. A body
 * from the history or a saved request holds such masks; sent, the mask would be the value.
 */
export function maskedMember(value: unknown, named?: string): string | undefined {
  if (typeof value === 'string') return named !== undefined && MASK.test(value) ? named : undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = maskedMember(item, named);
      if (found !== undefined) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, member] of Object.entries(value)) {
      const found = maskedMember(member, named ?? (isCredentialName(key) ? key : undefined));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Decodes a query-string part as URLSearchParams would, keeping it as it is when it does not. */
function decodeQueryPart(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** A query string (with its `?`, or "") with credential-looking values masked; see printableUrl. */
function printableSearch(search: string): string {
  if (search.length <= 1) return search;
  const parts = search
    .slice(1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals === -1) return part;
      const name = decodeQueryPart(part.slice(0, equals));
      if (!isCredentialName(name)) return part;
      const value = decodeQueryPart(part.slice(equals + 1));
      return `${part.slice(0, equals)}=${encodeURIComponent(maskSecret(value))}`;
    });
  return `?${parts.join('&')}`;
}

/**
 * A URL as it may be printed (`--debug`, messages): the value of every query parameter whose name
 * says it may carry a credential (`api_key`, `access_token`, `token`, `secret`, `password`,
 * `auth`…, by the rule that masks headers) masked to its last 4 characters, and any user name or
 * password in it dropped. The rest is left exactly as it is sent.
 */
export function printableUrl(url: URL | string): string {
  const { origin, pathname, search, hash } = new URL(url);
  return `${origin}${pathname}${printableSearch(search)}${hash}`;
}

/**
 * A path relative to the base URL (`/v1/x?api_key=…`, placeholders such as `{project_id}` kept)
 * as it may be stored or printed: its query masked as printableUrl masks one, the rest as written.
 */
export function printablePath(path: string): string {
  const question = path.indexOf('?');
  if (question === -1) return path;
  return `${path.slice(0, question)}${printableSearch(path.slice(question))}`;
}

/** A `Name: value` header line as it may be stored or printed (printableHeader on its value). */
export function printableHeaderLine(line: string): string {
  const colon = line.indexOf(':');
  if (colon <= 0) return line;
  const name = line.slice(0, colon).trim();
  return `${line.slice(0, colon)}: ${printableHeader(name, line.slice(colon + 1).trim())}`;
}
