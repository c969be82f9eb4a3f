import { type IncomingMessage, METHODS } from 'node:http';
import { StaleAccessError, StoreUnavailableError } from '../core/errors.js';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_BODY_BYTES } from '../contract/errors.js';
import { matchRoute } from '../contract/match-route.js';
import { type OperationSchemas, operations } from '../contract/operations.js';
import { type HttpMethod, type Route, routes } from '../contract/routes.js';
import { AskCache } from './ask-cache.js';
import { AskLimit } from './ask-limit.js';
import { type Caller, requestMark } from './auth.js';
import { handlers } from './handlers/index.js';
import type { AppDeps, Handler, Lifecycle } from './handlers/types.js';
import { HttpError } from './http-error.js';
import { MarkCache } from './mark-cache.js';
import { JsonText, PageCache, VersionedPages } from './page-cache.js';
import { buildOpenApiDocument, registerRouteDoc, registerSecurityScheme } from './openapi.js';
import { redactCredentials } from './redact.js';
import { REQUEST_ID_HEADER, RequestIds } from './request-id.js';
import { loggedTarget, plainRequestLogger, withRequestLog } from './request-log.js';
import { METRICS_PATH, metricsResponse, withRequestMetrics } from './request-metrics.js';
import { readQuery } from './query-string.js';
import { parseOr400, readJsonBody, requireJsonBody } from './validation.js';
import type * as z from 'zod';

export type { AppDeps } from './handlers/types.js';

/**
 * Questions to /v1/tls/ask that need the store each client address may ask a minute, unless
 * `askLimit` says (see AskLimit).
 */
export const ASK_LIMIT = 600;

/** Not sent (no one is there to read it), only logged: nginx's status for a client that left. */
const CLIENT_CLOSED_REQUEST = 499;

const nobody: Caller = { userId: '', subject: '', organizationIds: new Set(), features: new Set() };

/**
 * A JSON answer with its request id. Made here rather than with c.json: Hono turns two headers
 * or more into a Headers object, which takes the Node adapter off its fast path (about a fifth
 * of a cached page's CPU); a plain object of headers keeps it there.
 */
function jsonResponse(
  body: string | Uint8Array<ArrayBuffer>,
  status: number,
  requestId: string,
  headers?: Record<string, string>,
): Response {
  return new Response(body, {
    status,
    headers: headers
      ? { 'Content-Type': 'application/json', ...headers, [REQUEST_ID_HEADER]: requestId }
      : { 'Content-Type': 'application/json', [REQUEST_ID_HEADER]: requestId },
  });
}

function sendError(c: Context, ids: RequestIds, error: HttpError): Response {
  return jsonResponse(
    JSON.stringify(error.body()),
    error.status,
    ids.of(c.req.raw, c.env),
    error.headers,
  );
}

/**
 * Parses one part of a request with a contract schema, remembering what it gave for the raw
 * text it came from (the path, the query string): a client polling a page sends the same text
 * every time, and the same text always parses to the same value. Only successes are kept, so
 * every 400 still comes from zod, word for word; at most `capacity` of them, oldest out first.
 */
function rememberedParse(schema: z.ZodType, where: string, capacity = 256) {
  const seen = new Map<string, unknown>();
  return (raw: string, read: () => unknown): unknown => {
    const known = seen.get(raw);
    if (known !== undefined) return known;
    const value = Object.freeze(parseOr400(schema, read(), where));
    if (seen.size >= capacity) seen.delete(seen.keys().next().value as string);
    seen.set(raw, value);
    return value;
  };
}

/** Every method but GET and HEAD, as Node's parser knows them: those that may carry a body. */
const BODY_METHODS = METHODS.filter((m) => m !== 'GET' && m !== 'HEAD');

/**
 * Builds the API as a Hono app; it never listens (serve.ts does), so tests call `app.request()`.
 * Every route comes from the contract's route table. Validation is not left to zod-openapi's
 * validators because they run before the handler: the contract wants credentials, visibility,
 * feature flag and plan checked before input.
 */
