import { useCallback, useEffect, useRef } from 'react';
import { useScreen } from '../app/context.js';

/**
 * When the domains screen asks the API again: `reload()` (r) loads this page and every domain
 * again, since a domain added elsewhere lands on page 1 (the API's order, newest first) and only
 * the background load would tell the count, the filter and the sort of it; coming back from a
 * screen above loads this page again (a domain there may have been verified). An add in this UI
 * needs nothing here: it invalidates the project's domains in the query cache, and the page and
 * the background load ask again by themselves.
 */
export function useDomainsReload({
  all,
  refreshPage,
  reloadAll,
}: {
  /** Under a filter or sort: the rows come from every domain, and no page is shown. */
  all: boolean;
  refreshPage: () => void;
  reloadAll: () => void;
}): { reload: () => void } {
  const { isTop } = useScreen();
  const wasTop = useRef(isTop);
  useEffect(() => {
    if (isTop && !wasTop.current) refreshPage();
    wasTop.current = isTop;
  }, [isTop, refreshPage]);

  const reload = useCallback(() => {
    // The page in view first: it is what the user looks at, and its request goes out first.
    if (!all) refreshPage();
    reloadAll();
  }, [all, refreshPage, reloadAll]);
  return { reload };
}
