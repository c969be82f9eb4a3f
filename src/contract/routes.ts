import type { ParamName } from './params.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export const httpMethods: readonly HttpMethod[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

/**
 * One endpoint of the API. The table below is plain data on purpose: the route matcher of
 * `api request` reads it without loading zod, and the server, the OpenAPI document and the typed
 * client join it with the schemas of `operations.ts` by `operationId`.
 */
export interface RouteDef {
  readonly operationId: OperationId;
  readonly method: HttpMethod;
  /** Path template relative to the base URL, with `{name}` parameters. */
  readonly path: string;
  readonly auth: 'public' | 'bearer';
  readonly summary: string;
  readonly params: readonly ParamName[];
  readonly successStatus: 200 | 201;
  /**
   * The error statuses this route can answer, in the contract's order: 405 on every path (a
   * method it has no operation for), 413 wherever a body can come (any method but GET), 415
   * where one is read, 500 everywhere.
   */
  readonly errorStatuses: readonly number[];
  /** Set on paged lists: the key of the items array (`--paginate` merges it). */
  readonly listKey?: 'projects' | 'databases' | 'domains';
}

export type OperationId =
  | 'listRegions'
  | 'listProjects'
  | 'createProject'
  | 'getProject'
  | 'listDatabases'
  | 'createDatabase'
  | 'deleteDatabase'
  | 'addDomain'
  | 'listDomains'
  | 'tlsAsk'
  | 'getOpenApi'
  | 'getHealth'
  | 'getReadiness';

export const routes = [
  {
    operationId: 'listRegions',
    method: 'GET',
    path: '/v1/regions',
    auth: 'public',
    summary: 'List the regions a project can be created in',
    params: [],
    successStatus: 200,
    errorStatuses: [400, 405, 500, 503],
  },
  {
    operationId: 'listProjects',
    method: 'GET',
    path: '/v1/projects',
    auth: 'bearer',
    summary: 'List the projects the caller can see, newest first',
    params: [],
    successStatus: 200,
    errorStatuses: [400, 401, 404, 405, 500, 503],
    listKey: 'projects',
  },
  {
    operationId: 'createProject',
    method: 'POST',
    path: '/v1/projects',
    auth: 'bearer',
    summary: 'Create a project in an organisation',
    params: [],
    successStatus: 201,
    errorStatuses: [400, 401, 404, 405, 413, 415, 500, 503],
  },
  {
    operationId: 'getProject',
    method: 'GET',
    path: '/v1/projects/{project_id}',
    auth: 'bearer',
    summary: 'Get one project',
    params: ['project_id'],
    successStatus: 200,
    errorStatuses: [400, 401, 404, 405, 500, 503],
  },
  {
    operationId: 'listDatabases',
    method: 'GET',
    path: '/v1/projects/{project_id}/databases',
    auth: 'bearer',
    summary: "List a project's databases, newest first",
    params: ['project_id'],
    successStatus: 200,
    errorStatuses: [400, 401, 404, 405, 500, 503],
    listKey: 'databases',
  },
  {
    operationId: 'createDatabase',
    method: 'POST',
    path: '/v1/projects/{project_id}/databases',
    auth: 'bearer',
    summary: 'Create a database in a project',
    params: ['project_id'],
    successStatus: 201,
    errorStatuses: [400, 401, 404, 405, 413, 415, 500, 503],
  },
  {
    operationId: 'deleteDatabase',
    method: 'DELETE',
    path: '/v1/projects/{project_id}/databases/{database_id}',
    auth: 'bearer',
    summary: 'Delete a database; answers with the deleted database',
    params: ['project_id', 'database_id'],
    successStatus: 200,
    errorStatuses: [400, 401, 404, 405, 413, 500, 503],
  },
  {
    operationId: 'addDomain',
    method: 'POST',
    path: '/v1/projects/{project_id}/domains',
    auth: 'bearer',
    summary: 'Add a custom domain; answers with the DNS records to create',
    params: ['project_id'],
    successStatus: 201,
    errorStatuses: [400, 401, 402, 403, 404, 405, 409, 413, 415, 500, 503],
  },
  {
    operationId: 'listDomains',
    method: 'GET',
    path: '/v1/projects/{project_id}/domains',
    auth: 'bearer',
    summary: "List a project's custom domains, newest first",
    params: ['project_id'],
    successStatus: 200,
    errorStatuses: [400, 401, 403, 404, 405, 500, 503],
    listKey: 'domains',
  },
  {
    operationId: 'tlsAsk',
    method: 'GET',
    path: '/v1/tls/ask',
    auth: 'public',
    summary: 'Whether an edge may obtain a certificate for a host name: 200 for a verified domain',
    params: [],
    successStatus: 200,
    errorStatuses: [400, 404, 405, 429, 500, 503],
  },
  {
    operationId: 'getOpenApi',
    method: 'GET',
    path: '/v1/openapi.json',
    auth: 'public',
    summary: 'The OpenAPI 3.1 document of this API',
    params: [],
    successStatus: 200,
    errorStatuses: [400, 405, 500],
  },
  {
    operationId: 'getHealth',
    method: 'GET',
    path: '/healthz',
    auth: 'public',
    summary: 'Liveness: the process answers (asks nothing of the database)',
    params: [],
    successStatus: 200,
    errorStatuses: [400, 405, 500],
  },
  {
    operationId: 'getReadiness',
    method: 'GET',
    path: '/readyz',
    auth: 'public',
    summary:
      'Readiness for a load balancer: the database answers within its timeout, and the instance is not shutting down',
    params: [],
    successStatus: 200,
    errorStatuses: [400, 405, 500, 503],
  },
] as const satisfies readonly RouteDef[];

export type Route = (typeof routes)[number];

export function routeById<Id extends OperationId>(id: Id): Extract<Route, { operationId: Id }> {
  const route = routes.find((r) => r.operationId === id);
  if (!route) throw new Error(`no route for operation ${id}`);
  return route as Extract<Route, { operationId: Id }>;
}
