import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useScreen, useSession } from '../app/context.js';
import { apiKeys } from '../queries/api-queries.js';

/**
 * When the domains screen asks the API again: `reload()` (r) loads this page and every domain
 * again, since a domain added elsewhere lands on page 1 (the API's order, newest first) and only
 * the background load would tell the count, the filter and the sort of it; coming back from a
 * screen above loads this page again (a domain there may have been verified), and every domain
 * again if an add up there marked them out of date (invalidateDomains): once, however many hosts
 * a batch added, and only when they are in view again.
 */
export function useDomainsReload({
  projectId,
  all,
  refreshPage,
  reloadAll,
}: {
  projectId: string;
  /** Under a filter or sort: the rows come from every domain, and no page is shown. */
  all: boolean;
  refreshPage: () => void;
  reloadAll: () => void;
}): { reload: () => void } {
  const { isTop } = useScreen();
  const session = useSession();
  const queryClient = useQueryClient();
  const wasTop = useRef(isTop);
  useEffect(() => {
    if (isTop && !wasTop.current) {
      refreshPage();
      void queryClient.refetchQueries({
        queryKey: apiKeys.domainsCatalog(session, projectId),
        stale: true,
      });
    }
    wasTop.current = isTop;
  }, [isTop, refreshPage, queryClient, session, projectId]);

  const reload = useCallback(() => {
    // The page in view first: it is what the user looks at, and its request goes out first.
    if (!all) refreshPage();
    reloadAll();
  }, [all, refreshPage, reloadAll]);
  return { reload };
}
