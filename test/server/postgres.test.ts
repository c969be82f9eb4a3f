import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, type ExpectStatic, inject, it } from 'vitest';
import { type PgCluster, startPgCluster } from '../../scripts/pg-cluster.mjs';
import { openPostgresStore, type PostgresStore } from '../../src/server/postgres/pg-store.js';
import { seedDemo } from '../../src/server/seed.js';
import { type ApiResponse, api, expectError } from '../helpers/api.js';
import { deadPort } from '../helpers/dns-server.js';
import { type ServeProcess, spawnServe } from '../helpers/serve-process.js';
import { TESTER_KEY } from '../helpers/server.js';
import { createDatabase, dropDatabase, onPostgres } from '../helpers/store.js';

// What only PostgreSQL has: several instances opening one database at once, a pool, and a
// database server that goes away and comes back. The API itself is the same suite as SQLite's.
// Each group has databases (or a cluster) of its own and spends its time waiting on PostgreSQL:
// the groups and their tests run together, each test with its own `expect`, but the outage's two
// steps, which stop and pause one cluster, run one after the other.

const title = (what: string) =>
  onPostgres ? what : `${what} (skipped: PostgreSQL only; the postgres project runs it)`;

/** Rows of a query on the run's maintenance database (pg_stat_activity and the like). */
async function adminRows(text: string, params: string[] = []) {
  const sql = postgres(inject('postgresAdminUrl'), { max: 1, onnotice: () => {} });
  try {
    return [...(await sql.unsafe(text, params))];
  } finally {
    await sql.end();
  }
}

const nameOf = (url: string) => new URL(url).pathname.slice(1);

/** Polls until `probe` returns a value, failing after `ms`: no fixed sleep. */
async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | undefined>) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const onceTitle = title('instances opening one PostgreSQL database at once');
describe.skipIf(!onPostgres).concurrent(onceTitle, () => {
  it('migrate it once, under the lock, and seed it once', async ({ expect }) => {
    const url = await createDatabase();
    const stores: PostgresStore[] = [];
    try {
      stores.push(...(await Promise.all([1, 2, 3].map(() => openPostgresStore(url)))));
      const seeded = await Promise.all(stores.map((store) => seedDemo(store)));
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const sql = postgres(url, { max: 1 });
      try {
        const versions = await sql`SELECT version FROM schema_migrations ORDER BY version`;
        expect(versions.map((r) => r.version)).toEqual([1, 2, 3, 4, 5, 6]);
        const [counts] = await sql`SELECT
          (SELECT count(*)::int FROM domains) AS domains,
          (SELECT count(*)::int FROM projects) AS projects,
          (SELECT count(*)::int FROM api_keys) AS api_keys`;
        expect(counts).toEqual({ domains: 45, projects: 4, api_keys: 2 });
        // Keys are kept only as their SHA-256.
        const hashes = await sql`SELECT key_hash FROM api_keys`;
        for (const { key_hash } of hashes) expect(key_hash).toMatch(/^[0-9a-f]{64}$/);
      } finally {
        await sql.end();
      }
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await dropDatabase(url);
    }
  });

  it('refuse a database written by a newer domainctl rather than misread it', async ({
    expect,
  }) => {
    const url = await createDatabase();
    try {
      await (await openPostgresStore(url)).close();
      const sql = postgres(url, { max: 1 });
      await sql`INSERT INTO schema_migrations (version) VALUES (99)`;
      await sql.end();
      await expect(openPostgresStore(url)).rejects.toThrow(
        'database schema version 99 is newer than this domainctl understands (6)',
      );
    } finally {
      await dropDatabase(url);
    }
  });
});

