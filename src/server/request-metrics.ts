import { matchRoute } from '../contract/match-route.js';
import { type HttpMethod, routes } from '../contract/routes.js';
import type { ServerMetrics } from './metrics.js';

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/** Where the metrics are served, on the API's port (`--metrics`) or a port of their own. */
export const METRICS_PATH = '/metrics';

/**
 * The route template a path reached ("unmatched" when none): a label must never be the raw
 * path, whose ids would make one series a project, without bound.
 */
export function routeTemplate(method: string, path: string): string {
  if (path === METRICS_PATH) return METRICS_PATH;
  return matchRoute(method as HttpMethod, path).match?.route.path ?? 'unmatched';
}

/**
 * The methods the API answers: those of its route table, and HEAD, which every GET route answers
 * too. Node's parser knows 34 (PROPFIND, M-SEARCH, …); each would be a series of its own.
 */
const API_METHODS: ReadonlySet<string> = new Set(['HEAD', ...routes.map((r) => r.method)]);

/** The method label: one of the API's methods, or "other" for any method it has no route for. */
export function methodLabel(method: string): string {
  return API_METHODS.has(method) ? method : 'other';
}

/** Counts and times every answer of `fetch`; only wrapped when metrics were asked for. */
export function withRequestMetrics<F extends Fetch>(
  fetch: F,
  pathOf: (request: Request) => string,
  metrics: ServerMetrics,
): F {
  return (async (request: Request, ...rest: never[]) => {
    const started = performance.now();
    const res = await fetch(request, ...rest);
    metrics.request(
      methodLabel(request.method),
      routeTemplate(request.method, pathOf(request)),
      res.status,
      (performance.now() - started) / 1000,
    );
    return res;
  }) as F;
}

/** The answer to GET /metrics. */
export async function metricsResponse(metrics: ServerMetrics): Promise<Response> {
  const { contentType, text } = await metrics.scrape();
  return new Response(text, { status: 200, headers: { 'Content-Type': contentType } });
}
