import { useCallback, useEffect, useRef } from 'react';
import { useScreen, useSession } from '../context.js';

/**
 * When the domains screen asks the API again: `reload()` (r) loads this page and every domain
 * again, since a domain added elsewhere lands on page 1 (the API's order, newest first) and only
 * the background load would tell the count, the filter and the sort of it. Coming back from a
 * screen above loads this page again; coming back from the add form after it added a domain (a
 * count the session keeps) loads every domain again too. A new page size asks for the page again.
 */
export function useDomainsReload({
  projectId,
  pageSize,
  all,
  refreshPage,
  reloadAll,
}: {
  projectId: string;
  pageSize: number;
  /** Under a filter or sort: the rows come from every domain, and no page is shown. */
  all: boolean;
  refreshPage: () => void;
  reloadAll: () => void;
}): { reload: () => void } {
  const { isTop } = useScreen();
  const session = useSession();
  const added = () => session.domainsAdded.get(projectId) ?? 0;
  const wasTop = useRef(isTop);
  const addedBefore = useRef(added());
  useEffect(() => {
    if (isTop && !wasTop.current) {
      refreshPage();
      if (added() !== addedBefore.current) reloadAll();
    }
    if (isTop) addedBefore.current = added();
    wasTop.current = isTop;
    // The session's count is read when the screen comes back on top, not a reason to run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isTop, refreshPage, reloadAll]);

  const askedSize = useRef(pageSize);
  useEffect(() => {
    if (pageSize === askedSize.current) return;
    askedSize.current = pageSize;
    refreshPage();
  }, [pageSize, refreshPage]);

  const reload = useCallback(() => {
    reloadAll();
    if (!all) refreshPage();
  }, [all, refreshPage, reloadAll]);
  return { reload };
}
