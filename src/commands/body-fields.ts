import { CliError } from '../core/errors.js';
import {
  bodyJson,
  emptyBody,
  FieldNumber,
  type FieldValue,
  fieldEntries,
  fieldsQuery,
  NUMBER,
  putField,
} from '../core/field-body.js';
import { readFileText, readStdin } from './context.js';

// `api request -f/-F`: the body the fields make (core/field-body.ts), -F's `@file` and `@-` read
// here, where the command's files and stdin are.

export { bodyJson, fieldsQuery };

export interface Field {
  /** `-f` (always a string) or `-F` (typed). */
  kind: 'raw' | 'typed';
  text: string;
}

/** What -F makes of a value: true, false, null and numbers are JSON's, `@file` the file's text. */
async function typedValue(text: string, key: string): Promise<FieldValue> {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (NUMBER.test(text)) return new FieldNumber(text);
  if (text === '@-') return readStdin(`the value of field "${key}"`);
  if (text === '@') {
    throw new CliError(`field "${key}": @ needs a file name after it (@FILE, or @- for stdin)`);
  }
  if (text.startsWith('@')) return readFileText(text.slice(1), 'the field file');
  return text;
}

/**
 * The body the fields make, in the order given. `key=value` splits at the first `=`; `-f` values
 * are strings as written, `-F` values typed (see typedValue).
 */
export async function fieldsBody(fields: readonly Field[]): Promise<Record<string, unknown>> {
  const body = emptyBody();
  for (const entry of fieldEntries(fields)) {
    const { kind, raw, key } = entry;
    putField(body, entry, kind === 'raw' || raw === undefined ? raw : await typedValue(raw, key));
  }
  return body;
}
