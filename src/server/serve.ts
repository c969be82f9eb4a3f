import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { getRequestListener } from '@hono/node-server';
import { DEFAULT_EDGE_DOMAIN, DEFAULT_LABEL } from '../contract/hostname.js';
import { visibleText } from '../core/sanitize.js';
import { parseDnsServer } from '../dns/index.js';
import { createApp } from './app.js';
import { createAuthenticator, type JwtSettings } from './auth.js';
import { DEMO_VERIFY_INTERVAL_SECONDS, startDemoDns } from './demo-dns.js';
import { createGentleServer } from './lingering-close.js';
import { listenMetrics } from './metrics-server.js';
import { openStore } from './open-store.js';
import { redactCredentials } from './redact.js';
import { seedDemo } from './seed.js';
import type { SqliteDriverName } from './sqlite/driver.js';
import { DEFAULT_DB_TIMEOUT_MS, type Store } from './store.js';
import { startVerifier, type Verifier } from './verifier.js';

export interface ServerOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /**
   * A SQLite file path, ":memory:" for a database that lives as long as the server, or a
   * postgres:// URL (several instances may share that one).
   */
  db: string;
  /** The SQLite driver; absent: DOMAINCTL_SQLITE_DRIVER, else whichever this Node has. */
  sqliteDriver?: SqliteDriverName;
  /** PostgreSQL: connections this instance opens at most (default 10). */
  dbPoolSize?: number;
  /** PostgreSQL: longest wait in seconds to connect or for a query; then 503 (default 5). */
  dbTimeoutSeconds?: number;
  seed?: 'demo';
  jwt?: JwtSettings;
  label?: string;
  edgeDomain?: string;
  /** Where request lines go; demo mode passes nothing so the UI is not garbled. */
  log?: (line: string) => void;
  /** The request log's format: a plain line (the default) or one JSON object (pino). */
  logFormat?: 'plain' | 'json';
  /** Names this instance in JSON log lines; default `<host name>:<process id>`. */
  instanceId?: string;
  /** Where warnings and unexpected errors go. */
  warn?: (line: string) => void;
  /** `HOST:PORT` of the DNS server the verifier asks; absent: the system resolvers. */
  dnsServer?: string;
  /**
   * Seconds between the verifier's passes over pending domains; 0: no verifier. Absent: none,
   * or DEMO_VERIFY_INTERVAL_SECONDS with `demoDns`.
   */
  verifyIntervalSeconds?: number;
  /** GET /metrics (Prometheus) on the API's port, unless `metricsPort` is given. */
  metrics?: boolean;
  /** GET /metrics on a port of its own (0 picks a free one), on the same host. */
  metricsPort?: number;
  /**
   * The verifier asks the zone's authoritative nameservers (found through `dnsServer`) for the
   * TXT record, so a resolver still caching "no such record" does not hold verification back.
   */
  verifyAuthoritative?: boolean;
  /** The port nameservers are asked on (53; a test set-up on loopback uses another). */
  authoritativePort?: number;
  /** Questions to /v1/tls/ask that need the store, each client address a minute (default 600). */
  askLimit?: number;
  /**
   * The verifier asks the demo's own DNS (demo-dns.ts), which answers the records of every domain
   * added, instead of `dnsServer`: the demo's domains get verified with no DNS set up.
   */
  demoDns?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  store: Store;
  /** The DNS verifier, when `verifyIntervalSeconds` is above 0. */
  verifier?: Verifier;
  /** Where the metrics are served, when asked for. */
  metricsUrl?: string;
  /** Writes a line other than a request's to the request log, in its format. */
  logInfo(message: string): void;
  /**
   * Stops the way a load balancer needs (on SIGTERM): /readyz answers 503 at once, while every
   * request is still served for `graceSeconds` (the balancer's health checks notice meanwhile
   * and stop sending), then close(). A close() meanwhile cuts the grace short.
   */
  drain(graceSeconds: number): Promise<void>;
  /** How often the verifier runs, in seconds; 0: it does not. */
  verifyIntervalSeconds: number;
  /** `127.0.0.1:PORT` of the demo's DNS, when the verifier asks it. */
  demoDnsAddress?: string;
  /**
   * Stops accepting connections, lets running requests finish (for the db timeout and
   * FORCE_MARGIN_MS at most, then cuts their connections), then closes the database.
   */
  close(): Promise<void>;
}

/** How much longer than the db timeout shutting down waits for running requests. */
export const FORCE_MARGIN_MS = 2000;

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || host.startsWith('127.');

