import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { PageGuard } from '../../client/paging.js';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import {
  type CatalogState,
  type CatalogWalk,
  catalogReducer,
  emptyCatalog,
  type PageRef,
} from './domain-catalog.js';
import { PAGE_SIZE_MAX } from '../../contract/params.js';
import { apiOrder } from './domain-list.js';
import { useSession } from '../app/context.js';
import { apiKeys } from '../queries/api-queries.js';

/**
 * The most domains the background load gathers, as `domains list --all` and `M` hold a bound: a
 * project that large (or a list that never ends) stops there rather than filling the memory.
 */
export const CATALOG_MAX_DOMAINS = 10_000;

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
  const [state, dispatch] = useReducer(catalogReducer, emptyCatalog);
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
