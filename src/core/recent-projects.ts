/** How many recently opened projects are kept, per profile. */
export const RECENT_PROJECTS_LIMIT = 5;

/**
 * The recent projects once `projectId` has been opened: it first, then the others as they were,
 * none twice, at most RECENT_PROJECTS_LIMIT. The profile store and the demo's in-memory list
 * both keep them so.
 */
export function withRecentProject(recent: readonly string[], projectId: string): string[] {
  return [projectId, ...recent.filter((id) => id !== projectId)].slice(0, RECENT_PROJECTS_LIMIT);
}
