import { type PathCandidate, routePaths } from '../../contract/route-paths.js';
import { routes } from '../../contract/routes.js';

export { type PathCandidate, routePaths };

const isParameter = (segment: string | undefined) => /^\{\w+\}$/.test(segment ?? '');

/**
 * The placeholders a request fills itself (with the current project or organisation, as
 * `api request` does): a path may keep them. Any other (`{database_id}`) is the user's to type,
 * and a completion stops before it, at its `/`.
 */
const FILLED = new Set(['{project_id}', '{org_id}', '{organization_id}']);
const isTyped = (segment: string | undefined) => isParameter(segment) && !FILLED.has(segment ?? '');

/**
 * The paths that continue what was typed (not counting the query string, which ends a path),
 * segment by segment against the route table: a parameter's segment (`{project_id}`) takes what
 * was typed there (another project's ID, or the parameter's own name), and where it is still to
 * come it is filled with the current project (percent-encoded, as prepareRequest fills it). So
 * `/v1/projects/prj_other/dom` completes to `/v1/projects/prj_other/domains`, as the profile's own
 * project does. With `method`, the paths that take it come first (POST: the routes it can add to).
 */
export function completions(
  typed: string,
  projectId: string | undefined,
  method?: string,
  otherProjects: readonly string[] = [],
): PathCandidate[] {
  if (typed.includes('?')) return [];
  const done = typed.split('/');
  const partial = done.pop() ?? '';
  const fill = (segment: string) =>
    segment === '{project_id}' && projectId ? encodeURIComponent(projectId) : segment;
  /**
   * What may stand in the segment being typed: the template's own segment, or for a parameter
   * the value it is filled with (alone where nothing is typed there yet), the IDs of the other
   * projects this session has seen (for `{project_id}`), the parameter's own name; and failing
   * those what was typed there, as the value it is (`/v1/projects/prj_other` goes on to
   * `/v1/projects/prj_other/…`).
   */
  const nextOf = (segment: string): string[] => {
    if (!isParameter(segment)) return segment.startsWith(partial) ? [segment] : [];
    if (partial === '') return [fill(segment)];
    const known = segment === '{project_id}' ? otherProjects.map(encodeURIComponent) : [];
    const values = [fill(segment), ...known, segment].filter((v) => v.startsWith(partial));
    return values.length > 0 ? [...new Set(values)] : [partial];
  };
  const byPath = new Map<string, string[]>();
  for (const route of routes) {
    const template = route.path.split('/');
    if (template.length <= done.length) continue;
    const follows = done.every(
      (segment, i) => segment === template[i] || (segment !== '' && isParameter(template[i])),
    );
    if (!follows) continue;
    for (const next of nextOf(template[done.length] ?? '')) {
      const segments = [...done, next, ...template.slice(done.length + 1).map(fill)];
      // Up to the first value left to type, with its `/`: `…/databases/`, never `{database_id}`.
      const open = segments.findIndex((segment, i) => i >= done.length && isTyped(segment));
      const path = open < 0 ? segments.join('/') : `${segments.slice(0, open).join('/')}/`;
      if (path !== typed) byPath.set(path, [...(byPath.get(path) ?? []), route.method]);
    }
  }
  const all = [...byPath].map(([path, methods]) => ({ path, methods }));
  if (method === undefined) return all;
  return [
    ...all.filter((c) => c.methods.includes(method)),
    ...all.filter((c) => !c.methods.includes(method)),
  ];
}

/**
 * The value the routes want where the path stops (`database_id` after `…/databases/`): what Tab
 * says when it has nothing to complete there. Undefined where no route takes one.
 */
export function valueToType(typed: string): string | undefined {
  if (typed.includes('?') || !typed.endsWith('/')) return undefined;
  const done = typed.split('/').slice(0, -1);
  for (const route of routes) {
    const template = route.path.split('/');
    const follows = done.every(
      (segment, i) => segment === template[i] || (segment !== '' && isParameter(template[i])),
    );
    const next = template[done.length];
    if (follows && isTyped(next)) return next?.slice(1, -1);
  }
  return undefined;
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
