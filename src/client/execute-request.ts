import { pathnameOf } from '../contract/match-route.js';
import { PAGE_SIZE_MAX } from '../contract/params.js';
import { RequestInputError } from '../core/errors.js';
import type { Deadline } from './deadline.js';
import { createHttpClient, type HttpClient } from './http-client.js';
import { receivedHeaders } from './http-transport.js';
import { PageGuard } from './paging.js';
import type { PreparedRequest } from './prepare-request.js';

export interface RawResponse {
  status: number;
  statusText: string;
  /** Names in lower case, repeats joined, by name: as a Response's Headers lists them. */
  headers: [string, string][];
  /** As the server sent them: each name in its case, in their order, repeats kept (`-i`). */
  receivedHeaders: [string, string][];
  /** The body as received; "" when empty. */
  text: string;
  /** The parsed body when it is JSON; undefined otherwise. */
  json?: unknown;
  ms: number;
}

export interface ExecuteOptions {
  /** The deadline of the whole run (`api request --timeout`): every page, retry and body. */
  deadline?: Deadline;
  /** The most one request may take within it: attempts, retry waits and body (default 30 s). */
  timeoutMs?: number;
  /** Ends the request in flight at once, with its reason (the UI leaving); when no deadline is given. */
  signal?: AbortSignal;
  /**
   * The client of the profile the request was prepared for (`api request` makes one for the
   * run); when absent, one is made from the request's base URL and token with the options below.
   */
  client?: HttpClient;
  /** The most bytes one answer may have, decoded (default 64 MiB); when no client is given. */
  maxResponseBytes?: number;
  /** When no client is given. */
  debug?: (line: string) => void;
  /** When no client is given. */
  retryDelayMs?: (attempt: number) => number;
  /** Told of every answer as it comes (each page of --paginate): the history records the last. */
  onResponse?: (response: RawResponse) => void;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A client for the profile a request was prepared for: its base URL and token. */
export function clientFor(
  request: PreparedRequest,
  options: Pick<ExecuteOptions, 'maxResponseBytes' | 'debug' | 'retryDelayMs'> = {},
): HttpClient {
  return createHttpClient({
    baseUrl: request.baseUrl,
    token: request.token,
    maxResponseBytes: options.maxResponseBytes,
    debug: options.debug,
    retryDelayMs: options.retryDelayMs,
  });
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
  const client = options.client ?? clientFor(request, options);
  const { response, text, ms } = await client.exchange({
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: request.body,
    credentials: request.sendsCredentials,
    deadline: options.deadline,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    headers.push([name, value]);
  });
  const answer: RawResponse = {
    status: response.status,
    statusText: response.statusText,
    headers,
    receivedHeaders: receivedHeaders(response),
    text,
    json: parseJson(text),
    ms,
  };
  options.onResponse?.(answer);
  return answer;
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

/** One page of a followed list: a success answer with its items, or the answer that ended it. */
export interface ListPage {
  response: RawResponse;
  /** The page's items; absent when the answer is an error or not a page of the list. */
  items?: unknown[];
}

/**
 * The pages of a list from the first to the last, following `next_page_token` (`--paginate`).
 * Each success page is yielded with its items as it comes, so a caller can write it out and hold
 * no more than one page. An error answer, or a success answer that is not a page of the list,
 * is yielded without items and ends the walk. Empty pages that point further are followed (up to
 * MAX_EMPTY_PAGES in a row); a token handed out twice, or more empty pages in a row than that,
 * throws PagingError rather than be followed for ever.
 */
export async function* paginate(
  request: PreparedRequest,
  options: ExecuteOptions = {},
): AsyncGenerator<ListPage, void, undefined> {
  const listKey = request.match?.route.listKey;
  if (request.method !== 'GET' || !listKey) {
    throw new RequestInputError(
      '--paginate works only with GET on a list route (projects, databases, domains)',
    );
  }
  const guard = new PageGuard(
    `the list ${pathnameOf(request.path)}`,
    request.url.searchParams.get('page_token') ?? undefined,
  );
  // The largest page the contract allows, unless the path asks for a size: fewer round trips.
  let url = request.url;
  if (!url.searchParams.has('page_size')) {
    url = new URL(url);
    url.searchParams.set('page_size', String(PAGE_SIZE_MAX));
  }
  const client = options.client ?? clientFor(request, options);
  for (;;) {
    const response = await executeRequest({ ...request, url }, { ...options, client });
    const page = response.json as Record<string, unknown> | undefined;
    const items = isSuccess(response) ? page?.[listKey] : undefined;
    if (!Array.isArray(items)) {
      yield { response };
      return;
    }
    yield { response, items };
    const next = page?.next_page_token;
    const token = guard.next(typeof next === 'string' ? next : undefined, items.length);
    if (!token) return;
    url = new URL(url);
    url.searchParams.set('page_token', token);
  }
}
