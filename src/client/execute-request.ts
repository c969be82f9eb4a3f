import { RequestInputError } from './errors.js';
import type { PreparedRequest } from './prepare-request.js';
import { send } from './send.js';

export interface RawResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** The body as received; "" when empty. */
  text: string;
  /** The parsed body when it is JSON; undefined otherwise. */
  json?: unknown;
  ms: number;
}

export interface ExecuteOptions {
  timeoutMs?: number;
  debug?: (line: string) => void;
  retryDelayMs?: (attempt: number) => number;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sends a prepared raw request and reads the whole answer. The one path by which `api request`
 * and the UI's raw-request screen talk to the API.
 */
export async function executeRequest(
  request: PreparedRequest,
  options: ExecuteOptions = {},
): Promise<RawResponse> {
  const { debug } = options;
  if (debug && request.match) {
    const { route, params, warnings } = request.match;
    debug(`* route: ${route.method} ${route.path} (${route.operationId}, ${route.auth})`);
    for (const [name, value] of Object.entries(params)) debug(`* param ${name} = ${value}`);
    for (const warning of warnings) debug(`* warning: ${warning}`);
  } else if (debug) {
    debug('* route: none of the known routes matches this path');
  }
  const { response, ms } = await send({
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: request.body,
    timeoutMs: options.timeoutMs,
    debug,
    retryDelayMs: options.retryDelayMs,
  });
  const text = await response.text();
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    headers.push([name, value]);
  });
  return {
    status: response.status,
    statusText: response.statusText,
    headers,
    text,
    json: parseJson(text),
    ms,
  };
}

export const isSuccess = (response: RawResponse) => response.status >= 200 && response.status < 300;

/** `HTTP 404 not_found: project prj_x not found`, or the status line when the body is not an error body. */
export function errorSummary(response: RawResponse): string {
  const error = (response.json as { error?: { code?: unknown; message?: unknown } } | undefined)
    ?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return `HTTP ${response.status} ${error.code}: ${error.message}`;
  }
  return `HTTP ${response.status} ${response.statusText}`.trim();
}

/**
 * Follows `next_page_token` from the first page to the last and merges the items into one
 * document, `{ <items>: [...all], next_page_token: "" }`. Stops at the first error response and
 * returns it as it came.
 */
export async function executePaginated(
  request: PreparedRequest,
  options: ExecuteOptions = {},
): Promise<RawResponse> {
  const listKey = request.match?.route.listKey;
  if (request.method !== 'GET' || !listKey) {
    throw new RequestInputError(
      '--paginate works only with GET on a list route (projects, databases, domains)',
    );
  }
  const items: unknown[] = [];
  let url = request.url;
  let last: RawResponse;
  let totalMs = 0;
  for (;;) {
    last = await executeRequest({ ...request, url }, options);
    totalMs += last.ms;
    if (!isSuccess(last)) return last;
    const page = last.json as Record<string, unknown> | undefined;
    const pageItems = page?.[listKey];
    if (!Array.isArray(pageItems)) return last;
    items.push(...pageItems);
    const token = page?.next_page_token;
    if (typeof token !== 'string' || token === '') break;
    url = new URL(url);
    url.searchParams.set('page_token', token);
  }
  const merged = { [listKey]: items, next_page_token: '' };
  return { ...last, text: JSON.stringify(merged), json: merged, ms: totalMs };
}