export function createApp(
  options: Omit<
    AppDeps,
    'pages' | 'versionedPages' | 'visible' | 'lifecycle' | 'asks' | 'askLimit'
  > & {
    lifecycle?: Lifecycle;
    /** Questions to /v1/tls/ask that need the store, each client address a minute. */
    askLimit?: number;
  },
): OpenAPIHono {
  const deps: AppDeps = {
    lifecycle: { draining: false },
    ...options,
    pages: options.store.markCoversEveryWrite ? new PageCache() : undefined,
    versionedPages: new VersionedPages(),
    visible: new MarkCache(),
    asks: new AskCache(options.store.markCoversEveryWrite),
    askLimit: new AskLimit(options.askLimit ?? ASK_LIMIT),
  };
  const app = new OpenAPIHono({ strict: true });
  // Health checks come every second or two from each balancer: the log has a line only for
  // one that fails. Answers are marked, so other requests pay one look-up, not a parse.
  const passedProbes = new WeakSet<Response>();
  // Each answer carries its request id (X-Request-Id), put in its headers as it is made: set
  // afterwards, it would make the Node adapter leave its fast path.
  const ids = new RequestIds();
  registerSecurityScheme(app);
  // One document per origin it was asked for (see buildOpenApiDocument); few, but the Host
  // header is the client's to choose, so the map is bounded.
  const openApiDocuments = new Map<string, Record<string, unknown>>();

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    // The rest of the body may still be on its way: this connection closes after the answer
    // (see lingering-close.ts), so a keep-alive client sends its next request on a new one.
    onError: (c) =>
      sendError(
        c,
        ids,
        new HttpError('payload_too_large', 'the request body is over 64 KiB', {
          Connection: 'close',
        }),
      ),
  });
  // Only where a body can be read: the limit looks at c.req.raw.body, which makes the Node
  // adapter build a whole fetch Request (headers, abort signal) for every GET. A GET meets no
  // middleware at all, so Hono runs its handler without composing a chain.
  app.on(BODY_METHODS, '*', limitBody);
  for (const route of routes) {
    registerRouteDoc(app, route);
    const handle =
      route.operationId === 'getOpenApi'
        ? ({ query, url }: { query: () => unknown; url: () => string }) => {
            query();
            const origin = new URL(url()).origin;
            let doc = openApiDocuments.get(origin);
            if (!doc) {
              if (openApiDocuments.size >= 16) openApiDocuments.clear();
              doc = buildOpenApiDocument(app, origin);
              openApiDocuments.set(origin, doc);
            }
            return doc;
          }
        : (handlers[route.operationId] as Handler<Route['operationId']>);
    const schemas: OperationSchemas = operations[route.operationId];
    const parseParams = schemas.params && rememberedParse(schemas.params, 'path');
    const parseQuery = schemas.query && rememberedParse(schemas.query, 'query');
    const probe = route.operationId === 'getHealth' || route.operationId === 'getReadiness';

    app.on(route.method, route.path.replaceAll(/\{(\w+)\}/g, ':$1'), async (c) => {
      // Read once, whatever the attempts: the request's body can be read only once.
      let read: Promise<unknown> | undefined;
      const body = () =>
        (read ??= schemas.body
          ? Promise.resolve(c.req.raw)
              .then((request) => {
                requireJsonBody(request);
                return readJsonBody(request);
              })
              .then((json) => parseOr400(schemas.body as z.ZodType, json, 'body'))
          : Promise.resolve(undefined));
      const attempt = async (pinned: boolean) => {
        const store = deps.store.forRequest(pinned);
        const mark = requestMark(store);
        try {
          const caller =
            route.auth === 'bearer'
              ? await deps.authenticate(c.req.header('authorization'), store, mark)
              : nobody;
          // The path alone decides the parameters of this route; the query string, the query.
          const params = parseParams?.(c.req.path, () => c.req.param());
          const answer = await handle({
            deps,
            store,
            caller,
            mark,
            params: params as never,
            client: () =>
              (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket
                .remoteAddress ?? 'local',
            url: () => c.req.url,
            query: () => {
              const raw = queryString(c.req.url);
              return parseQuery?.(raw, () => readQuery(raw)) as never;
            },
            body: body as never,
          });
          // Only where there is one: an await of nothing still costs SQLite's requests a tick.
          if (store.settle) await store.settle();
          return answer;
        } catch (error) {
          // An answer of the contract's (a 404, a 403) may rest on cached values too.
          if (error instanceof HttpError && store.settle) await store.settle();
          throw error;
        }
      };
      // On PostgreSQL a statement may find that access changed since the caches were filled
      // (StaleAccessError: nothing was written): again, under the version it found, and a third
      // time, should it move again meanwhile, with no cache at all.
      let answer: unknown;
      for (let tries = 1; ; tries++) {
        try {
          answer = await attempt(tries < 3);
          break;
        } catch (error) {
          if (tries === 3 || !(error instanceof StaleAccessError)) throw error;
        }
      }
      const id = ids.of(c.req.raw, c.env);
      const res =
        answer instanceof JsonText
          ? jsonResponse(answer.bytes, route.successStatus, id)
          : jsonResponse(JSON.stringify(answer), route.successStatus, id);
      if (probe) passedProbes.add(res);
      return res;
    });
  }

  const metrics = deps.metrics;
  if (metrics && deps.metricsRoute) {
    app.get(METRICS_PATH, async (c) => {
      const res = await metricsResponse(metrics);
      res.headers.set(REQUEST_ID_HEADER, ids.of(c.req.raw, c.env));
      return res;
    });
  }

  app.notFound((c) => {
    const { allowed } = matchRoute(c.req.method as HttpMethod, c.req.path);
    if (allowed.length > 0) {
      return sendError(
        c,
        ids,
        new HttpError(
          'method_not_allowed',
          `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(', ')}`,
          {
            Allow: allowed.join(', '),
          },
        ),
      );
    }
    return sendError(
      c,
      ids,
      new HttpError('not_found', `no route for ${c.req.method} ${c.req.path}`),
    );
  });

  app.onError((error, c) => {
    if (error instanceof HttpError) return sendError(c, ids, error);
    // The store logged the outage once; a line a request would bury it.
    if (error instanceof StoreUnavailableError) {
      return sendError(
        c,
        ids,
        new HttpError('service_unavailable', 'the database is unavailable; try again shortly', {
          'Retry-After': '1',
        }),
      );
    }
    // The client went away before its request was read (an upload it aborted): nothing failed
    // here and nobody is left to answer. The log says so with nginx's 499 "client closed
    // request", not a 500 and a stack trace.
    if (c.req.raw.signal.aborted) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    // The path as the request log writes it: decoded, it could hold a line break or an escape.
    deps.warn(
      redactCredentials(
        `error: ${c.req.method} ${loggedTarget(c.req.raw, c.env)}: ${error.stack ?? error.message}`,
      ),
    );
    return sendError(
      c,
      ids,
      new HttpError('internal_error', 'an unexpected error occurred; it has been logged'),
    );
  });

  // Wrapped here, not in serve.ts, so that app.request() logs as the listener does.
  app.fetch = withRequestLog(
    app.fetch,
    deps.requestLog ?? plainRequestLogger(deps.log),
    (request, env) => ids.of(request, env),
    (res) => passedProbes.has(res),
  );
  if (metrics)
    app.fetch = withRequestMetrics(app.fetch, (request) => app.getPath(request), metrics);
  return app;
}

/** The query string of a URL, without its "?"; "" when it has none. */
function queryString(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}
