import { type HttpMethod, httpMethods } from '../contract/routes.js';
import { isSensitiveHeader, printableHeaderLine, printablePath } from './mask.js';

/** How many requests the history keeps, per profile (config/request-history.ts). */
export const HISTORY_LIMIT = 500;

/** A body field as `api request` takes one: `-f key=value` (raw string) or `-F key=value` (typed). */
export interface RequestField {
  kind: 'raw' | 'typed';
  text: string;
}

/**
 * A raw request as the user gave it, before prepareRequest fills and checks it: what the history
 * and the saved requests keep, what the raw-request screen's form holds, and what the copies (a
 * command line, a curl) are made from. Never holds the profile's token: that is the profile's,
 * not the request's, and is added when the request is prepared.
 */
export interface RequestSpec {
  method: HttpMethod;
  /** Relative to the base URL, query string included; `{project_id}` and `{org_id}` may stay. */
  path: string;
  /** `Name: value` lines, as given with -H. */
  headers?: string[];
  /** The body as JSON text (-d). Absent when `fields` give it, or when there is none. */
  body?: string;
  /** -f/-F fields, in the order given, when the body (a GET's query) came that way. */
  fields?: RequestField[];
  /** --paginate. */
  paginate?: boolean;
  /** --jq EXPRESSION. */
  jq?: string;
  /** --arg NAME VALUE pairs of the --jq expression, in order. */
  jqArgs?: [string, string][];
}

/** The method names `api request` accepts, upper-cased; undefined for anything else. */
export function parseMethod(method: string): HttpMethod | undefined {
  const upper = method.toUpperCase() as HttpMethod;
  return httpMethods.includes(upper) ? upper : undefined;
}

// What a masked value looks like once printableHeader has been over it: `****abcd`, `Bearer ****abcd`.
const MASKED_VALUE = /^(?:[A-Za-z]+ )?\*\*\*\*[^*]{0,4}$/;

/** A header line's name, trimmed ("" when the line has no colon). */
export function headerName(line: string): string {
  const colon = line.indexOf(':');
  return colon > 0 ? line.slice(0, colon).trim() : '';
}

/**
 * True for a header line that a stored request keeps only masked (its name looks like a
 * credential's, and its value is a mask): sending it would send the mask, so a request loaded
 * from the history or a file drops it and says so.
 */
export function isMaskedHeader(line: string): boolean {
  const name = headerName(line);
  return isSensitiveHeader(name) && MASKED_VALUE.test(line.slice(line.indexOf(':') + 1).trim());
}

/**
 * The request as it may be written to a file or shown: header values that look like credentials
 * masked as `--debug` masks them (`Bearer ****abcd`), query parameters that look like credentials
 * too, and an Authorization header dropped altogether (the profile's token is what is sent).
 * Keys that are absent or empty are left out, so a stored request holds only what was given.
 */
export function storableSpec(spec: RequestSpec): RequestSpec {
  const headers = (spec.headers ?? [])
    .filter((line) => headerName(line).toLowerCase() !== 'authorization')
    .map(printableHeaderLine);
  return {
    method: spec.method,
    path: printablePath(spec.path),
    ...(headers.length > 0 ? { headers } : {}),
    ...(spec.body !== undefined ? { body: spec.body } : {}),
    ...(spec.fields?.length ? { fields: spec.fields.map((f) => ({ ...f })) } : {}),
    ...(spec.paginate ? { paginate: true } : {}),
    ...(spec.jq !== undefined ? { jq: spec.jq } : {}),
    ...(spec.jqArgs?.length
      ? { jqArgs: spec.jqArgs.map(([n, v]) => [n, v] as [string, string]) }
      : {}),
  };
}

/**
 * A stored request made ready to send again: the headers kept only masked are dropped, and named
 * in `dropped` so the caller can say that they must be given again.
 */
export function withoutMaskedHeaders(spec: RequestSpec): { spec: RequestSpec; dropped: string[] } {
  const dropped = (spec.headers ?? []).filter(isMaskedHeader).map(headerName);
  if (dropped.length === 0) return { spec, dropped };
  const headers = (spec.headers ?? []).filter((line) => !isMaskedHeader(line));
  const { headers: _, ...rest } = spec;
  return { spec: headers.length > 0 ? { ...rest, headers } : rest, dropped };
}
