import { PARAM_PATTERN } from '../contract/params.js';
import { HttpError } from './http-error.js';

/** A time as the store writes it: `Date.prototype.toISOString()`. */
const STORED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Where a page ends: the sort key of its last item. Lists are ordered by (created_at, id) desc. */
export interface Cursor {
  createdAt: string;
  id: string;
}

export type ListKind = 'p' | 'b' | 'd';

/**
 * Which list a token belongs to: its kind, and the scope that filters it (the project of a
 * domain or database list, the organization_id of a project list). Both are part of the token,
 * so a token of one list is refused by any other instead of silently paging it from a position
 * that means nothing there.
 */
export interface ListRef {
  kind: ListKind;
  scope: string;
}

export function encodeCursor(list: ListRef, cursor: Cursor): string {
  return Buffer.from(JSON.stringify([list.kind, list.scope, cursor.createdAt, cursor.id])).toString(
    'base64url',
  );
}

const bad = () =>
  new HttpError('invalid_request', 'page_token is not a token this list handed out');

export function decodeCursor(list: ListRef, token: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 4 ||
    value[0] !== list.kind ||
    value[1] !== list.scope ||
    typeof value[2] !== 'string' ||
    typeof value[3] !== 'string' ||
    // What the list wrote: a stored row's created_at and id. Anything else (a NUL, which
    // PostgreSQL refuses in text, half of a surrogate pair) is a forged token, never a query.
    !STORED_TIME.test(value[2]) ||
    !PARAM_PATTERN.test(value[3])
  ) {
    throw bad();
  }
  return { createdAt: value[2], id: value[3] };
}
