import type { ReadDomain as Domain } from '../../contract/read-schemas.js';

// What the domains screen knows of every domain of a project (useDomainCatalog): the latest copy
// of each and the page it came from, how the background load of them all went, and which turned
// verified while on screen. A reducer, so it is tested without Ink.

/** The page a domain was last seen on: asking for it again refreshes the domain (watch). */
export interface PageRef {
  token: string | undefined;
  pageSize: number;
}

export const pageRefKey = (ref: PageRef) => `${ref.pageSize}:${ref.token ?? ''}`;

interface Entry {
  domain: Domain;
  origin: PageRef;
}

export type WalkStatus = 'loading' | 'done' | 'stopped' | 'capped' | 'error';

export interface CatalogState {
  entries: ReadonlyMap<string, Entry>;
  walk: { status: WalkStatus; loaded: number; more: boolean; error?: unknown };
  /**
   * The ids of the walk under way, in the order its pages brought them: the API's own order, which
   * the row numbers of the pages count in (re-sorting could order ties otherwise than the API).
   */
  walked: readonly string[];
  /** Domains seen pending and then verified, with when that was seen (ms since the epoch). */
  turned: ReadonlyMap<string, number>;
}

export type CatalogAction =
  | { type: 'merge'; domains: readonly Domain[]; origin: PageRef; at: number }
  | { type: 'walkStart' }
  | { type: 'walkPage'; domains: Domain[]; origin: PageRef; at: number }
  | { type: 'walkEnd'; status: WalkStatus; more: boolean; error?: unknown }
  | { type: 'walkDone'; walk: CatalogWalk; at: number };

/** What the cache keeps of a walk: every page it loaded (the domains and where from), and how it ended. */
export interface CatalogWalk {
  pages: { origin: PageRef; domains: Domain[] }[];
  status: 'done' | 'capped';
}

/** The newer of two copies of a domain: the later updated_at; the one just fetched on a tie. */
function newer(before: Domain, after: Domain): boolean {
  return (after.updated_at ?? '') >= (before.updated_at ?? '');
}

function merge(state: CatalogState, domains: readonly Domain[], origin: PageRef, at: number) {
  if (domains.length === 0) return state;
  const entries = new Map(state.entries);
  let turned: Map<string, number> | undefined;
  for (const domain of domains) {
    const before = entries.get(domain.id);
    if (before && !newer(before.domain, domain)) continue;
    if (before && !before.domain.verified && domain.verified) {
      turned ??= new Map(state.turned);
      turned.set(domain.id, at);
    }
    entries.set(domain.id, { domain, origin });
  }
  return { ...state, entries, turned: turned ?? state.turned };
}

export function catalogReducer(state: CatalogState, action: CatalogAction): CatalogState {
  switch (action.type) {
    case 'merge':
      return merge(state, action.domains, action.origin, action.at);
    case 'walkStart':
      return { ...state, walk: { status: 'loading', loaded: 0, more: true }, walked: [] };
    case 'walkPage': {
      const next = merge(state, action.domains, action.origin, action.at);
      return {
        ...next,
        walk: { ...next.walk, loaded: next.walk.loaded + action.domains.length },
        walked: [...state.walked, ...action.domains.map((d) => d.id)],
      };
    }
    case 'walkDone': {
      const { status } = action.walk;
      const total = action.walk.pages.reduce((sum, page) => sum + page.domains.length, 0);
      // This screen's own walk, whose pages came in as they arrived: it has them all already.
      if (state.walk.status === 'loading' && state.walked.length === total) {
        return { ...state, walk: { status, loaded: total, more: status === 'capped' } };
      }
      // A walk a screen before this one left in the cache.
      let next = state;
      for (const page of action.walk.pages)
        next = merge(next, page.domains, page.origin, action.at);
      const walked = action.walk.pages.flatMap((page) => page.domains.map((d) => d.id));
      return {
        ...next,
        walk: { status, loaded: walked.length, more: status === 'capped' },
        walked,
      };
    }
    case 'walkEnd':
      return {
        ...state,
        walk: { ...state.walk, status: action.status, more: action.more, error: action.error },
      };
    default: {
      const never: never = action;
      return never;
    }
  }
}

/** Nothing loaded yet: the background load starts once the first page is in. */
export const emptyCatalog: CatalogState = {
  entries: new Map(),
  walk: { status: 'loading', loaded: 0, more: true },
  walked: [],
  turned: new Map(),
};
