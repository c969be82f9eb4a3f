import { RequestInputError } from './errors.js';
import type { RequestField } from './request-spec.js';

// `-f/-F` fields made into a request body, as `gh api` builds one: what `api request` sends and
// what the raw screen writes into its form from a pasted or saved request. Nested keys (`a[b]=1`)
// make objects, `a[]=x` arrays, `a[][k]=v` arrays of objects (a key already set in the last object
// starts the next one); a field without `=` whose key ends in `[]` is an empty array.

/**
 * A number -F read, kept as it was written: a double would turn 12345678901234567890 into
 * 12345678901234567000, while `-d` sends the same text as typed. bodyJson writes it verbatim.
 */
export class FieldNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type FieldValue = string | FieldNumber | boolean | null;
type Container = Record<string, unknown> | unknown[];

// A JSON number, as -F reads one: `42`, `-1.5`, `1e3` (and never `01`, `.5` or `0x1f`).
export const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** `a[b][]` → ['a', 'b', '']; an input error for a key that is not of that form. */
export function keyPath(key: string): string[] {
  const match = KEY.exec(key);
  if (!match) {
    throw new RequestInputError(
      `invalid field key "${key}": write name, name[key] or name[] (e.g. labels[env], tags[])`,
    );
  }
  const nested = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] as string, ...nested];
}

/** What -F makes of true, false, null and a number; undefined for text (and `@file`). */
export function typedLiteral(text: string): FieldValue | undefined {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (NUMBER.test(text)) return new FieldNumber(text);
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof FieldNumber);

// The body's objects have no prototype: a key is the user's text, and `__proto__[a]=1` or
// `constructor=x` must be a field like any other, never Object.prototype's.
const object = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

function conflict(key: string): RequestInputError {
  return new RequestInputError(`field "${key}" is given both as a value and as an object or array`);
}

function assign(target: Container, path: string[], value: unknown, key: string): void {
  const [head = '', ...rest] = path;
  if (Array.isArray(target)) {
    if (rest.length === 0) {
      target.push(value);
      return;
    }
    let last = target.at(-1);
    // `a[][name]=x -f a[][name]=y`: a key the last element already has starts another.
    if (!isObject(last) || (rest.length === 1 && (rest[0] as string) in last)) {
      last = object();
      target.push(last);
    }
    assign(last as Record<string, unknown>, rest, value, key);
    return;
  }
  if (rest.length === 0) {
    if (head in target && (Array.isArray(target[head]) || isObject(target[head]))) {
      throw conflict(key);
    }
    target[head] = value;
    return;
  }
  const wantArray = rest[0] === '';
  const child = (target[head] ??= wantArray ? [] : object());
  if (wantArray ? !Array.isArray(child) : !isObject(child)) throw conflict(key);
  assign(child as Container, rest, value, key);
}

/** One field, its key checked: `raw` is the text after the first `=` (none for `key[]`). */
export interface FieldEntry {
  kind: RequestField['kind'];
  key: string;
  path: string[];
  raw?: string;
}

/** The fields one by one, in the order given, each key checked as it comes. */
export function* fieldEntries(fields: readonly RequestField[]): Generator<FieldEntry> {
  for (const { kind, text } of fields) {
    const at = text.indexOf('=');
    const key = at === -1 ? text : text.slice(0, at);
    const path = keyPath(key);
    if (at === -1 && path.at(-1) !== '') {
      throw new RequestInputError(
        `field "${text}" has no value: write key=value (or key[] for [])`,
      );
    }
    yield { kind, key, path, ...(at === -1 ? {} : { raw: text.slice(at + 1) }) };
  }
}

/** An empty body for putField. */
export const emptyBody = object;

/** Puts a field's value into the body (`key[]` alone: an empty array). */
export function putField(body: Record<string, unknown>, entry: FieldEntry, value: unknown): void {
  if (entry.raw === undefined) assign(body, entry.path.slice(0, -1), [], entry.key);
  else assign(body, entry.path, value, entry.key);
}

/**
 * The body the fields make with no file read: `-f` values as written, `-F` ones JSON's when they
 * are true, false, null or a number, else text; a `-F key=@…` (a file's text, or stdin) is refused
 * with the reason (`fileRefused` says it), since there is no file to read here.
 */
export function literalFieldsBody(
  fields: readonly RequestField[],
  fileRefused: (field: string) => string,
): Record<string, unknown> {
  const body = emptyBody();
  for (const entry of fieldEntries(fields)) {
    const { kind, raw, key } = entry;
    if (kind === 'typed' && raw?.startsWith('@')) {
      throw new RequestInputError(fileRefused(`-F ${key}=${raw}`));
    }
    putField(body, entry, kind === 'raw' || raw === undefined ? raw : (typedLiteral(raw) ?? raw));
  }
  return body;
}

/** The body as JSON text, numbers -F read written as they were typed. */
export function bodyJson(value: unknown): string {
  if (value instanceof FieldNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(bodyJson).join(',')}]`;
  if (isObject(value)) {
    const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${bodyJson(v)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The fields of a GET as query parameters, as `gh api` sends them: flat keys only (a query
 * string has no objects), values as text (`null` as empty).
 */
export function fieldsQuery(body: Record<string, unknown>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value) || isObject(value)) {
      throw new RequestInputError(
        `field "${name}" is an object or array, which a GET's query string cannot carry`,
      );
    }
    query.append(name, value === null ? '' : String(value));
  }
  return query;
}
