import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Store } from './store.js';
import type { VerifierPass } from './verifier.js';

/**
 * What the server tells its metrics. Loaded (with prom-client) only when `serve` is asked for
 * metrics: without them, the hot path meets an `undefined` and nothing else.
 */
export interface ServerMetrics {
  /** One answer: its method, its route's template ("unmatched" for none), status and seconds. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One pass of the DNS verifier. */
  verifierPass(pass: VerifierPass): void;
  /** The metrics in Prometheus's text format. */
  scrape(): Promise<{ contentType: string; text: string }>;
}

// From a cached page (~0.1 ms) to a query held up to the default --db-timeout (5 s).
const LATENCY_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

/**
 * The server's metrics in a registry of their own (two servers in one process, as in the
 * tests, never count into each other): requests by route template and status, their latency,
 * the PostgreSQL pool and its failures, the verifier's work, and Node's own process metrics.
 * Labels take route templates and a few fixed words only, so their sets stay bounded whatever
 * paths clients send.
 */
export function createMetrics(store: Store): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'domainctl_http_requests_total',
    help: 'HTTP answers, by method, route template and status (503: database unavailable or shutting down)',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'domainctl_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route template',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const checks = new Counter({
    name: 'domainctl_verifier_checks_total',
    help: "The verifier's TXT look-ups, by result: verified, not_yet (no matching record), failed (no answer)",
    labelNames: ['result'],
    registers: [registry],
  });
  const verifications = new Counter({
    name: 'domainctl_verifier_verifications_total',
    help: 'Domains the verifier marked verified',
    registers: [registry],
  });
  const passes = new Counter({
    name: 'domainctl_verifier_passes_total',
    help: "The verifier's passes over the pending domains",
    registers: [registry],
  });

  const pool = store.poolStats?.bind(store);
  if (pool) {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    // The store counts these as it goes; a scrape reads them (no work a statement).
    const total = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    gauge('domainctl_db_pool_size', 'Connections the pool opens at most', () => pool().size);
    gauge('domainctl_db_pool_in_use', 'Connections running a statement', () =>
      Math.min(pool().inFlight, pool().size),
    );
    gauge('domainctl_db_pool_waiting', 'Statements waiting for a connection', () =>
      Math.max(0, pool().inFlight - pool().size),
    );
    total(
      'domainctl_db_unavailable_total',
      'Statements that failed because the database was unreachable or did not answer within --db-timeout',
      () => pool().unavailable,
    );
    total(
      'domainctl_db_errors_total',
      'Statements the database refused for another reason',
      () => pool().failed,
    );
    total(
      'domainctl_access_retries_total',
      'Requests started again because keys, memberships, flags or projects changed under them',
      () => pool().staleAccess,
    );
  }

  return {
    request(method, route, status, seconds) {
      requests.inc({ method, route, status });
      latency.observe({ method, route }, seconds);
    },
    verifierPass(pass) {
      passes.inc();
      const verified = pass.verified.length;
      checks.inc({ result: 'verified' }, verified);
      checks.inc({ result: 'failed' }, pass.failed);
      checks.inc({ result: 'not_yet' }, pass.checked - verified - pass.failed);
      verifications.inc(verified);
    },
    async scrape() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}
