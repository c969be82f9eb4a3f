import { routes } from './routes.js';

// The route table's paths as completion offers them: the UI's raw-request form and the shell's
// `api request <path>`.

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
