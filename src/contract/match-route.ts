import { idPrefixes, PARAM_PATTERN } from './params.js';
import { type HttpMethod, type RouteDef, routes } from './routes.js';

export interface RouteMatch {
  route: RouteDef;
  /** Path parameters by name, percent-decoded. */
  params: Record<string, string>;
  /** One sentence for each parameter that breaks its pattern or lacks its prefix. */
  warnings: string[];
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').slice(1);
}

function matchTemplate(template: string, pathname: string): Record<string, string> | undefined {
  const want = splitPath(template);
  const got = splitPath(pathname);
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith('{') && w.endsWith('}')) {
      if (g === '') return undefined;
      let value = g;
      try {
        value = decodeURIComponent(g);
      } catch {
        // A broken escape stays as typed; the pattern warning below names it.
      }
      params[w.slice(1, -1)] = value;
    } else if (w !== g) {
      return undefined;
    }
  }
  return params;
}

function paramWarnings(params: Record<string, string>): string[] {
  const warnings: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (!PARAM_PATTERN.test(value)) {
      warnings.push(`${name} "${value}" does not match ${PARAM_PATTERN.source}`);
      continue;
    }
    const prefix = idPrefixes[name as keyof typeof idPrefixes];
    if (prefix && !value.startsWith(prefix)) {
      warnings.push(`${name} "${value}" does not start with ${prefix}`);
    }
  }
  return warnings;
}

/** The pathname without its query string or fragment. */
export function pathnameOf(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/** Finds the route a request would reach; `allowed` lists the methods of a path that matched. */
export function matchRoute(
  method: HttpMethod,
  path: string,
): { match?: RouteMatch; allowed: HttpMethod[] } {
  const pathname = pathnameOf(path);
  const allowed: HttpMethod[] = [];
  let match: RouteMatch | undefined;
  for (const route of routes) {
    const params = matchTemplate(route.path, pathname);
    if (!params) continue;
    allowed.push(route.method);
    if (route.method === method && !match) {
      match = { route, params, warnings: paramWarnings(params) };
    }
  }
  return match ? { match, allowed } : { allowed };
}
