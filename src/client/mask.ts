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
