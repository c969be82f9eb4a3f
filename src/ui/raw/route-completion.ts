import { type PathCandidate, routePaths } from '../../contract/route-paths.js';

export { type PathCandidate, routePaths };

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
