import { FIRST_ROW, moveSelection, type Selection, selectedRow } from '../components/selection.js';
import { tableWindow } from '../components/table-window.js';
import type { Page } from './usePagedList.js';

// Where a paged list is (usePagedList): the token of each page walked through, the page in view,
// the row selected on each page, and the pages loadMore added after the one in view. A reducer,
// so it is tested without Ink or the cache.

/** The pages a screen has walked through: the token of each, and the page in view. */
export interface WalkState<T> {
  /** The token of each page from the first to the one in view; the first page has none. */
  tokens: (string | undefined)[];
  /** Which page is in view, from 0. */
  index: number;
  /**
   * The row selected on each page walked through, by page index: going back to a page finds the
   * row left there. A page with none starts at its first row.
   */
  selections: readonly (Selection | undefined)[];
  /** Pages added after the one in view (loadMore), with the next token after them. */
  added?: { items: T[]; next: string; capped: boolean };
  /** Further pages being added (loadMore): the rows stay meanwhile. */
  more?: 'one' | 'all';
  moreError?: unknown;
  /** Counts loadMore's requests: an answer is taken only if no refresh or move came since. */
  generation: number;
  /**
   * Keys typed while the rows they act on were not in hand yet (`n` PgDn `j` typed ahead while a
   * page loads), in the order typed: each is applied once the page in view has come, with its
   * rows, exactly as it would have been had it been typed then.
   */
  pending: readonly WalkKey[];
  /**
   * The pages were cut again (another page size: the terminal was resized): the walk went back
   * to the first page, and goes on page by page to the one that holds this item, to select it
   * there. So the pages cover every row once again at the new size, row numbers and all, with
   * the same item selected. Keys typed meanwhile wait, as they do for a page loading.
   */
  seek?: Seek;
}

/** The item a walk cut again goes on to (`WalkState.seek`). */
export interface Seek {
  id: string;
  /** Its row among every item (from 0) when the pages were cut again: the search ends there. */
  row: number;
  /** The rows of the pages walked before the one in view. */
  passed: number;
}

/** A key that moves through the pages, or through the rows of the page in view. */
export type WalkKey =
  /** n: the next page, on the row left there (its first row if none was). */
  | { type: 'next' }
  /** b: the page before, on the row left there. */
  | { type: 'previous' }
  /**
   * ↑ ↓ j k: rows up (negative) or down. Past the last row, the next page's first row; before
   * the first, the page before's last row: the rows go on across pages, as n and b turn them.
   */
  | { type: 'move'; step: number }
  /** g G Home End: the first or the last row of the page. */
  | { type: 'end'; last: boolean }
  /**
   * PgUp PgDn: a screenful of rows (as many as a table `height` lines high shows of the page);
   * past the page in view, the page beyond it on the same row, as a pager turns its pages.
   * Where no page is beyond, the first or last row.
   */
  | { type: 'screenful'; down: boolean; height: number };

/** What a key needs to know of the page in view: its rows, once they are in hand. */
export interface PageInHand {
  /** The ids of its rows, in order. */
  ids: readonly string[];
  /** The token of the page after it: "" on the last page. */
  next: string;
}

export type WalkAction<T> =
  /** A key: applied now when nothing waits and the page it needs is in hand, else kept. */
  | { type: 'key'; key: WalkKey; page: PageInHand | undefined }
  /**
   * The page in view has come (`page`), or failed (none): the keys kept are applied in order,
   * up to one that turns to a page whose rows must come first; on a failure they go. Through
   * pages the cache has (`cached`) they go on at once: one render a page, 25 made React give
   * up with "too many re-renders".
   */
  | {
      type: 'landed';
      page: PageInHand | undefined;
      cached?: (token: string | undefined) => PageInHand | undefined;
    }
  /** The row shown as selected becomes the selected item, by id (see selection.ts). */
  | { type: 'pin'; page: PageInHand }
  /**
   * The pages are cut at another size from now on: `page` is the page in view as it was cut
   * before (its rows, and how many rows came before it), when they were in hand.
   */
  | { type: 'recut'; page: { ids: readonly string[]; start: number } | undefined }
  | { type: 'refresh' }
  | { type: 'more'; all: boolean }
  | { type: 'appended'; generation: number; page: Page<T> & { capped: boolean } }
  | { type: 'moreFailed'; generation: number; error: unknown };

/** A move or a refresh drops what loadMore added: the page in view is the API's again. */
const moved = <T>(state: WalkState<T>, changes: Partial<WalkState<T>>): WalkState<T> => ({
  ...state,
  added: undefined,
  more: undefined,
  moreError: undefined,
  generation: state.generation + 1,
  ...changes,
});

