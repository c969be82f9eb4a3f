import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { PageGuard } from '../../client/paging.js';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import { PAGE_SIZE_MAX } from '../../contract/params.js';
import { apiOrder } from '../domain-list.js';
import { useSession } from '../context.js';
import { useScreenSignal } from './useScreenClient.js';

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
  /** Every start (and stop) of the walk: a page of an older walk is dropped. */
  generation: number;
  /** Domains seen pending and then verified, with when that was seen (ms since the epoch). */
  turned: ReadonlyMap<string, number>;
}

type CatalogAction =
  | { type: 'merge'; domains: readonly Domain[]; origin: PageRef; at: number }
  | { type: 'walkPage'; generation: number; domains: Domain[]; origin: PageRef; at: number }
  | { type: 'walkEnd'; generation: number; status: WalkStatus; more: boolean; error?: unknown }
  | { type: 'stop' }
  | { type: 'restart' };

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
    case 'walkPage': {
      if (action.generation !== state.generation) return state;
      const next = merge(state, action.domains, action.origin, action.at);
      return {
        ...next,
        walk: { ...next.walk, loaded: next.walk.loaded + action.domains.length },
        walked: [...state.walked, ...action.domains.map((d) => d.id)],
      };
    }
    case 'walkEnd':
      if (action.generation !== state.generation) return state;
      return {
        ...state,
        walk: { ...state.walk, status: action.status, more: action.more, error: action.error },
      };
    case 'stop':
      if (state.walk.status !== 'loading') return state;
      return {
        ...state,
        walk: { ...state.walk, status: 'stopped' },
        generation: state.generation + 1,
      };
    case 'restart':
      return {
        ...state,
        walk: { status: 'loading', loaded: 0, more: true },
        walked: [],
        generation: state.generation + 1,
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
 * is true, for the filter, the sort and the summary, which the API does not offer. The load is
 * bounded (CATALOG_MAX_DOMAINS, the paging guard's repeated tokens and empty pages), ends at once
 * when stopped, when the screen is left or when the UI quits, and never overlaps another load.
 */
export function useDomainCatalog(projectId: string, start: boolean): DomainCatalog {
  const session = useSession();
  const screenSignal = useScreenSignal();
  const [state, dispatch] = useReducer(reducer, {
    entries: new Map(),
    walk: { status: 'loading', loaded: 0, more: true },
    walked: [],
    generation: 0,
    turned: new Map(),
  });
  const { generation } = state;
  const loading = state.walk.status === 'loading';

  useEffect(() => {
    if (!start || !loading) return;
    const controller = new AbortController();
    const client = session.connect(AbortSignal.any([screenSignal, controller.signal]));
    const guard = new PageGuard(`the domains of ${projectId}`);
    const end = (status: WalkStatus, more: boolean, error?: unknown) =>
      dispatch({ type: 'walkEnd', generation, status, more, error });
    void (async () => {
      let token: string | undefined;
      let loaded = 0;
      do {
        const origin = { token, pageSize: PAGE_SIZE_MAX };
        const page = await client.listDomains(projectId, {
          pageSize: PAGE_SIZE_MAX,
          pageToken: token,
        });
        if (controller.signal.aborted) return;
        dispatch({ type: 'walkPage', generation, domains: page.domains, origin, at: Date.now() });
        loaded += page.domains.length;
        token = guard.next(page.next_page_token, page.domains.length);
      } while (token && loaded < CATALOG_MAX_DOMAINS);
      end(token ? 'capped' : 'done', token !== undefined);
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) end('error', true, error);
    });
    return () => controller.abort(new Error('the background load was stopped'));
    // A new generation (a restart, a stop) is what starts or ends a load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start, generation]);

  const { entries } = state;
  const domains = useMemo(
    () => [...entries.values()].map((e) => e.domain).sort(apiOrder),
    [entries],
  );
  const { walked } = state;
  const done = state.walk.status === 'done';
  const positions = useMemo(
    () => (done ? new Map(walked.map((id, i) => [id, i])) : undefined),
    [done, walked],
  );
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
    stop: useCallback(() => dispatch({ type: 'stop' }), []),
    restart: useCallback(() => dispatch({ type: 'restart' }), []),
  };
}
