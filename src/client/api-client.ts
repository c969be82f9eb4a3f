import * as z from 'zod/mini';
import { normalizeHostname } from '../contract/hostname.js';
import { PAGE_SIZE_MAX } from '../contract/params.js';
import { ReadDomain, ReadPageOf, readSchemas } from '../contract/read-schemas.js';
import { type OperationId, routeById } from '../contract/routes.js';
import { ApiError, InvalidResponseError, MissingCredentialsError } from '../core/errors.js';
import { refuseIfReadOnly } from '../core/profile-safety.js';
import { Deadline } from './deadline.js';
import { PageGuard } from './paging.js';
import { checkToken, joinUrl, parseBaseUrl } from './prepare-request.js';
import { createHttpClient } from './http-client.js';

// A client reads a page or two in a run: zod's JIT (a parser generated with new Function for
// each object schema on its first use) cost ~12 ms of CPU before the UI's first frame on Node 24
// and repays only over thousands of parses. The server, which parses every request, keeps it
// (it never imports the client; the demo's in-process server reads as the client does).
z.config({ jitless: true });

export interface ApiClientOptions {
  baseUrl: string;
  token?: string;
  /** The most one request may take: every attempt, retry wait and its body (default 30 s). */
  timeoutMs?: number;
  /**
   * The deadline of everything the client is asked to do (`domains wait --timeout`): no request
   * outlives it. None when absent.
   */
  deadline?: Deadline;
  /**
   * Aborting it ends every request in flight at once, rejecting with its reason (the UI quitting).
   * Used when no deadline is given (a deadline carries its caller's signal itself).
   */
  signal?: AbortSignal;
  /** The most bytes one answer may have, decoded (default 64 MiB). */
  maxResponseBytes?: number;
  debug?: (line: string) => void;
  /**
   * The profile is read-only: an operation that changes something (POST, PUT, PATCH, DELETE) is
   * refused before anything is sent (RequestInputError, exit code 2); `profile` names it.
   */
  readOnly?: boolean;
  profile?: string;
}

export interface PageOptions {
  pageSize?: number;
  pageToken?: string;
}

type ResponseOf<Id extends OperationId> = z.output<(typeof readSchemas)[Id]>;

interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

