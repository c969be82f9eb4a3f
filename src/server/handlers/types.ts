import type * as z from 'zod';
import type { operations } from '../../contract/operations.js';
import type { OperationId } from '../../contract/routes.js';
import type { AskCache } from '../ask-cache.js';
import type { AskLimit } from '../ask-limit.js';
import type { Authenticate, Caller, RequestMark } from '../auth.js';
import type { DnsSettings } from '../domain-view.js';
import type { MarkCache } from '../mark-cache.js';
import type { ServerMetrics } from '../metrics.js';
import type { PageCache, VersionedPages } from '../page-cache.js';
import type { RequestLogger } from '../request-log.js';
import type { ProjectRow, RequestStore, Store } from '../store.js';

/** Where the instance is in its life: /readyz says 503 from the moment it is told to stop. */
export interface Lifecycle {
  draining: boolean;
}

export interface AppDeps {
  store: Store;
  authenticate: Authenticate;
  settings: DnsSettings;
  /** One line per request. */
  log: (line: string) => void;
  /** How each answer is logged (the JSON format); absent: a plain line through `log`. */
  requestLog?: RequestLogger;
  /** Problems an operator should see: unexpected errors, JWKS failures. */
  warn: (line: string) => void;
  /**
   * Serialized pages of the domain list (see PageCache); createApp makes it when the store's
   * change mark moves with every write.
   */
  pages: PageCache | undefined;
  /** Serialized pages of the domain list by version, where `pages` is undefined (PostgreSQL). */
  versionedPages: VersionedPages;
  lifecycle: Lifecycle;
  /** Present when `serve` was asked for metrics (see metrics.ts). */
  metrics?: ServerMetrics;
  /** Serve GET /metrics on the API's own port (`--metrics` without `--metrics-port`). */
  metricsRoute?: boolean;
  /** Projects by "<user id> <project id>", for callers who may see them (see visibleProject). */
  visible: MarkCache<ProjectRow>;
  /** The answers of /v1/tls/ask by host name; createApp makes it. */
  asks: AskCache;
  /** Which questions to /v1/tls/ask may read the store; createApp makes it from `askLimit`. */
  askLimit: AskLimit;
}

type Ops = typeof operations;
type Out<Id extends OperationId, K extends 'params' | 'query' | 'body'> =
  Ops[Id] extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

/**
 * What a handler gets. Query and body are parsed on demand, so each handler decides where input
 * checks (400) fall in the contract's order: after visibility (404), flag (403) and plan (402).
 * Every handler calls query() there, also when its operation takes none: an unknown parameter is
 * a 400 (see NoQuery).
 */
export interface HandlerInput<Id extends OperationId> {
  deps: AppDeps;
  /** The store as this request uses it (see Store.forRequest): handlers read and write here. */
  store: RequestStore;
  /** The authenticated caller; on public routes, nobody (no organisations, no features). */
  caller: Caller;
  params: Out<Id, 'params'>;
  query: () => Out<Id, 'query'>;
  /** The address of the peer that sent the request ('local' for app.request() in tests). */
  client: () => string;
  /** The request's URL as the client addressed it (its Host header included). */
  url: () => string;
  body: () => Promise<Out<Id, 'body'>>;
  /** The store's change mark, read once for the whole request (see requestMark). */
  mark: RequestMark;
}

/** Returns the success body (or a JsonText already serialized); the status comes from the route table. */
export type Handler<Id extends OperationId> = (input: HandlerInput<Id>) => unknown;

export type Handlers = { [Id in OperationId]: Handler<Id> };
