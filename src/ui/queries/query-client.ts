import { QueryClient } from '@tanstack/query-core';

/**
 * The UI's one cache of what the API said (TanStack Query): projects, pages of domains, every
 * domain of a project, a project's details. runUi makes it before the UI's bundle loads and puts
 * the first screen's requests in it; the screens read and fill it through react-query's hooks.
 *
 * Its defaults are a terminal's, not a browser's:
 * - no retries of its own: the API client (ky) retries what may be retried, within the deadline;
 * - `networkMode: 'always'`: a request is sent whatever `navigator.onLine` would say;
 * - answers stay fresh until something says otherwise (`r`, an add, the watch): a screen coming
 *   back shows what it had, and asks again only where the screen says so.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        networkMode: 'always',
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export type { QueryClient };
