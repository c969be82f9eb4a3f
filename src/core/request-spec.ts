import { type HttpMethod, httpMethods } from '../contract/routes.js';
import {
  isCredentialName,
  isSensitiveHeader,
  maskCredentialShapes,
  maskJsonCredentials,
  maskSecret,
  printableHeaderLine,
  printablePath,
} from './mask.js';

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

/** A value stored under a name: masked whole when the name is a credential's, else its shapes. */
const storableValue = (name: string[], value: string) =>
  name.some(isCredentialName) && value !== '' ? maskSecret(value) : maskCredentialShapes(value);

/**
 * The body as it may be stored: its JSON with credentials masked (maskJsonCredentials), written
 * compact; the text as it was when there is nothing to mask (so numbers keep every digit), and
 * only its credential shapes masked when it is not JSON.
 */
function storableBody(body: string): string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return maskCredentialShapes(body);
  }
  const masked = JSON.stringify(maskJsonCredentials(value));
  return masked === JSON.stringify(value) ? body : masked;
}

/**
 * A -f/-F field as it may be stored: `key=value` with the value masked when a part of the key is
 * named like a credential (`client_secret`, `auth[password]`), else its credential shapes. A -F
 * `@file` is the name of a file, not its text, and stays.
 */
function storableField(field: RequestField): RequestField {
  const at = field.text.indexOf('=');
  if (at === -1) return { ...field };
  const key = field.text.slice(0, at);
  const value = field.text.slice(at + 1);
  if (field.kind === 'typed' && value.startsWith('@')) return { ...field };
  const names = key.split(/[[\]]+/).filter((part) => part !== '');
  return { kind: field.kind, text: `${key}=${storableValue(names, value)}` };
}

/**
 * The request as it may be written to a file or shown, by one rule for everything stored (the
 * history, saved requests) as for everything printed: header values and query parameters named
 * like credentials masked as `--debug` masks them (`Bearer ****abcd`), an Authorization header
 * dropped altogether (the profile's token is what is sent), and in the body, the -f/-F fields
 * and the --arg values, every value named like a credential (`password`, `client_secret`,
 * `token`, `key`…) masked, and anything shaped like one (`dk_…`, a JWT) masked wherever it is,
 * the path and --jq included. Keys that are absent or empty are left out, so a stored request
 * holds only what was given.
 */
export function storableSpec(spec: RequestSpec): RequestSpec {
  const headers = (spec.headers ?? [])
    .filter((line) => headerName(line).toLowerCase() !== 'authorization')
    .map((line) => maskCredentialShapes(printableHeaderLine(line)));
  return {
    method: spec.method,
    path: maskCredentialShapes(printablePath(spec.path)),
    ...(headers.length > 0 ? { headers } : {}),
    ...(spec.body !== undefined ? { body: storableBody(spec.body) } : {}),
    ...(spec.fields?.length ? { fields: spec.fields.map(storableField) } : {}),
    ...(spec.paginate ? { paginate: true } : {}),
    ...(spec.jq !== undefined ? { jq: maskCredentialShapes(spec.jq) } : {}),
    ...(spec.jqArgs?.length
      ? {
          jqArgs: spec.jqArgs.map(([n, v]) => [n, storableValue([n], v)] as [string, string]),
        }
      : {}),
  };
}

/**
 * Where a request holds a credential that storableSpec would mask outside its headers (the path,
 * the body, a field, --jq, an --arg), for people: `the body`, `-f client_secret`, `--arg token`.
 * A saved request refuses these: a masked header is left out when it is sent and given again
 * with -H, but a masked value there would be sent as the mask.
 */
export function credentialPlaces(spec: RequestSpec): string[] {
  const stored = storableSpec(spec);
  const places: string[] = [];
  if (stored.path !== spec.path) places.push('the path');
  if (stored.body !== spec.body) places.push('the body');
  (spec.fields ?? []).forEach((field, i) => {
    if (stored.fields?.[i]?.text !== field.text) {
      const key = field.text.slice(0, Math.max(0, field.text.indexOf('=')));
      places.push(`${field.kind === 'raw' ? '-f' : '-F'} ${key}`);
    }
  });
  if (stored.jq !== spec.jq) places.push('--jq');
  (spec.jqArgs ?? []).forEach(([name, value], i) => {
    if (stored.jqArgs?.[i]?.[1] !== value) places.push(`--arg ${name}`);
  });
  return places;
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
