import type { Page } from './usePagedList.js';

// Where a paged list is (usePagedList): the token of each page walked through, the page in view,
// and the pages loadMore added after it. A reducer, so it is tested without Ink or the cache.

/** The pages a screen has walked through: the token of each, and the page in view. */
export interface WalkState<T> {
  /** The token of each page from the first to the one in view; the first page has none. */
  tokens: (string | undefined)[];
  /** Which page is in view, from 0. */
  index: number;
  /** Pages added after the one in view (loadMore), with the next token after them. */
  added?: { items: T[]; next: string; capped: boolean };
  /** Further pages being added (loadMore): the rows stay meanwhile. */
  more?: 'one' | 'all';
  moreError?: unknown;
  /** Counts loadMore's requests: an answer is taken only if no refresh or move came since. */
  generation: number;
  /**
   * Pages forward asked for while the page in view was still loading (`nnn` typed ahead): each
   * is taken once the page before it has come, with the token it hands out.
   */
  queued?: number;
}

export type WalkAction<T> =
  | { type: 'next'; token: string; queued?: boolean }
  | { type: 'queueNext' }
  | { type: 'dropQueue' }
  | { type: 'previous' }
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
    case 'next':
      return moved(state, {
        tokens: [...state.tokens.slice(0, state.index + 1), action.token],
        index: state.index + 1,
        queued: action.queued ? Math.max(0, (state.queued ?? 0) - 1) : 0,
      });
    case 'queueNext':
      return { ...state, queued: (state.queued ?? 0) + 1 };
    case 'dropQueue':
      return state.queued ? { ...state, queued: 0 } : state;
    case 'previous':
      // A page forward still waiting is taken back first; else the page before, whose token is
      // known, even while the one in view loads.
      if (state.queued) return { ...state, queued: state.queued - 1 };
      return state.index === 0 ? state : moved(state, { index: state.index - 1, queued: 0 });
    case 'refresh':
      return moved(state, { queued: 0 });
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

/** The first page, and nothing added after it. */
export const firstPage: WalkState<never> = { tokens: [undefined], index: 0, generation: 0 };
