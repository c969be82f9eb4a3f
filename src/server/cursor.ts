import { HttpError } from './http-error.js';

/** Where a page ends: the sort key of its last item. Lists are ordered by (created_at, id) desc. */
export interface Cursor {
  createdAt: string;
  id: string;
}

// The list kind is part of the token, so a token of one list is refused by another.
export type ListKind = 'p' | 'b' | 'd';

export function encodeCursor(kind: ListKind, cursor: Cursor): string {
  return Buffer.from(JSON.stringify([kind, cursor.createdAt, cursor.id])).toString('base64url');
}

const bad = () =>
  new HttpError('invalid_request', 'page_token is not a token this list handed out');

export function decodeCursor(kind: ListKind, token: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    value[0] !== kind ||
    typeof value[1] !== 'string' ||
    typeof value[2] !== 'string' ||
    Number.isNaN(Date.parse(value[1]))
  ) {
    throw bad();
  }
  return { createdAt: value[1], id: value[2] };
}