const versionTitle = title("a project's list version (what a kept page is checked against)");
describe.skipIf(!onPostgres).concurrent(versionTitle, () => {
  it('moves with every change a list shows, whoever makes it, and not with a claim', async ({
    expect,
  }) => {
    const url = await createDatabase();
    const store = await openPostgresStore(url);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await seedDemo(store);
      const version = async (project: string) =>
        (
          await sql`SELECT coalesce((SELECT n FROM domain_list_version
          WHERE project_id = ${project}), 0)::int AS n`
        )[0]?.n as number;
      const seen: number[] = [await version('prj_demo_scale')];
      const step = async (text: string) => {
        await sql.unsafe(text);
        seen.push(await version('prj_demo_scale'));
      };
      // The verifier's claim touches check_after only, which no list shows.
      await store.claimPendingDomains('', 100, 60_000);
      seen.push(await version('prj_demo_scale'));
      await step(`UPDATE domains SET verified = true WHERE id = (SELECT min(id) FROM domains
        WHERE project_id = 'prj_demo_scale' AND NOT verified)`);
      await step(
        "DELETE FROM domains WHERE id = (SELECT max(id) FROM domains WHERE project_id = 'prj_demo_scale')",
      );
      await step("UPDATE domains SET check_after = now() WHERE project_id = 'prj_demo_scale'");
      const before = await version('prj_demo_enterprise');
      await step(`UPDATE domains SET project_id = 'prj_demo_enterprise' WHERE id = (SELECT min(id)
        FROM domains WHERE project_id = 'prj_demo_scale')`);
      expect(await version('prj_demo_enterprise')).toBe(before + 1);
      await step('TRUNCATE domains');
      const first = seen[0] as number;
      expect(first).toBeGreaterThan(0);
      expect(seen).toEqual([first, first, first + 1, first + 2, first + 2, first + 3, first + 4]);
    } finally {
      await sql.end();
      await store.close();
      await dropDatabase(url);
    }
  });
});