function pathFor(template: string, input: CallInput): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(input.params?.[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A zod issue for people: `domains.0.created_at: expected an ISO 8601 date-time …`. */
function issueText(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`;
}

const DOMAIN_PAGE_SHAPE = ReadPageOf('domains');

/** A success answer, read as JSON; `fail` makes the error for an answer that cannot be used. */
interface Answer {
  json: unknown;
  fail(detail: string): InvalidResponseError;
}

/**
 * Checks a success answer with a read schema and hands on the JSON exactly as it came (the read
 * schemas transform nothing, so it is of their type): unknown fields and key order stay.
 */
function readAnswer<T>(schema: z.ZodMiniType<T>, value: unknown, fail: Answer['fail']): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fail(issueText(parsed.error));
  return value as T;
}

/**
 * The typed API client: one method per operation of the route table, answers checked with the
 * read schemas (what the API's description allows, for what the client uses) and handed on as
 * they came. HTTP errors throw ApiError, a success answer that cannot be used
 * InvalidResponseError, connection failures NetworkError.
 */
export function createApiClient(options: ApiClientOptions) {
  const base = parseBaseUrl(options.baseUrl);
  const deadline = options.deadline ?? Deadline.none(options.signal);
  const http = createHttpClient({
    baseUrl: base,
    token: options.token,
    maxResponseBytes: options.maxResponseBytes,
    debug: options.debug,
  });

  async function answer(id: OperationId, input: CallInput): Promise<Answer> {
    const route = routeById(id);
    refuseIfReadOnly(route.method, options.readOnly, options.profile);
    const path = pathFor(route.path, input);
    const credentials = route.auth === 'bearer';
    if (credentials) {
      if (!options.token) throw new MissingCredentialsError(`${route.method} ${route.path}`);
      checkToken(options.token);
    }
    const body = input.body === undefined ? undefined : JSON.stringify(input.body);
    const headers: Record<string, string> =
      body === undefined ? {} : { 'content-type': 'application/json' };

    const { response, text } = await http.exchange({
      method: route.method,
      url: joinUrl(base, path),
      headers,
      body,
      credentials,
      deadline,
      timeoutMs: options.timeoutMs,
    });
    const json = parseJson(text);
    if (response.status < 200 || response.status > 299) {
      const error = (json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      const code = typeof error?.code === 'string' ? error.code : 'http_error';
      const message =
        typeof error?.message === 'string'
          ? error.message
          : `${response.status} ${response.statusText}`.trim();
      throw new ApiError(response.status, code, message, route.method, path, json ?? text);
    }
    const fail = (detail: string) =>
      new InvalidResponseError(response.status, route.method, path, detail, json ?? text);
    if (json === undefined) throw fail(text === '' ? 'the body is empty' : 'the body is not JSON');
    return { json, fail };
  }

  async function call<Id extends OperationId, T = ResponseOf<Id>>(
    id: Id,
    input: CallInput = {},
    schema: z.ZodMiniType<T> = readSchemas[id] as unknown as z.ZodMiniType<T>,
  ): Promise<T> {
    const { json, fail } = await answer(id, input);
    return readAnswer(schema, json, fail);
  }

  const page = (q: PageOptions) => ({ page_size: q.pageSize, page_token: q.pageToken });

  return {
    baseUrl: base.toString(),
    listRegions: () => call('listRegions'),
    listProjects: (q: PageOptions & { organizationId?: string } = {}) =>
      call('listProjects', { query: { ...page(q), organization_id: q.organizationId } }),
    getProject: (projectId: string) => call('getProject', { params: { project_id: projectId } }),
    createProject: (body: { name: string; organization_id: string; region_id?: string }) =>
      call('createProject', { body }),
    listDatabases: (projectId: string, q: PageOptions = {}) =>
      call('listDatabases', { params: { project_id: projectId }, query: page(q) }),
    createDatabase: (projectId: string, name: string) =>
      call('createDatabase', { params: { project_id: projectId }, body: { name } }),
    deleteDatabase: (projectId: string, databaseId: string) =>
      call('deleteDatabase', { params: { project_id: projectId, database_id: databaseId } }),
    /** A page of domains, every one checked for what the table and the UI show. */
    listDomains: (projectId: string, q: PageOptions = {}) =>
      call('listDomains', { params: { project_id: projectId }, query: page(q) }),
    /**
     * A page of domains checked only as a page (`domains` an array of objects): for `--json`,
     * which prints the items as they came whatever they hold.
     */
    listDomainsPage: (projectId: string, q: PageOptions = {}) =>
      call('listDomains', { params: { project_id: projectId }, query: page(q) }, DOMAIN_PAGE_SHAPE),
    addDomain: (projectId: string, domain: string) =>
      call('addDomain', { params: { project_id: projectId }, body: { domain } }),

    /**
     * Finds a domain of a project by host name (the API has no single-domain route): walks the
     * list in pages of 100 and checks only the domain it finds. The name is normalised the way
     * the server stores it. A list whose paging could never end throws PagingError.
     */
    async findDomain(projectId: string, hostname: string): Promise<ReadDomain | undefined> {
      const wanted = normalizeHostname(hostname);
      const name = wanted.ok ? wanted.hostname : hostname.trim().toLowerCase();
      const guard = new PageGuard(`the domains of ${projectId}`);
      let pageToken: string | undefined;
      do {
        const input = {
          params: { project_id: projectId },
          query: { page_size: PAGE_SIZE_MAX, page_token: pageToken },
        };
        const { json, fail } = await answer('listDomains', input);
        const result = readAnswer(DOMAIN_PAGE_SHAPE, json, fail);
        const index = result.domains.findIndex((d) => d.domain === name);
        const found = result.domains[index];
        if (found)
          return readAnswer(ReadDomain, found, (detail) => fail(`domains.${index}.${detail}`));
        pageToken = guard.next(result.next_page_token, result.domains.length);
      } while (pageToken);
      return undefined;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
