import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { PageGuard } from '../../client/paging.js';
import { PagingError } from '../../core/errors.js';
import { FIRST_ROW } from '../components/selection.js';
import { firstPage, type PageInHand, type WalkKey, walkReducer } from './page-walk.js';
import { useHoldKeysWhile } from '../input/useKeys.js';

export interface Page<T> {
  items: T[];
  /** The API's next_page_token: "" when no item follows. */
  next: string;
}

/** A page's query (queries/api-queries.ts): its key, and the request that answers it. */
export interface PageQuery<A> {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<A>;
}

export interface PagedListOptions<A, T> {
  /**
   * The query of the page at `token` (the first has none) and `pageSize`; `all` asks for larger
   * pages (`M`).
   */
  page: (
    token: string | undefined,
    options: { all: boolean; pageSize: number | undefined },
  ) => PageQuery<A>;
  /**
   * How many items a page holds, where the screen chooses it (the domains: as many as the
   * terminal shows). When it changes, the pages are cut again: the walk starts again from the
   * first page and goes on to the page that holds the item selected (page-walk.ts, `seek`).
   */
  pageSize?: number;
  /** The items and the next token of an answer. */
  read: (answer: A) => Page<T>;
  /** Names the list in messages. */
  what: string;
  /** The most items `loadMore(true)` gathers in all. */
  maxItems?: number;
  /** Requests that end when the screen is left: the pages `loadMore` adds. */
  signal: AbortSignal;
  /** An item's id, for the row selected on each page (`key`, `selection`). */
  idOf?: (item: T) => string;
}

/**
 * A list the API hands out page by page, either a page at a time or growing. Each page is a query
 * of the UI's cache, keyed by its token: going forward pushes the page's token on a stack and
 * going back pops it, so every page is asked for with the very token that first produced it (no
 * row shown twice, none skipped), and an answer can only ever be shown as the page it answers.
 * A page comes from the cache at once (the first one runUi asked for, one seen before) and is
 * asked for again when it is moved to; `refresh` asks for the page in view again. `loadMore` adds
 * the next page (or every one, up to `maxItems`) to the items instead.
 */