const processTitle = title('serve on PostgreSQL, as a process');
describe.skipIf(!onPostgres).concurrent(processTitle, () => {
  it('opens at most --db-pool-size connections, and closes them all on SIGTERM', async ({
    expect,
  }) => {
    const serve = await spawnServe([
      '--port',
      '0',
      '--db',
      ':memory:',
      '--seed',
      'demo',
      '--db-pool-size',
      '2',
    ]);
    const database = nameOf(serve.db as string);
    const connections = async () =>
      Number(
        (
          await adminRows(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'domainctl serve'",
            [database],
          )
        )[0]?.n,
      );
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        api(serve, 'GET', '/v1/projects/prj_demo_scale/domains', { key: TESTER_KEY }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(await connections()).toBeGreaterThanOrEqual(1);
    expect(await connections()).toBeLessThanOrEqual(2);
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toEqual({ code: 0, signal: null });
    await waitFor('the connections to close', 5000, async () =>
      (await connections()) === 0 ? true : undefined,
    );
  });

  it('takes DATABASE_URL without --db, and prints it without its password', async ({ expect }) => {
    const url = new URL(await createDatabase());
    // Trust authentication takes any password: enough to see that it is never printed.
    url.password = 'not-to-be-printed';
    const serve = await spawnServe(['--port', '0', '--seed', 'demo'], {
      env: { DATABASE_URL: url.toString() },
    });
    try {
      const shown = new URL(url);
      shown.password = '';
      expect(serve.startLine).toContain(`(db ${shown.toString()}, seed demo, verifying DNS every`);
      expect([...serve.stdout, ...serve.stderr].join('\n')).not.toContain('not-to-be-printed');
      expect((await api(serve, 'GET', '/v1/projects', { key: TESTER_KEY })).status).toBe(200);
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
      await dropDatabase(url.toString());
    }
  });
});

const outageTitle = title('a PostgreSQL server that goes away and comes back');
describe.skipIf(!onPostgres).concurrent(outageTitle, () => {
  // A cluster of its own: stopping the run's cluster would fail every other test running now.
  let cluster: PgCluster;
  let serve: ServeProcess;
  const TIMEOUT_S = 2;
  beforeAll(async () => {
    cluster = await startPgCluster();
    serve = await spawnServe([
      '--port',
      '0',
      '--db',
      await cluster.createDatabase(),
      '--seed',
      'demo',
      '--db-timeout',
      String(TIMEOUT_S),
      // A verifier, every 0.2 s, whose passes meet the outage too: it must not log a failed pass
      // each interval while the database is gone (the store says once that it went), and its DNS
      // server is a port where nothing listens (one line, once).
      '--verify-interval',
      '0.2',
      '--dns-server',
      await deadPort(),
      '--metrics',
    ]);
  });
  afterAll(async () => {
    serve?.child.kill('SIGTERM');
    await serve?.exited;
    cluster?.destroy();
  });

  const projects = () => api(serve, 'GET', '/v1/projects', { key: TESTER_KEY });

  /**
   * Every request that needs the database is a 503 with the error body, within the timeout. They
   * are asked all at once: each is bounded on its own, so one after another only added up the
   * timeouts (a paused database holds each of them for all of it).
   */
  async function expectUnavailable(expect: ExpectStatic) {
    const timed = async (request: () => Promise<ApiResponse>) => {
      const started = Date.now();
      const res = await request();
      return { res, ms: Date.now() - started };
    };
    const [readiness, ...needing] = await Promise.all([
      // A load balancer's health check says so, within the timeout too, and why.
      timed(() => api(serve, 'GET', '/readyz')),
      timed(projects),
      timed(() => api(serve, 'GET', '/v1/regions')),
      timed(() =>
        api(serve, 'POST', '/v1/projects/prj_demo_scale/domains', {
          key: TESTER_KEY,
          body: { domain: 'during-outage.example.com' },
        }),
      ),
    ]);
    for (const { res, ms } of needing) {
      expect(ms).toBeLessThan(TIMEOUT_S * 1000 + 1000);
      expect(expectError(res, 503, 'service_unavailable')).toBe(
        'the database is unavailable; try again shortly',
      );
      expect(res.headers.get('retry-after')).toBe('1');
    }
    expect(readiness.ms).toBeLessThan(TIMEOUT_S * 1000 + 1000);
    expect(expectError(readiness.res, 503, 'service_unavailable')).toMatch(
      /^not ready: (no answer within 2000 ms|the database is unavailable: .+)$/,
    );
    // What needs no database still answers: the process is alive.
    expect((await api(serve, 'GET', '/v1/openapi.json')).status).toBe(200);
    expect((await api(serve, 'GET', '/healthz')).json).toEqual({ status: 'ok' });
  }

  const recovered = () =>
    waitFor('requests to succeed again', 10_000, async () =>
      (await projects()).status === 200 ? true : undefined,
    );

  it.sequential(
    'stopped: 503 within the timeout; started again: served again, without a restart',
    async ({ expect }) => {
      expect((await projects()).status).toBe(200);
      cluster.stop();
      await expectUnavailable(expect);
      cluster.start();
      await recovered();
      expect((await api(serve, 'GET', '/readyz')).json).toEqual({ status: 'ready' });
      const added = await api(serve, 'POST', '/v1/projects/prj_demo_scale/domains', {
        key: TESTER_KEY,
        body: { domain: 'after-outage.example.com' },
      });
      expect(added.status).toBe(201);
      // One line when it went, one when it came back: not one a request.
      expect(serve.stderr.filter((l) => l.startsWith('database: unavailable'))).toHaveLength(1);
      expect(serve.stderr.filter((l) => l === 'database: answering again')).toHaveLength(1);
      expect(serve.stderr.filter((l) => l.startsWith('verifier: pass failed'))).toEqual([]);
      // What a dashboard shows of it: statements that could not reach the database, and 503s.
      const metrics = (await api(serve, 'GET', '/metrics')).text;
      const value = (series: string) =>
        Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(metrics)?.[1]);
      expect(value('domainctl_db_unavailable_total')).toBeGreaterThan(0);
      expect(
        value('domainctl_http_requests_total{method="GET",route="/readyz",status="503"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(
        value('domainctl_http_requests_total{method="GET",route="/v1/projects",status="503"}'),
      ).toBeGreaterThanOrEqual(1);
    },
  );

  it.sequential(
    'silent (every PostgreSQL process paused): 503 within the timeout, not a hang',
    async ({ expect }) => {
      // Served before the pause. The test before this one restarted the cluster: a connection
      // its pool held from before may still fail one request with a 503 before it is replaced.
      await recovered();
      const postmaster = Number(
        readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      const children = () =>
        readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number);
      const paused = [postmaster, ...children()];
      for (const pid of paused) process.kill(pid, 'SIGSTOP');
      try {
        await expectUnavailable(expect);
      } finally {
        for (const pid of paused) process.kill(pid, 'SIGCONT');
      }
      await recovered();
    },
  );
});
