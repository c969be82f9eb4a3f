import type { OpenAPIHono } from '@hono/zod-openapi';
import { codeForStatus } from '../contract/errors.js';
import { operations } from '../contract/operations.js';
import type { OperationId, Route } from '../contract/routes.js';
import { ErrorBody } from '../contract/schemas.js';
import { VERSION } from '../version.js';

const errorDescriptions: Record<number, string> = {
  400: 'The request is malformed: bad JSON, a missing or invalid field, a bad page_size or page_token, or a query parameter the operation does not take',
  401: 'No, malformed, expired or unknown credentials',
  402: "The project's plan is not Scale or Enterprise",
  403: 'The caller lacks the custom-domains feature flag',
  404: 'The project, database or organisation does not exist or the caller cannot see it',
  409: 'The host name is already registered, in this project or another',
  405: 'This path has no operation for the method sent; Allow lists the methods it has',
  413: 'The request body is over 64 KiB; the connection closes after the answer',
  415: 'The request body was sent as something other than application/json (text/plain, a form, XML)',
  429: 'Too many requests from this client; retry after Retry-After seconds',
  500: 'An unexpected error; the message reveals no internals',
  503: 'The database is unavailable (down, or not answering in time), or the instance is shutting down; retry after Retry-After seconds',
};

type Tag = 'Regions' | 'Projects' | 'Databases' | 'Domains' | 'Edge' | 'Operations' | 'Meta';

const tags: { name: Tag; description: string }[] = [
  { name: 'Domains', description: 'Custom domains of a project and the DNS records they need' },
  { name: 'Projects', description: 'Projects the caller can see through its organisations' },
  { name: 'Databases', description: "A project's databases" },
  { name: 'Regions', description: 'Where a project can run' },
  {
    name: 'Edge',
    description:
      "What the edge (a TLS terminator such as Caddy) asks before serving a customer's name",
  },
  { name: 'Operations', description: 'For load balancers and orchestrators: liveness, readiness' },
  { name: 'Meta', description: 'This document' },
];

/**
 * What the document says of each operation beyond the route table's summary. Kept here, not in
 * the table, because only the document needs it: `api request` loads the table at start-up.
 */
const operationDocs: Record<OperationId, { tag: Tag; description: string }> = {
  listRegions: {
    tag: 'Regions',
    description: 'The regions a project can be created in. Needs no credentials.',
  },
  listProjects: {
    tag: 'Projects',
    description:
      "The projects of the caller's organisations, newest first, one page at a time; " +
      'organization_id narrows the list to one organisation the caller is a member of.',
  },
  createProject: {
    tag: 'Projects',
    description:
      'Creates a project on the free plan in one of the caller’s organisations; region_id ' +
      'defaults to eu-west.',
  },
  getProject: {
    tag: 'Projects',
    description: 'One project, if the caller is a member of its organisation (404 otherwise).',
  },
  listDatabases: {
    tag: 'Databases',
    description: "The project's databases, newest first, one page at a time.",
  },
  createDatabase: { tag: 'Databases', description: 'Creates a database in the project.' },
  deleteDatabase: {
    tag: 'Databases',
    description: 'Deletes a database of the project and answers with what was deleted.',
  },
  addDomain: {
    tag: 'Domains',
    description:
      'Registers a host name for the project. The answer carries dns_instructions: the CNAME, ' +
      'the ownership TXT record and the ACME CNAME to create at the DNS provider. Needs the ' +
      'custom-domains feature and a Scale or Enterprise plan; a host name is unique across ' +
      'every project.',
  },
  listDomains: {
    tag: 'Domains',
    description:
      "The project's custom domains, newest first, one page at a time, with their " +
      'verification and certificate state. Needs the custom-domains feature.',
  },
  tlsAsk: {
    tag: 'Edge',
    description:
      "The gatekeeper of an edge's on-demand TLS (Caddy's on_demand_tls ask): 200 when the host " +
      'name is a verified custom domain of any project, 404 for any other name (pending, unknown ' +
      'or not a host name an API would store), so certificates are obtained only for verified ' +
      'domains. Needs no credentials; answers from a cache, and questions that need the database ' +
      'are limited per client address a minute; past that, a name asked again within 10 s gets 429.',
  },
  getOpenApi: {
    tag: 'Meta',
    description: 'This OpenAPI 3.1 document, generated from the schemas the server validates with.',
  },
  getHealth: {
    tag: 'Operations',
    description:
      'Liveness: 200 while the process answers. Asks nothing of the database. Needs no ' +
      'credentials; logged only when it fails.',
  },
  getReadiness: {
    tag: 'Operations',
    description:
      'Readiness, for a load balancer: 200 when the database answers within its timeout, 503 ' +
      'with the reason when it does not and from the moment the instance is told to stop ' +
      '(it goes on serving for its drain grace). Needs no credentials; logged only when it fails.',
  },
};

