import type * as z from 'zod';
import { HttpError } from './http-error.js';

function describeIssue(issue: z.core.$ZodIssue, where: string): string {
  const path = issue.path.join('.');
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    // A schema's own message for a missing field (it names the field) says more than ours.
    if (path && issue.message.startsWith(`${path} `)) return issue.message;
    return path ? `${path} is required` : `${where} is required`;
  }
  if (issue.code === 'unrecognized_keys') {
    return `${where} has unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
  }
  // Our own messages (regex, ranges) already name the field.
  if (path && !issue.message.startsWith(path)) return `${path}: ${issue.message}`;
  return issue.message;
}

/** Parses with a contract schema; a failure is a 400 whose message names the first problem. */
export function parseOr400<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new HttpError(
    'invalid_request',
    issue ? describeIssue(issue, where) : `${where} is invalid`,
  );
}

// JSON is UTF-8 (RFC 8259). The lenient decoder request.text() uses would store every broken
// sequence as U+FFFD in a name; this one refuses the body instead.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Refuses a body sent as something other than JSON (415): `curl -d` sends a form's type, `fetch`
 * a string as text/plain, and both used to be read as JSON anyway. A request that names no type
 * is read as JSON, the only kind of body the API has.
 */
export function requireJsonBody(request: Request): void {
  const type = request.headers.get('content-type');
  if (type === null) return;
  const essence = (type.split(';')[0] ?? '').trim().toLowerCase();
  if (essence === 'application/json') return;
  // Named back only when it reads as a media type: the header is the client's to fill.
  const named = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/.test(essence)
    ? ` (it was sent as ${essence})`
    : '';
  throw new HttpError(
    'unsupported_media_type',
    `the request body must be JSON, sent with Content-Type: application/json${named}`,
  );
}

/**
 * Reads a JSON request body; an empty or broken one, or one that is not valid UTF-8, is a 400
 * before any field is looked at.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  let text: string;
  try {
    text = utf8.decode(await request.arrayBuffer());
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new HttpError('invalid_request', 'the request body is not valid UTF-8');
  }
  if (text.trim() === '')
    throw new HttpError('invalid_request', 'the request body must be a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError('invalid_request', 'the request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError('invalid_request', 'the request body must be a JSON object');
  }
  return value;
}