/** Opens the database, seeds it if asked, and listens. Resolves once the port is bound. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const sink = options.warn ?? (() => {});
  // Warnings quote what others sent (paths, errors of the JWKS fetch): no key goes out in one,
  // and no control character reaches the operator's terminal (a stack keeps its line breaks).
  const warn = (line: string) => sink(visibleText(redactCredentials(line)));
  // A bad address is refused now, not found by the first verifier pass.
  const dnsServer = options.dnsServer === undefined ? undefined : parseDnsServer(options.dnsServer);
  const dbTimeoutMs =
    options.dbTimeoutSeconds === undefined
      ? DEFAULT_DB_TIMEOUT_MS
      : options.dbTimeoutSeconds * 1000;
  const store = await openStore(options.db, {
    sqliteDriver: options.sqliteDriver,
    poolSize: options.dbPoolSize,
    timeoutMs: dbTimeoutMs,
    warn,
  });
  try {
    if (options.seed === 'demo') {
      if (!isLoopback(host)) {
        warn(
          `warning: seeding the demo data on ${host}: its well-known API keys let anyone who can reach this address in`,
        );
      }
      await seedDemo(store);
    }
    const settings = {
      label: options.label ?? DEFAULT_LABEL,
      edgeDomain: options.edgeDomain ?? DEFAULT_EDGE_DOMAIN,
    };
    const lifecycle = { draining: false };
    // prom-client is loaded only here: a server without metrics never reads it.
    const metrics =
      options.metrics || options.metricsPort !== undefined
        ? (await import('./metrics.js')).createMetrics(store)
        : undefined;
    // pino is loaded only for the JSON format.
    const jsonLog =
      options.logFormat === 'json'
        ? (await import('./json-log.js')).createJsonLog(
            log,
            options.instanceId ?? `${hostname()}:${process.pid}`,
          )
        : undefined;
    const app = createApp({
      lifecycle,
      requestLog: jsonLog?.request,
      store,
      authenticate: createAuthenticator(options.jwt, warn),
      settings,
      log,
      warn,
      askLimit: options.askLimit,
      metrics,
      metricsRoute: metrics !== undefined && options.metricsPort === undefined,
    });

    // Our own node:http server rather than serve()'s, so that connections close gently.
    const server = createGentleServer(getRequestListener(app.fetch, { hostname: host }));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 7878, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const urlHost = host.includes(':') ? `[${host}]` : host;
    const metricsServer =
      metrics && options.metricsPort !== undefined
        ? await listenMetrics(metrics, host, options.metricsPort).catch((error: unknown) => {
            server.close();
            throw error;
          })
        : undefined;
    const verifyInterval =
      options.verifyIntervalSeconds ?? (options.demoDns ? DEMO_VERIFY_INTERVAL_SECONDS : 0);
    const demoDns =
      options.demoDns && verifyInterval > 0
        ? await startDemoDns(store, settings, port).catch((error: unknown) => {
            server.close();
            throw error;
          })
        : undefined;
    const verifier =
      verifyInterval > 0
        ? startVerifier({
            store,
            settings,
            intervalSeconds: verifyInterval,
            dnsServer: demoDns?.address ?? dnsServer,
            authoritative: options.verifyAuthoritative,
            authoritativePort: options.authoritativePort,
            warn,
            onPass: metrics && ((pass) => metrics.verifierPass(pass)),
          })
        : undefined;

    let closing: Promise<void> | undefined;
    const close = () => {
      lifecycle.draining = true;
      closing ??= new Promise<void>((resolve, reject) => {
        // The verifier stops first: a pass must not write to a store that is closing.
        const stopped = Promise.all([
          (verifier?.close() ?? Promise.resolve()).then(() => demoDns?.close()),
          metricsServer?.close(),
        ]);
        // A running request may wait on the database for up to the db timeout (a pool slot,
        // then its query): connections are cut only after that and a margin.
        const force = setTimeout(() => server.closeAllConnections(), dbTimeoutMs + FORCE_MARGIN_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          void stopped.then(() => store.close()).then(resolve, reject);
        });
        // Responses not yet sent when close() begins end their connection rather than keep it
        // alive: otherwise a request that was running holds close() open until the force timer.
        server.endKeepAlive();
        // Keep-alive sockets would hold close() open; idle ones can go at once, and so can those
        // that fall idle by the time the last running request has its answer (one whose answer
        // had begun before close() kept its connection alive). A request still arriving is not
        // idle: it is answered, within the force timer.
        server.closeIdleConnections();
        void server.idle().then(() => server.closeIdleConnections());
      });
      return closing;
    };
    let draining: Promise<void> | undefined;
    const drain = (graceSeconds: number) => {
      lifecycle.draining = true;
      // Unref'd: an instance closed meanwhile is not held open by its grace period.
      draining ??= new Promise<void>((resolve) => {
        setTimeout(resolve, graceSeconds * 1000).unref();
      }).then(close);
      return draining;
    };
    return {
      url: `http://${urlHost}:${port}`,
      port,
      store,
      verifier,
      metricsUrl: metricsServer?.url ?? (metrics && `http://${urlHost}:${port}/metrics`),
      logInfo: jsonLog ? jsonLog.info : log,
      drain,
      verifyIntervalSeconds: verifyInterval,
      demoDnsAddress: demoDns?.address,
      close,
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
