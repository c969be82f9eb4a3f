import { useMemo } from 'react';
import type { CatalogWalk } from '../domains/domain-catalog.js';
import type { Session } from '../app/session.js';
import { apiKeys } from '../queries/api-queries.js';
import type { QueryClient } from '../queries/query-client.js';

/**
 * The host names the project has, as the domains screen's last load of every domain found them
 * (the query cache's): the add form names a host typed that is among them before Enter, which
 * would only be told 409. Empty where no load has ended; the API stays the judge.
 */
export function useRegisteredHosts(
  queryClient: QueryClient,
  session: Session,
  projectId: string,
): ReadonlySet<string> {
  const walk = queryClient.getQueryData<CatalogWalk>(apiKeys.domainsCatalog(session, projectId));
  return useMemo(
    () => new Set(walk?.pages.flatMap((page) => page.domains.map((d) => d.domain)) ?? []),
    [walk],
  );
}
