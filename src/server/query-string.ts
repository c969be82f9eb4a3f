import { HttpError } from './http-error.js';

/**
 * The parameters of a query string (without its "?"), each once. Stricter than Hono's reader,
 * which keeps the first of a repeated parameter and leaves an escape that is not UTF-8 as it
 * came: `page_size=5&page_size=x` must not be answered as if only the first had been sent, and
 * `%ED%A0%80` (half of a surrogate pair) is no text any store can hold. Both are a 400.
 */
export function readQuery(query: string): Record<string, string> {
  const params: Record<string, string> = {};
  const seen = new Set<string>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    const rawName = at === -1 ? part : part.slice(0, at);
    const name = decode(rawName, rawName);
    if (name === '') continue;
    const value = at === -1 ? '' : decode(part.slice(at + 1), name);
    if (seen.has(name)) {
      throw new HttpError('invalid_request', `query parameter ${name} is given more than once`);
    }
    seen.add(name);
    // A property of its own even for "__proto__": the schema then names it as unknown.
    Object.defineProperty(params, name, { value, enumerable: true, writable: true });
  }
  return params;
}

function decode(text: string, name: string): string {
  if (!/[%+]/.test(text)) return text;
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch (error) {
    if (!(error instanceof URIError)) throw error;
    throw new HttpError(
      'invalid_request',
      `query parameter ${name} is not valid percent-encoded UTF-8 text`,
    );
  }
}