export function usePagedList<A, T>({
  page,
  read,
  what,
  maxItems = Number.POSITIVE_INFINITY,
  signal,
  idOf = () => '',
  pageSize,
}: PagedListOptions<A, T>) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(walkReducer<T>, firstPage);
  /** An answer from the cache: the page at `token`, cut at `size`. */
  const cached = (at: string | undefined, size = pageSize) =>
    queryClient.getQueryData<A>(page(at, { all: false, pageSize: size }).queryKey);
  // The pages cut at another size: where the page in view was, as the old cut had it, tells the
  // walk which item to go on to. Set during render: this is state derived from the size.
  const [cutAt, setCutAt] = useState(pageSize);
  if (cutAt !== pageSize) {
    setCutAt(pageSize);
    const shown = cached(state.tokens[state.index], cutAt);
    let start = 0;
    for (const at of state.tokens.slice(0, state.index)) {
      const before = cached(at, cutAt);
      start += before === undefined ? 0 : read(before).items.length;
    }
    dispatch({
      type: 'recut',
      page: shown === undefined ? undefined : { ids: read(shown).items.map(idOf), start },
    });
  }
  const { tokens, index } = state;
  const token = tokens[index];
  const query = useQuery({
    ...page(token, { all: false, pageSize }),
    // The rows of the page before stay in the cache, not on screen: `itemsIndex` says whose they are.
    placeholderData: keepPreviousData,
    // A page moved to (back, or again) is asked for again, shown from the cache meanwhile; the
    // one runUi asked for is taken as it is.
    staleTime: 0,
    refetchOnMount: false,
  });
  // Which page the answer shown belongs to: the one in view once its own answer is in.
  const own = query.data !== undefined && !query.isPlaceholderData;
  const [shownIndex, setShownIndex] = useState(-1);
  if (own && shownIndex !== index) setShownIndex(index);
  const answer = query.data === undefined ? undefined : read(query.data);

  // How many items come before each page, from the pages before it as they were last answered.
  const starts = [0];
  for (let i = 0; i < index; i++) {
    const before = cached(tokens[i]);
    starts.push((starts[i] ?? 0) + (before === undefined ? 0 : read(before).items.length));
  }
  // A page token handed out again, by the page in view, would never end: the list stops there.
  const repeated =
    own && answer && answer.next !== '' && tokens.slice(0, index + 1).includes(answer.next);
  const loop = repeated
    ? new PagingError(
        `the API handed out the page token "${answer.next.length > 40 ? `${answer.next.slice(0, 40)}…` : answer.next}" again, on page ${index + 1}: following it would never end, so the list stops here`,
      )
    : undefined;
  const next = loop ? '' : (state.added?.next ?? (own ? (answer?.next ?? '') : ''));
  const status: 'loading' | 'ready' | 'error' = query.isError
    ? 'error'
    : own && !query.isFetching
      ? 'ready'
      : 'loading';
  // Loading the page a move led to (not a refresh of the one in view, nor the first page).
  const moving = status === 'loading' && !own && index > 0;
  // One array an answer (and what loadMore added to it): screens key their effects on it.
  const added = own ? state.added?.items : undefined;
  const pageItems = answer?.items;
  const items = useMemo(
    () => (pageItems ? (added ? [...pageItems, ...added] : pageItems) : []),
    [pageItems, added],
  );

  // The rows of the page in view, once they are its own: what its keys act on.
  const inHand: PageInHand | undefined = own ? { ids: items.map(idOf), next } : undefined;
  /** A page's rows from the cache at this size, as the page in view would have them. */
  const cachedPage = (at: string | undefined): PageInHand | undefined => {
    const answer = cached(at);
    if (answer === undefined) return undefined;
    const page = read(answer);
    return { ids: page.items.map(idOf), next: page.next };
  };
  // Keys typed ahead while the page in view loaded act on its rows once they come, as if typed
  // then; on an error they go. Set during render: this is state derived from the answer.
  if ((state.pending.length > 0 || state.seek) && (inHand || status === 'error'))
    dispatch({ type: 'landed', page: inHand, cached: cachedPage });

  const generation = state.generation;
  const loadMore = useCallback(
    (all: boolean) => {
      if (status !== 'ready' || next === '' || state.more) return;
      dispatch({ type: 'more', all });
      // The generation this request belongs to: the one the dispatch above starts.
      const asked = generation + 1;
      pagesAfter(
        (at) => page(at, { all, pageSize }).queryFn({ signal }).then(read),
        next,
        all,
        what,
        maxItems - items.length,
      ).then(
        (added) => dispatch({ type: 'appended', generation: asked, page: added }),
        (error: unknown) => dispatch({ type: 'moreFailed', generation: asked, error }),
      );
    },
    [
      status,
      next,
      state.more,
      generation,
      page,
      pageSize,
      read,
      signal,
      what,
      maxItems,
      items.length,
    ],
  );
  const { refetch } = query;
  // Keys typed ahead (`p⏎`, `n⏎` in one read) wait for the page they act on: see KeyBus.hold.
  useHoldKeysWhile(status === 'loading' && !own);
  return {
    tokens,
    index,
    status,
    items,
    next,
    itemsIndex: own ? index : shownIndex,
    /**
     * The items are the page in view's own answer, as it is asked for now: not the page before's
     * (or the same page's at another size), kept on screen while its answer comes.
     */
    answered: own,
    /** When the items in view arrived: "days left" is counted from here. */
    loadedAt: new Date(query.dataUpdatedAt),
    error: query.error ?? undefined,
    more: state.more,
    moreError: state.moreError,
    /** `loadMore(true)` stopped at the most items it loads (more may follow, page by page). */
    capped: state.added?.capped ?? false,
    loop,
    pageNumber: index + 1,
    /** How many items come before the page in view. */
    start: starts[index] ?? 0,
    // While a page loads after a move, a next page may follow it: `n` typed ahead is kept.
    hasNext: status === 'error' ? false : next !== '' || moving,
    hasPrevious: index > 0 || state.pending.some((key) => key.type === 'next'),
    /** Keys typed ahead, waiting for the rows of the page in view. */
    pending: state.pending,
    /** The row selected on the page in view (by id; see selection.ts). */
    selection: state.selections[index] ?? FIRST_ROW,
    /**
     * A key that moves through the pages or their rows: it acts on the page in view's rows, so
     * one typed while they load waits for them (see page-walk.ts). None acts on an error.
     */
    key: (key: WalkKey) => {
      if (status !== 'error') dispatch({ type: 'key', key, page: inHand });
    },
    /** The row shown as selected becomes the selected item (selection.ts), once rows are in hand. */
    pin: () => {
      if (inHand) dispatch({ type: 'pin', page: inHand });
    },
    refresh: useCallback(() => {
      dispatch({ type: 'refresh' });
      void refetch();
    }, [refetch]),
    /**
     * The pages before the one in view (`ids`) no longer end where it starts: `start` items come
     * before it now, not `start` above (an item added or deleted before it since they were
     * answered), and `b` would skip or repeat the rows between. They are cut again, as for a
     * new size: from the first page on to the page that holds the item selected.
     */
    retile: (ids: readonly string[], start: number) => {
      // The pages walked are asked for again rather than taken from the cache: their answers
      // there are of the cut that no longer meets (the page in view's stays, shown meanwhile).
      for (const at of tokens.slice(0, index)) {
        const { queryKey } = page(at, { all: false, pageSize });
        queryClient.removeQueries({ queryKey, exact: true });
      }
      dispatch({ type: 'recut', page: { ids, start } });
    },
    loadMore,
  };
}

/**
 * The pages after `token`, one or (with `all`) to the last, as one page; `all` stops once `room`
 * items have come (`capped`), as `--all` holds a bound. A token handed out twice, or too many
 * empty pages in a row, ends it with a PagingError rather than loading for ever.
 */
async function pagesAfter<T>(
  fetchPage: (token: string) => Promise<Page<T>>,
  token: string,
  all: boolean,
  what: string,
  room: number,
): Promise<Page<T> & { capped: boolean }> {
  const guard = new PageGuard(what, token);
  const items: T[] = [];
  let next: string | undefined = token;
  do {
    const page = await fetchPage(next);
    items.push(...page.items);
    next = guard.next(page.next, page.items.length);
  } while (all && next && items.length < room);
  return { items, next: next ?? '', capped: all && next !== undefined };
}