export function walkReducer<T>(state: WalkState<T>, action: WalkAction<T>): WalkState<T> {
  switch (action.type) {
    case 'key':
      // A key after one still waiting waits too: keys act in the order typed. `previous` needs
      // no rows (the page before and its row are known), so it goes at once while a page loads.
      if (
        state.seek ||
        state.pending.length > 0 ||
        (action.page === undefined && action.key.type !== 'previous')
      )
        return { ...state, pending: [...state.pending, action.key] };
      return applyKey(state, action.key, action.page);
    case 'landed': {
      if (state.pending.length === 0 && !state.seek) return state;
      if (action.page === undefined) return { ...state, pending: [], seek: undefined };
      // On to the page turned to: at once where its rows are in hand, else when they come.
      const onward = (turned: WalkState<T>): WalkState<T> => {
        const page = action.cached?.(turned.tokens[turned.index]);
        return page ? walkReducer(turned, { ...action, page }) : turned;
      };
      if (state.seek) {
        const sought = seekOn(state, state.seek, action.page);
        if (sought.seek) return onward(sought);
        return walkReducer(sought, action);
      }
      // The keys kept act on these rows; a page turned to has rows of its own to wait for.
      let walked: WalkState<T> = { ...state, pending: [] };
      for (const [at, key] of state.pending.entries()) {
        const before = walked.index;
        walked = applyKey(walked, key, action.page);
        if (walked.index !== before)
          return onward({ ...walked, pending: state.pending.slice(at + 1) });
      }
      return walked;
    }
    case 'pin': {
      const selection = state.selections[state.index] ?? FIRST_ROW;
      const row = selectedRow(action.page.ids, selection);
      const id = action.page.ids[row];
      if (state.seek || state.pending.length > 0 || selection.id !== undefined || id === undefined)
        return state;
      return withSelection(state, state.index, { id, index: row });
    }
    case 'recut': {
      // Cut again while still on the way to an item (resized twice): on to the same item.
      let seek = state.seek && { ...state.seek, passed: 0 };
      if (!seek && action.page) {
        const { ids, start } = action.page;
        const row = selectedRow(ids, state.selections[state.index] ?? FIRST_ROW);
        const id = ids[row];
        if (id !== undefined) seek = { id, row: start + row, passed: 0 };
      }
      // The first page at the new size; every token after it is of the old cut.
      return {
        ...moved(state, { tokens: [undefined], index: 0, selections: [], pending: [] }),
        seek,
      };
    }
    case 'refresh':
      return moved(state, { pending: [] });
    case 'more':
      return {
        ...state,
        more: action.all ? 'all' : 'one',
        moreError: undefined,
        generation: state.generation + 1,
      };
    case 'appended': {
      if (action.generation !== state.generation) return state;
      const { items, next, capped } = action.page;
      return {
        ...state,
        added: { items: [...(state.added?.items ?? []), ...items], next, capped },
        more: undefined,
      };
    }
    case 'moreFailed':
      if (action.generation !== state.generation) return state;
      return { ...state, more: undefined, moreError: action.error };
    default: {
      const never: never = action;
      return never;
    }
  }
}

/** The row selected on page `page` becomes `selection`. */
const withSelection = <T>(state: WalkState<T>, page: number, selection: Selection) => {
  const selections = [...state.selections];
  selections[page] = selection;
  return { ...state, selections } satisfies WalkState<T>;
};

/**
 * The last row of a page whose rows are not in hand here (the page before, turned back to):
 * selectedRow keeps a row past the end on the last one.
 */
const LAST_ROW: Selection = { index: Number.MAX_SAFE_INTEGER };

/**
 * The page in view, come while the walk goes on to `seek`: select it here if it is here; else
 * on to the next page, up to the one that holds the row it was on (then it is gone: the row
 * nearest to where it was is selected, as selection.ts does for an item gone).
 */
function seekOn<T>(state: WalkState<T>, seek: Seek, page: PageInHand): WalkState<T> {
  const found = page.ids.indexOf(seek.id);
  if (found >= 0)
    return withSelection({ ...state, seek: undefined }, state.index, { id: seek.id, index: found });
  const passed = seek.passed + page.ids.length;
  if (passed > seek.row || page.next === '')
    return withSelection({ ...state, seek: undefined }, state.index, {
      index: seek.row - seek.passed,
    });
  return next({ ...state, seek: { ...seek, passed } }, page.next);
}

/** A turn to the next page, on the row `selection` when given (else the one left there). */
function next<T>(state: WalkState<T>, token: string, selection?: Selection): WalkState<T> {
  const turned = moved(state, {
    tokens: [...state.tokens.slice(0, state.index + 1), token],
    index: state.index + 1,
  });
  return selection ? withSelection(turned, turned.index, selection) : turned;
}

/** A turn to the page before, on the row `selection` when given (else the one left there). */
function previous<T>(state: WalkState<T>, selection?: Selection): WalkState<T> {
  if (state.index === 0) return state;
  const turned = moved(state, { index: state.index - 1 });
  return selection ? withSelection(turned, turned.index, selection) : turned;
}

/**
 * What a key does on the page in view. `page` is undefined only for `previous` typed while the
 * page in view loads: it needs none of its rows.
 */
function applyKey<T>(
  state: WalkState<T>,
  key: WalkKey,
  page: PageInHand | undefined,
): WalkState<T> {
  if (key.type === 'previous') return previous(state);
  if (page === undefined) return state;
  const selection = state.selections[state.index] ?? FIRST_ROW;
  const move = (step: number) =>
    withSelection(state, state.index, moveSelection(page.ids, selection, step));
  switch (key.type) {
    case 'next':
      return page.next === '' ? state : next(state, page.next);
    case 'move': {
      const target = selectedRow(page.ids, selection) + key.step;
      if (key.step > 0 && target >= page.ids.length && page.next !== '')
        return next(state, page.next, FIRST_ROW);
      if (key.step < 0 && target < 0 && state.index > 0) return previous(state, LAST_ROW);
      return move(key.step);
    }
    case 'end':
      return move(key.last ? page.ids.length : -page.ids.length);
    case 'screenful': {
      const current = selectedRow(page.ids, selection);
      const screenful = tableWindow(current, page.ids.length, key.height).shown;
      const target = current + (key.down ? screenful : -screenful);
      // The page beyond, on the same row, when the screenful goes past this one's rows.
      if (key.down && target >= page.ids.length && page.next !== '')
        return next(state, page.next, { index: current });
      if (!key.down && target < 0 && state.index > 0) return previous(state, { index: current });
      return move(key.down ? screenful : -screenful);
    }
    default: {
      const never: never = key;
      return never;
    }
  }
}

/** The first page, on its first row, and nothing added after it. */
export const firstPage: WalkState<never> = {
  tokens: [undefined],
  index: 0,
  selections: [],
  generation: 0,
  pending: [],
};
