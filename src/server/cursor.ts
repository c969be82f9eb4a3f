import { HttpError } from './http-error.js';

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
    Number.isNaN(Date.parse(value[2]))
  ) {
    throw bad();
  }
  return { createdAt: value[2], id: value[3] };
}
