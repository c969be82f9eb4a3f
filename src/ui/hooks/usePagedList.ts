import { useCallback, useEffect, useReducer } from 'react';

export interface Page<T> {
  items: T[];
  /** The API's next_page_token: "" when no item follows. */
  next: string;
}

export interface PagedListState<T> {
  /** The token of each page from the first to the one in view; the first page has none. */
  tokens: (string | undefined)[];
  /** Which page is in view, from 0. */
  index: number;
  status: 'loading' | 'ready' | 'error';
  items: T[];
  next: string;
  /** The page the items belong to: while a new page loads, the old one is not shown as it. */
  itemsIndex: number;
  /** When the items in view arrived: "days left" is counted from here. */
  loadedAt: Date;
  error?: unknown;
  round: number;
}

type PagedListAction<T> =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'refresh' }
  | { type: 'first' }
  | { type: 'loaded'; round: number; index: number; page: Page<T>; at: Date }
  | { type: 'failed'; round: number; index: number; error: unknown };

function reducer<T>(state: PagedListState<T>, action: PagedListAction<T>): PagedListState<T> {
  switch (action.type) {
    case 'next':
      if (state.status !== 'ready' || state.next === '') return state;
      return {
        ...state,
        tokens: [...state.tokens.slice(0, state.index + 1), state.next],
        index: state.index + 1,
        status: 'loading',
        round: state.round + 1,
      };
    case 'previous':
      if (state.index === 0 || state.status === 'loading') return state;
      return { ...state, index: state.index - 1, status: 'loading', round: state.round + 1 };
    case 'refresh':
      return { ...state, status: 'loading', round: state.round + 1 };
    case 'first':
      return { ...state, tokens: [undefined], index: 0, status: 'loading', round: state.round + 1 };
    case 'loaded':
      if (action.round !== state.round) return state;
      return {
        ...state,
        status: 'ready',
        items: action.page.items,
        next: action.page.next,
        itemsIndex: action.index,
        loadedAt: action.at,
        error: undefined,
      };
    case 'failed':
      if (action.round !== state.round) return state;
      return { ...state, status: 'error', error: action.error };
    default: {
      const never: never = action;
      return never;
    }
  }
}

/**
 * A list the API hands out page by page. Going forward pushes the page's token on a stack and
 * going back pops it, so every page is asked for with the very token that first produced it:
 * no row is shown twice and none is skipped.
 */
export function usePagedList<T>(fetchPage: (token: string | undefined) => Promise<Page<T>>) {
  const [state, dispatch] = useReducer(reducer<T>, {
    tokens: [undefined],
    index: 0,
    status: 'loading',
    items: [],
    next: '',
    itemsIndex: -1,
    loadedAt: new Date(),
    round: 0,
  });
  const { round, index } = state;
  const token = state.tokens[index];
  // A new round is what asks for a load; the token and index are those of that round.
  useEffect(() => {
    fetchPage(token).then(
      (page) => dispatch({ type: 'loaded', round, index, page, at: new Date() }),
      (error: unknown) => dispatch({ type: 'failed', round, index, error }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);
  return {
    ...state,
    pageNumber: index + 1,
    hasNext: state.status === 'ready' && state.next !== '',
    hasPrevious: index > 0,
    goNext: useCallback(() => dispatch({ type: 'next' }), []),
    goPrevious: useCallback(() => dispatch({ type: 'previous' }), []),
    refresh: useCallback(() => dispatch({ type: 'refresh' }), []),
    goFirst: useCallback(() => dispatch({ type: 'first' }), []),
  };
}
