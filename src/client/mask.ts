/** Shows only the last 4 characters of a secret, never its length's worth of dots. */
export function maskSecret(secret: string): string {
  return secret.length <= 4 ? '****' : `****${secret.slice(-4)}`;
}

const SENSITIVE_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
]);

/** A header value as it may be printed: credentials masked, the scheme word kept. */
export function printableHeader(name: string, value: string): string {
  if (!SENSITIVE_HEADERS.has(name.toLowerCase())) return value;
  const scheme = /^(Bearer|Basic|Token)\s+(.*)$/i.exec(value);
  return scheme ? `${scheme[1]} ${maskSecret(scheme[2] ?? '')}` : maskSecret(value);
}
