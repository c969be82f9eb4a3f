import { useQueries } from '@tanstack/react-query';
import type { ReadProject as Project } from '../../contract/read-schemas.js';
import { ApiError } from '../../core/errors.js';
import { useSession } from '../app/context.js';
import { projectQuery } from '../queries/api-queries.js';

/** What is known of a recent project the loaded pages do not hold: its details, or why not. */
export type RecentLookup =
  | { status: 'loading' }
  | { status: 'found'; project: Project }
  /** The API says no such project (or none this caller may see): gone, or another account's. */
  | { status: 'notFound' }
  | { status: 'failed' };

interface LookupResult {
  data?: Project;
  error: unknown;
  isError: boolean;
}

function lookupOf(result: LookupResult): RecentLookup {
  if (result.data) return { status: 'found', project: result.data };
  if (!result.isError) return { status: 'loading' };
  return result.error instanceof ApiError && result.error.status === 404
    ? { status: 'notFound' }
    : { status: 'failed' };
}

/** One array while the answers stay the same: react-query runs it again only when they change. */
const lookupsOf = (results: LookupResult[]): RecentLookup[] => results.map(lookupOf);

/**
 * The details of the recent projects that the pages loaded so far do not hold (one older than
 * the first page's, say): each is a project query of the UI's cache (projectQuery, as the domains
 * screen asks for a project given by ID), asked for once `ask` says the list's page is in (a
 * recent one may well be on it). `lookups` are in the order of `ids`.
 */
export function useRecentProjects(
  recent: readonly string[],
  listed: readonly Project[],
  ask: boolean,
): { ids: string[]; lookups: RecentLookup[] } {
  const session = useSession();
  const onPages = new Set(listed.map((p) => p.id));
  const ids = recent.filter((id) => !onPages.has(id));
  const lookups = useQueries({
    queries: ids.map((id) => ({ ...projectQuery(session, id), enabled: ask })),
    combine: lookupsOf,
  });
  return { ids, lookups };
}