/**
 * The headers answers carry, as components: every answer has its request id, and some statuses
 * say more in a header (how to authenticate, which methods, when to try again).
 */
const responseHeaders = {
  'X-Request-Id': {
    description:
      "The request's id, as the server's log writes it: the client's own X-Request-Id when it sent a usable one (1-128 of A-Z a-z 0-9 . _ ~ : + / = -), else a new one",
    schema: { type: 'string' as const, minLength: 1, maxLength: 128 },
  },
  'WWW-Authenticate': {
    description: 'How to authenticate: the Bearer scheme, with the error when a token was sent',
    schema: { type: 'string' as const, examples: ['Bearer realm="domainctl"'] },
  },
  Allow: {
    description: 'The methods this path has',
    schema: { type: 'string' as const, examples: ['GET, POST'] },
  },
  'Retry-After': {
    description: 'Seconds to wait before asking again',
    schema: { type: 'integer' as const, minimum: 1, examples: [1] },
  },
  Connection: {
    description: 'close: the rest of the refused body is not read, so the connection ends',
    schema: { type: 'string' as const, enum: ['close'] },
  },
};
type HeaderName = keyof typeof responseHeaders;

const headersByStatus: Partial<Record<number, HeaderName[]>> = {
  401: ['WWW-Authenticate'],
  405: ['Allow'],
  413: ['Connection'],
  429: ['Retry-After'],
  503: ['Retry-After'],
};

/** The headers of an answer with `status`, as references to the components above. */
function headersOf(status: number): Record<string, { $ref: string }> {
  const names: HeaderName[] = ['X-Request-Id', ...(headersByStatus[status] ?? [])];
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

/**
 * A request body of each operation that takes one, which works against the demo data
 * (`serve --seed demo`, as dk_demo_tester): example-driven tools build their requests from it.
 */
const bodyExamples: Partial<Record<OperationId, Record<string, string>>> = {
  createProject: { name: 'Storefront', organization_id: 'org_demo', region_id: 'eu-west' },
  createDatabase: { name: 'reporting' },
  addDomain: { domain: 'shop.example.com' },
};

/** Adds a route of the table to the app's OpenAPI registry, with the contract's schemas. */
export function registerRouteDoc(app: OpenAPIHono, route: Route): void {
  const schemas = operations[route.operationId];
  const responses: Record<
    string,
    {
      description: string;
      headers: Record<string, { $ref: string }>;
      content: Record<string, { schema: unknown }>;
    }
  > = {
    [route.successStatus]: {
      description: route.summary,
      headers: headersOf(route.successStatus),
      content: { 'application/json': { schema: schemas.response } },
    },
  };
  for (const status of route.errorStatuses) {
    responses[status] = {
      description: `${codeForStatus(status)}: ${errorDescriptions[status] ?? 'error'}`,
      headers: headersOf(status),
      content: { 'application/json': { schema: ErrorBody } },
    };
  }
  app.openAPIRegistry.registerPath({
    method: route.method.toLowerCase() as 'get',
    path: route.path,
    operationId: route.operationId,
    summary: route.summary,
    description: operationDocs[route.operationId].description,
    tags: [operationDocs[route.operationId].tag],
    security: route.auth === 'bearer' ? [{ bearer: [] }] : [],
    request: {
      ...('params' in schemas ? { params: schemas.params } : {}),
      ...('query' in schemas ? { query: schemas.query } : {}),
      ...('body' in schemas
        ? {
            body: {
              required: true,
              content: {
                'application/json': {
                  schema: schemas.body,
                  example: bodyExamples[route.operationId],
                },
              },
            },
          }
        : {}),
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry's response type is generic over zod versions
    responses: responses as any,
  });
}

export function registerSecurityScheme(app: OpenAPIHono): void {
  for (const [name, header] of Object.entries(responseHeaders)) {
    app.openAPIRegistry.registerComponent('headers', name, header);
  }
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'A JWT from the identity provider, or an API key (dk_…)',
  });
}

/**
 * The document, with `origin` (where it was asked for) as its first server: behind a proxy that
 * is the address clients use, which the listener's own address is not.
 */
export function buildOpenApiDocument(app: OpenAPIHono, origin: string): Record<string, unknown> {
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Custom domains API',
      version: VERSION,
      description: 'Projects, databases and custom domains; served by `domainctl serve`.',
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      contact: { name: 'domainctl maintainers' },
    },
    servers: [
      { url: origin, description: 'The server that served this document' },
      {
        url: '{scheme}://{host}:{port}',
        description: 'Any `domainctl serve` instance',
        variables: {
          scheme: { default: 'http', enum: ['http', 'https'] },
          host: { default: '127.0.0.1' },
          port: { default: '7878' },
        },
      },
    ],
    tags,
  }) as unknown as Record<string, unknown>;
}
