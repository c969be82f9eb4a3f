import { useEffect, useRef } from 'react';
import type { DomainCatalog } from './useDomainCatalog.js';

/**
 * Keeps the pages walked through tiling the list. They are the API's answers as they came: after
 * a domain is added (it lands on page 1, newest first) or deleted above the page in view, page 1
 * answered again holds other rows, and the pages between it and the one in view no longer meet:
 * `b` from page 3 showed rows 18–31 then 1–14, never 15–17. Once the background load has every
 * domain it says how many come before the page in view; where the pages walked say otherwise,
 * they are cut again (usePagedList's retile), on the same domain. Once for each load of every
 * domain (the walk, which the pages merged into the catalog leave as it is), so a catalog older
 * than the pages (a domain added elsewhere since it loaded) cannot cut them again and again.
 */
export function useRetiledPages(
  list: {
    answered: boolean;
    status: string;
    pageNumber: number;
    start: number;
    retile(ids: readonly string[], start: number): void;
  },
  catalog: Pick<DomainCatalog, 'walk' | 'position'>,
  ids: readonly string[],
  all: boolean,
): void {
  const first = ids[0];
  const before =
    !all && catalog.walk.status === 'done' && first !== undefined
      ? catalog.position(first)
      : undefined;
  const apart =
    list.answered &&
    list.status === 'ready' &&
    list.pageNumber > 1 &&
    before !== undefined &&
    before !== list.start;
  const retiledForRef = useRef<unknown>(undefined);
  const { retile } = list;
  useEffect(() => {
    if (!apart || before === undefined || retiledForRef.current === catalog.walk) return;
    retiledForRef.current = catalog.walk;
    retile(ids, before);
  }, [apart, before, retile, ids, catalog.walk]);
}
