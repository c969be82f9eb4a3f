import { useCallback, useEffect, useReducer, useState } from 'react';
import { PageGuard } from '../../client/paging.js';
import { PagingError } from '../../core/errors.js';

export interface Page<T> {
  items: T[];
  /** The API's next_page_token: "" when no item follows. */
  next: string;
}

/**
 * Asks the API for one page: the first without a token. `all` is set while `loadMore(true)`
 * follows every page, so the caller can ask for larger ones.
 */
export type FetchPage<T> = (
  token: string | undefined,
  options: { all: boolean },
) => Promise<Page<T>>;

/** What the request of the current generation asks for. */
type Request = { kind: 'page' } | { kind: 'more'; token: string; all: boolean };

export interface PagedListState<T> {
  /** The token of each page from the first to the one in view; the first page has none. */
  tokens: (string | undefined)[];
  /** Which page is in view, from 0. */
  index: number;
  /**
   * How many items come before each page, as far as known (the pages before it as they were
   * last loaded): the row numbers of the page in view start after `starts[index]`.
   */
  starts: number[];
  status: 'loading' | 'ready' | 'error';
  items: T[];
  next: string;
  /** The page the items belong to: while a new page loads, the old one is not shown as it. */
  itemsIndex: number;
  /** When the items in view arrived: "days left" is counted from here. */
  loadedAt: Date;
  error?: unknown;
  /** Further pages being added to the items (loadMore): the rows stay meanwhile. */
  more?: 'one' | 'all';
  moreError?: unknown;
  /** `loadMore(true)` stopped at the most items it loads (more may follow, page by page). */
  capped: boolean;
  /**
   * The page in view pointed to a page before it (a page token handed out again): following it
   * would never end, so the list stops there and this says why.
   */
  loop?: PagingError;
  /**
   * Counts the requests: every action that asks for something starts a new generation, and an
   * answer is taken only if it belongs to the current one. So `r` while a page loads can never
   * have that older answer shown as, or added to, the reloaded list.
   */
  generation: number;
  request: Request;
}

type PagedListAction<T> =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'refresh' }
  | { type: 'first' }
  | { type: 'more'; all: boolean }
  | { type: 'loaded'; generation: number; index: number; page: Page<T>; at: Date }
  | { type: 'appended'; generation: number; page: Page<T>; capped: boolean }
  | { type: 'failed'; generation: number; error: unknown };

/** A new generation asking for the page in view (the others' answers are stale from now on). */
function ask<T>(state: PagedListState<T>, changes: Partial<PagedListState<T>>): PagedListState<T> {
  return {
    ...state,
    status: 'loading',
    more: undefined,
    moreError: undefined,
    ...changes,
    request: { kind: 'page' },
    generation: state.generation + 1,
  };
}

function reducer<T>(state: PagedListState<T>, action: PagedListAction<T>): PagedListState<T> {
  switch (action.type) {
    case 'next':
      if (state.status !== 'ready' || state.next === '') return state;
      return ask(state, {
        tokens: [...state.tokens.slice(0, state.index + 1), state.next],
        index: state.index + 1,
      });
    case 'previous':
      if (state.index === 0 || state.status === 'loading') return state;
      return ask(state, { index: state.index - 1 });
    case 'refresh':
      return ask(state, {});
    case 'first':
      return ask(state, { tokens: [undefined], index: 0, starts: [0] });
    case 'more':
      if (state.status !== 'ready' || state.next === '' || state.more) return state;
      return {
        ...state,
        more: action.all ? 'all' : 'one',
        moreError: undefined,
        capped: false,
        request: { kind: 'more', token: state.next, all: action.all },
        generation: state.generation + 1,
      };
    case 'loaded': {
      if (action.generation !== state.generation) return state;
      const start = state.starts[action.index] ?? 0;
      const { next } = action.page;
      const earlier = state.tokens.slice(0, action.index + 1);
      const loop =
        next !== '' && earlier.includes(next)
          ? new PagingError(
              `the API handed out the page token "${next.length > 40 ? `${next.slice(0, 40)}…` : next}" again, on page ${action.index + 1}: following it would never end, so the list stops here`,
            )
          : undefined;
      return {
        ...state,
        starts: [...state.starts.slice(0, action.index + 1), start + action.page.items.length],
        status: 'ready',
        items: action.page.items,
        next: loop ? '' : next,
        loop,
        itemsIndex: action.index,
        loadedAt: action.at,
        error: undefined,
      };
    }
    case 'appended':
      if (action.generation !== state.generation) return state;
      return {
        ...state,
        items: [...state.items, ...action.page.items],
        next: action.page.next,
        more: undefined,
        capped: action.capped,
      };
    case 'failed':
      if (action.generation !== state.generation) return state;
      if (state.request.kind === 'more')
        return { ...state, more: undefined, moreError: action.error };
      return { ...state, status: 'error', error: action.error };
    default: {
      const never: never = action;
      return never;
    }
  }
}

