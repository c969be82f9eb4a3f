import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { PageGuard } from '../../client/paging.js';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import { PAGE_SIZE_MAX } from '../../contract/params.js';
import { apiOrder } from './domain-list.js';
import { useSession } from '../app/context.js';
import { apiKeys } from '../queries/api-queries.js';

/**
 * The most domains the background load gathers, as `domains list --all` and `M` hold a bound: a
 * project that large (or a list that never ends) stops there rather than filling the memory.
 */
export const CATALOG_MAX_DOMAINS = 10_000;

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

interface CatalogState {
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

type CatalogAction =
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

function reducer(state: CatalogState, action: CatalogAction): CatalogState {
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
      // The cache's walk (this screen's own just ended, or one a screen before left there).
      let next = state;
      for (const page of action.walk.pages)
        next = merge(next, page.domains, page.origin, action.at);
      const { status } = action.walk;
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

export interface DomainCatalog {
  /** Every domain loaded, in the API's order (newest first). */
  domains: Domain[];
  /** The latest copy of a domain, by id. */
  latest(id: string): Domain | undefined;
  /**
   * How many domains came before this one in the API's pages, once the background load has them
   * all (the walk is done): what the summary counts. Undefined before, or for one it did not see.
   */
  position(id: string): number | undefined;
  origin(id: string): PageRef | undefined;
  walk: CatalogState['walk'];
  turned: ReadonlyMap<string, number>;
  /** Takes domains fetched elsewhere (a page, a refresh), so the catalog keeps the latest. */
  merge(domains: readonly Domain[], origin: PageRef): void;
  /** Esc: ends the background load where it is. */
  stop(): void;
  /** Loads every page again (r). */
  restart(): void;
}

/**
 * Every domain of a project, loaded in the background page by page (100 at a time) once `start`
 * is true, for the filter, the sort and the summary, which the API does not offer. The walk is a
 * query of the UI's cache (`apiKeys.domainsCatalog`): an add anywhere in the UI invalidates the
 * project's domains and the walk starts again by itself, `r` starts it again, leaving the screen
 * or quitting cancels it, and two walks never overlap (a new one cancels the old). The domains
 * come into this screen's catalog as each page arrives, so the filter works while it loads. The
 * load is bounded (CATALOG_MAX_DOMAINS, the paging guard's repeated tokens and empty pages).
 */
export function useDomainCatalog(projectId: string, start: boolean): DomainCatalog {
  const session = useSession();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(reducer, {
    entries: new Map(),
    walk: { status: 'loading', loaded: 0, more: true },
    walked: [],
    turned: new Map(),
  });
  const queryKey = apiKeys.domainsCatalog(session, projectId);
  const { data: done } = useQuery({
    queryKey,
    enabled: start,
    // Each walk's answer is news, even one equal to the last: the screen's walk ends with it.
    structuralSharing: false,
    queryFn: async ({ signal }): Promise<CatalogWalk> => {
      dispatch({ type: 'walkStart' });
      const client = session.connect(signal);
      const guard = new PageGuard(`the domains of ${projectId}`);
      const pages: CatalogWalk['pages'] = [];
      let loaded = 0;
      let token: string | undefined;
      try {
        do {
          const origin = { token, pageSize: PAGE_SIZE_MAX };
          const page = await client.listDomains(projectId, {
            pageSize: PAGE_SIZE_MAX,
            pageToken: token,
          });
          if (signal.aborted) throw signal.reason;
          // Each page shows at once: the filter works while the rest loads.
          dispatch({ type: 'walkPage', domains: page.domains, origin, at: Date.now() });
          pages.push({ origin, domains: page.domains });
          loaded += page.domains.length;
          token = guard.next(page.next_page_token, page.domains.length);
        } while (token && loaded < CATALOG_MAX_DOMAINS);
      } catch (error) {
        // Stopped (Esc) or cancelled by a new walk: whoever did so says what the walk is now.
        if (!signal.aborted) dispatch({ type: 'walkEnd', status: 'error', more: true, error });
        throw error;
      }
      return { pages, status: token ? 'capped' : 'done' };
    },
  });
  useEffect(() => {
    if (done) dispatch({ type: 'walkDone', walk: done, at: Date.now() });
  }, [done]);

  const { entries } = state;
  const domains = useMemo(
    () => [...entries.values()].map((e) => e.domain).sort(apiOrder),
    [entries],
  );
  const { walked } = state;
  const complete = state.walk.status === 'done';
  const positions = useMemo(
    () => (complete ? new Map(walked.map((id, i) => [id, i])) : undefined),
    [complete, walked],
  );
  const loading = state.walk.status === 'loading';
  return {
    domains,
    latest: (id) => entries.get(id)?.domain,
    position: (id) => positions?.get(id),
    origin: (id) => entries.get(id)?.origin,
    walk: state.walk,
    turned: state.turned,
    merge: useCallback(
      (list: readonly Domain[], origin: PageRef) =>
        dispatch({ type: 'merge', domains: list, origin, at: Date.now() }),
      [],
    ),
    stop: () => {
      if (!loading) return;
      void queryClient.cancelQueries({ queryKey });
      dispatch({ type: 'walkEnd', status: 'stopped', more: true });
    },
    restart: () => void queryClient.refetchQueries({ queryKey }),
  };
}
