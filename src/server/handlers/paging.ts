import { PAGE_SIZE_DEFAULT } from '../../contract/params.js';
import { type Cursor, decodeCursor, encodeCursor, type ListRef } from '../cursor.js';

export interface PageRequest {
  limit: number;
  cursor: Cursor | undefined;
}

export function pageRequest(
  list: ListRef,
  query: { page_size?: number; page_token?: string },
): PageRequest {
  const limit = query.page_size ?? PAGE_SIZE_DEFAULT;
  const cursor = query.page_token ? decodeCursor(list, query.page_token) : undefined;
  return { limit, cursor };
}

/**
 * Cuts a page from rows fetched with limit + 1: the extra row only says whether another page
 * exists, so a token is never handed out that leads to an empty page.
 */
export function cutPage<R extends { created_at: string; id: string }>(
  list: ListRef,
  rows: R[],
  limit: number,
): { items: R[]; next_page_token: string } {
  if (rows.length <= limit) return { items: rows, next_page_token: '' };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1] as R;
  return {
    items,
    next_page_token: encodeCursor(list, { createdAt: last.created_at, id: last.id }),
  };
}