/**
 * The pages after `token`, one or (with `all`) to the last, as one page; `all` stops once `room`
 * items have come (`capped`), as `--all` holds a bound. A token handed out twice, or too many
 * empty pages in a row, ends it with a PagingError rather than loading for ever.
 */
async function pagesAfter<T>(
  fetchPage: FetchPage<T>,
  token: string,
  all: boolean,
  what: string,
  room: number,
): Promise<Page<T> & { capped: boolean }> {
  const guard = new PageGuard(what, token);
  const items: T[] = [];
  let next: string | undefined = token;
  do {
    const page = await fetchPage(next, { all });
    items.push(...page.items);
    next = guard.next(page.next, page.items.length);
  } while (all && next && items.length < room);
  return { items, next: next ?? '', capped: all && next !== undefined };
}

/**
 * A list the API hands out page by page, either a page at a time or growing. Going forward
 * pushes the page's token on a stack and going back pops it, so every page is asked for with the
 * very token that first produced it: no row is shown twice and none is skipped. `loadMore` adds
 * the next page (or every one) to the items instead. `what` names the list in messages.
 */
export function usePagedList<T>(
  fetchPage: FetchPage<T>,
  what: string,
  firstPage?: Page<T>,
  /** The most items `loadMore(true)` gathers in all. */
  maxItems = Number.POSITIVE_INFINITY,
) {
  const [state, dispatch] = useReducer(reducer<T>, {
    tokens: [undefined],
    index: 0,
    starts: firstPage ? [0, firstPage.items.length] : [0],
    status: firstPage ? 'ready' : 'loading',
    items: firstPage?.items ?? [],
    next: firstPage?.next ?? '',
    itemsIndex: firstPage ? 0 : -1,
    loadedAt: new Date(),
    generation: 0,
    request: { kind: 'page' },
    capped: false,
  });
  // Given the first page (already answered), the first generation has nothing to ask.
  const [hadFirstPage] = useState(firstPage !== undefined);
  const { generation, index, request } = state;
  const loaded = state.items.length;
  const token = state.tokens[index];
  // A new generation is what asks for a load; the token, index and request are those it began with.
  useEffect(() => {
    if (generation === 0 && hadFirstPage) return;
    const failed = (error: unknown) => dispatch({ type: 'failed', generation, error });
    if (request.kind === 'page') {
      fetchPage(token, { all: false }).then(
        (page) => dispatch({ type: 'loaded', generation, index, page, at: new Date() }),
        failed,
      );
    } else {
      pagesAfter(fetchPage, request.token, request.all, what, maxItems - loaded).then(
        (page) => dispatch({ type: 'appended', generation, page, capped: page.capped }),
        failed,
      );
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation]);
  return {
    ...state,
    pageNumber: index + 1,
    /** How many items come before the page in view. */
    start: state.starts[index] ?? 0,
    hasNext: state.status === 'ready' && state.next !== '',
    hasPrevious: index > 0,
    goNext: useCallback(() => dispatch({ type: 'next' }), []),
    goPrevious: useCallback(() => dispatch({ type: 'previous' }), []),
    refresh: useCallback(() => dispatch({ type: 'refresh' }), []),
    goFirst: useCallback(() => dispatch({ type: 'first' }), []),
    loadMore: useCallback((all: boolean) => dispatch({ type: 'more', all }), []),
  };
}
