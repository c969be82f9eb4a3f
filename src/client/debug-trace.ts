import { isSensitiveHeader, maskSecret, printableHeader, printableUrl } from '../core/mask.js';

/** Writes one line of the `--debug` trace. */
export type DebugLine = (line: string) => void;

/** The most of one body the trace shows: a 64 MiB answer in full would bury the rest. */
export const TRACED_BODY_CHARS = 16 * 1024;

// Fields of the contract whose names match the credential rule but carry none: cursors (--debug
// is where a page token is looked for) and the domain's DNS token, public in its TXT record.
const NOT_CREDENTIALS = new Set(['page_token', 'next_page_token', 'dns_verification_token']);

/** A JSON value with every string under a credential-looking key masked, at any depth. */
function maskJson(value: unknown, key?: string): unknown {
  if (typeof value === 'string') {
    return key !== undefined && isSensitiveHeader(key) && !NOT_CREDENTIALS.has(key)
      ? maskSecret(value)
      : value;
  }
  if (Array.isArray(value)) return value.map((item) => maskJson(item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, maskJson(v, name)]));
  }
  return value;
}

/**
 * A body as the trace may show it: JSON with the values of credential-looking keys masked
 * (`token`, `api_key`, `password`…, the rule that masks headers), and each secret the request
 * carries masked wherever it appears, in JSON or text. Cut at TRACED_BODY_CHARS.
 */
export function printableBody(text: string, secrets: readonly string[] = []): string {
  let shown = text;
  try {
    shown = JSON.stringify(maskJson(JSON.parse(text)));
  } catch {
    // Not JSON: only the known secrets are masked.
  }
  for (const secret of secrets) {
    if (secret.length >= 4) shown = shown.replaceAll(secret, maskSecret(secret));
  }
  if (shown.length <= TRACED_BODY_CHARS) return shown;
  return `${shown.slice(0, TRACED_BODY_CHARS)}… (${shown.length - TRACED_BODY_CHARS} more characters)`;
}

/** The secrets a request carries: each credential-looking header's value, and its bearer token. */
export function secretsOf(headers: Headers): string[] {
  const secrets: string[] = [];
  headers.forEach((value, name) => {
    if (!isSensitiveHeader(name)) return;
    secrets.push(value);
    const scheme = /^\S+\s+(.+)$/.exec(value);
    if (scheme?.[1]) secrets.push(scheme[1]);
  });
  // The longer first: a token inside its header's value is then masked as part of it.
  return secrets.sort((a, b) => b.length - a.length);
}

/** `> POST …`, its headers (credentials masked) and, after `>`, its body. */
export function traceRequest(
  debug: DebugLine,
  request: Request,
  body: string | undefined,
  secrets: readonly string[],
): void {
  debug(`> ${request.method} ${printableUrl(request.url)}`);
  request.headers.forEach((value, name) => {
    debug(`> ${name}: ${printableHeader(name, value)}`);
  });
  if (body) traceBody(debug, '>', body, secrets);
}

/** `< 200 OK (12 ms)` and the headers, credentials masked. */
export function traceResponse(debug: DebugLine, response: Response, ms: number): void {
  debug(`< ${response.status} ${response.statusText} (${Math.round(ms)} ms)`);
  response.headers.forEach((value, name) => {
    debug(`< ${name}: ${printableHeader(name, value)}`);
  });
}

/** A body under its headers, as gh's --verbose shows it: an empty marker line, then the text. */
export function traceBody(
  debug: DebugLine,
  marker: '>' | '<',
  text: string,
  secrets: readonly string[],
): void {
  debug(marker);
  for (const line of printableBody(text, secrets).split('\n')) debug(`${marker} ${line}`);
}
