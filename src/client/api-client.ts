import type * as z from 'zod';
import { normalizeHostname } from '../contract/hostname.js';
import { operations } from '../contract/operations.js';
import { PAGE_SIZE_MAX } from '../contract/params.js';
import { type OperationId, routeById } from '../contract/routes.js';
import type { Domain } from '../contract/schemas.js';
import { ApiError, MissingCredentialsError } from './errors.js';
import { joinUrl, parseBaseUrl } from './prepare-request.js';
import { send } from './send.js';

export interface ApiClientOptions {
  baseUrl: string;
  token?: string;
  timeoutMs?: number;
  debug?: (line: string) => void;
}

export interface PageOptions {
  pageSize?: number;
  pageToken?: string;
}

type ResponseOf<Id extends OperationId> = z.output<(typeof operations)[Id]['response']>;

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

/**
 * The typed API client: one method per operation of the route table, answers parsed with the
 * contract's zod schemas. HTTP errors throw ApiError, connection failures NetworkError.
 */
export function createApiClient(options: ApiClientOptions) {
  const base = parseBaseUrl(options.baseUrl);

  async function call<Id extends OperationId>(
    id: Id,
    input: CallInput = {},
  ): Promise<ResponseOf<Id>> {
    const route = routeById(id);
    const path = pathFor(route.path, input);
    const headers: Record<string, string> = {};
    if (route.auth === 'bearer') {
      if (!options.token) throw new MissingCredentialsError(`${route.method} ${route.path}`);
      headers.authorization = `Bearer ${options.token}`;
    }
    const body = input.body === undefined ? undefined : JSON.stringify(input.body);
    if (body !== undefined) headers['content-type'] = 'application/json';

    const { response } = await send({
      method: route.method,
      url: joinUrl(base, path),
      headers,
      body,
      timeoutMs: options.timeoutMs,
      debug: options.debug,
    });
    const text = await response.text();
    const json = parseJson(text);
    if (!response.ok) {
      const error = (json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      const code = typeof error?.code === 'string' ? error.code : 'http_error';
      const message =
        typeof error?.message === 'string'
          ? error.message
          : `${response.status} ${response.statusText}`.trim();
      throw new ApiError(response.status, code, message, route.method, path, json ?? text);
    }
    const parsed = operations[id].response.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiError(
        response.status,
        'invalid_response',
        `the answer to ${route.method} ${path} does not match the API contract (${issue?.path.join('.') || 'body'}: ${issue?.message})`,
        route.method,
        path,
        json ?? text,
      );
    }
    return parsed.data as ResponseOf<Id>;
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
    listDomains: (projectId: string, q: PageOptions = {}) =>
      call('listDomains', { params: { project_id: projectId }, query: page(q) }),
    addDomain: (projectId: string, domain: string) =>
      call('addDomain', { params: { project_id: projectId }, body: { domain } }),

    /**
     * Finds a domain of a project by host name (the API has no single-domain route): walks the
     * list in pages of 100. The name is normalised the way the server stores it.
     */
    async findDomain(projectId: string, hostname: string): Promise<Domain | undefined> {
      const wanted = normalizeHostname(hostname);
      const name = wanted.ok ? wanted.hostname : hostname.trim().toLowerCase();
      let pageToken: string | undefined;
      do {
        const result = await call('listDomains', {
          params: { project_id: projectId },
          query: { page_size: PAGE_SIZE_MAX, page_token: pageToken },
        });
        const found = result.domains.find((d) => d.domain === name);
        if (found) return found;
        pageToken = result.next_page_token || undefined;
      } while (pageToken);
      return undefined;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
