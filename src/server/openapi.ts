import type { OpenAPIHono } from '@hono/zod-openapi';
import { codeForStatus } from '../contract/errors.js';
import { operations } from '../contract/operations.js';
import type { Route } from '../contract/routes.js';
import { ErrorBody } from '../contract/schemas.js';
import { VERSION } from '../version.js';

const errorDescriptions: Record<number, string> = {
  400: 'The request is malformed: bad JSON, a missing or invalid field, or a bad page_size or page_token',
  401: 'No, malformed, expired or unknown credentials',
  402: "The project's plan is not Scale or Enterprise",
  403: 'The caller lacks the custom-domains feature flag',
  404: 'The project, database or organisation does not exist or the caller cannot see it',
  409: 'The host name is already registered, in this project or another',
  413: 'The request body is over 64 KiB',
  500: 'An unexpected error; the message reveals no internals',
  503: 'The database is unavailable (down, or not answering in time), or the instance is shutting down; retry after Retry-After seconds',
};

/** Adds a route of the table to the app's OpenAPI registry, with the contract's schemas. */
export function registerRouteDoc(app: OpenAPIHono, route: Route): void {
  const schemas = operations[route.operationId];
  const responses: Record<
    string,
    { description: string; content: Record<string, { schema: unknown }> }
  > = {
    [route.successStatus]: {
      description: route.summary,
      content: { 'application/json': { schema: schemas.response } },
    },
  };
  for (const status of route.errorStatuses) {
    responses[status] = {
      description: `${codeForStatus(status)}: ${errorDescriptions[status] ?? 'error'}`,
      content: { 'application/json': { schema: ErrorBody } },
    };
  }
  app.openAPIRegistry.registerPath({
    method: route.method.toLowerCase() as 'get',
    path: route.path,
    operationId: route.operationId,
    summary: route.summary,
    security: route.auth === 'bearer' ? [{ bearer: [] }] : [],
    request: {
      ...('params' in schemas ? { params: schemas.params } : {}),
      ...('query' in schemas ? { query: schemas.query } : {}),
      ...('body' in schemas
        ? { body: { required: true, content: { 'application/json': { schema: schemas.body } } } }
        : {}),
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry's response type is generic over zod versions
    responses: responses as any,
  });
}

export function registerSecurityScheme(app: OpenAPIHono): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'A JWT from the identity provider, or an API key (dk_…)',
  });
}

export function buildOpenApiDocument(app: OpenAPIHono): Record<string, unknown> {
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Custom domains API',
      version: VERSION,
      description: 'Projects, databases and custom domains; served by `domainctl serve`.',
    },
  }) as unknown as Record<string, unknown>;
}
