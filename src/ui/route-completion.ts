import { routes } from '../contract/routes.js';

export interface PathCandidate {
  path: string;
  methods: string[];
}

/**
 * The route table's paths, `{project_id}` filled with the current project (percent-encoded, as
 * prepareRequest fills it: an ID from the API may hold `/`, `+` or control characters), with
 * their methods.
 */
export function routePaths(projectId: string | undefined): PathCandidate[] {
  const byPath = new Map<string, string[]>();
  const id = projectId === undefined ? undefined : encodeURIComponent(projectId);
  for (const route of routes) {
    const path = id ? route.path.replaceAll('{project_id}', id) : route.path;
    byPath.set(path, [...(byPath.get(path) ?? []), route.method]);
  }
  return [...byPath].map(([path, methods]) => ({ path, methods }));
}

/** The paths that continue what was typed (not counting the query string, which ends a path). */
export function completions(typed: string, projectId: string | undefined): PathCandidate[] {
  if (typed.includes('?')) return [];
  return routePaths(projectId).filter((c) => c.path.startsWith(typed) && c.path !== typed);
}

export function longestCommonPrefix(values: string[]): string {
  if (values.length === 0) return '';
  let prefix = values[0] ?? '';
  for (const value of values.slice(1)) {
    let i = 0;
    while (i < prefix.length && i < value.length && prefix[i] === value[i]) i++;
    prefix = prefix.slice(0, i);
  }
  return prefix;
}
