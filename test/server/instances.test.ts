import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, type ExpectStatic, it, type TestContext } from 'vitest';
import { type Domain, DomainPage } from '../../src/contract/schemas.js';
import { type ApiResponse, api } from '../helpers/api.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { type ServeProcess, spawnServe } from '../helpers/serve-process.js';
import { TESTER_KEY } from '../helpers/server.js';
import { DEMO_DOMAIN_COUNT } from '../../src/server/seed.js';
import { STORE_NAME } from '../helpers/store.js';

// Several `serve` processes on one database, as behind a load balancer: on PostgreSQL the
// deployment this is for, on SQLite two processes on one file. (25 concurrent adds of one name
// through two processes: concurrent-adds.test.ts; a page cached by one and written by the
// other: page-cache.test.ts.)

const PROJECT = 'prj_demo_enterprise';
const SEEDED_PROJECT = 'prj_demo_scale';

/**
 * A test's own folder for database files, and the instances it starts (each test has its own, so
 * the tests run together): they get SIGTERM, and the folder goes, when the test is finished.
 */
function instances(onTestFinished: TestContext['onTestFinished']) {
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-instances-'));
  const running: ServeProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  onTestFinished(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGTERM');
    await Promise.all(running.map((s) => s.exited));
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });
  /** An instance on the database `file` of the folder. */
  async function instanceOn(file: string, ...extra: string[]): Promise<ServeProcess> {
    // No verifier unless a test asks for one (a later --verify-interval wins): --seed demo alone
    // starts one on the demo's own DNS, which would verify every domain a test adds.
    const serve = await spawnServe([
      ...['--port', '0', '--db', join(dir, file), '--seed', 'demo', '--verify-interval', '0'],
      ...extra,
    ]);
    running.push(serve);
    return serve;
  }
  return {
    instanceOn,
    /** An instance on the folder's one database, api.db. */
    instance: (...extra: string[]) => instanceOn('api.db', ...extra),
    cleanups,
  };
}

const add = (s: { url: string }, domain: string, projectId = PROJECT) =>
  api(s, 'POST', `/v1/projects/${projectId}/domains`, { key: TESTER_KEY, body: { domain } });

async function page(
  expect: ExpectStatic,
  s: { url: string },
  query: string,
  projectId = PROJECT,
): Promise<DomainPage> {
  const res = await api(s, 'GET', `/v1/projects/${projectId}/domains${query}`, {
    key: TESTER_KEY,
  });
  expect(res.status, res.text).toBe(200);
  return DomainPage.parse(res.json);
}

// Each test has its own database and processes, and spends its time waiting on them: the tests
// run together, each with its own `expect`.
describe.concurrent(`two serve processes on one ${STORE_NAME} database`, () => {
  it('two started at once on a new database both start: one migrates and seeds it, once', async ({
    expect,
    onTestFinished,
  }) => {
    const { instanceOn } = instances(onTestFinished);
    // Three new databases, each opened by two processes at the same moment: the race is won
    // differently each time, and every time both must come up. The three rounds run together.
    await Promise.all(
      [0, 1, 2].map(async (round) => {
        const file = `new-${round}.db`;
        const [a, b] = await Promise.all([instanceOn(file), instanceOn(file)]);
        for (const s of [a, b]) {
          const all = await page(expect, s, '?page_size=100', SEEDED_PROJECT);
          expect(all.domains).toHaveLength(DEMO_DOMAIN_COUNT);
        }
        expect([...a.stderr, ...b.stderr]).toEqual([]);
      }),
    );
  });

  it('a walk of every page, alternating instances, returns every domain once, newest first', async ({
    expect,
    onTestFinished,
  }) => {
    const { instance } = instances(onTestFinished);
    const a = await instance();
    const b = await instance();
    const added: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await add(i % 2 ? a : b, `walk-${i}.instances.example`);
      expect(res.status).toBe(201);
      added.push((res.json as Domain).id);
    }
    const seen: Domain[] = [];
    let token = '';
    let turn = 0;
    do {
      // Each page from the other instance: a token from one is a position on the other.
      const next = await page(
        expect,
        turn++ % 2 ? a : b,
        `?page_size=7${token ? `&page_token=${token}` : ''}`,
      );
      seen.push(...next.domains);
      token = next.next_page_token;
    } while (token);
    expect(turn).toBe(5);
    expect(seen.map((d) => d.id)).toEqual([...added].reverse());
  });

  it('a verifier on each looks up every pending domain once between them, and verifies it once', async ({
    expect,
    onTestFinished,
  }) => {
    const { instance, cleanups } = instances(onTestFinished);
    // The domains are added, and their records served, before any verifier runs: from then on a
    // domain is looked up until verified, so two look-ups of one would be work repeated.
    const writer = await instance();
    const domains: Domain[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await add(writer, `verify-${i}.instances.example`);
      expect(res.status).toBe(201);
      domains.push(res.json as Domain);
    }
    writer.child.kill('SIGTERM');
    expect((await writer.exited).code).toBe(0);
    const dns: TestDnsServer = await startDnsServer({
      txt: Object.fromEntries(
        domains.map((d) => [d.dns_instructions.txt_host, d.dns_instructions.txt_value]),
      ),
    });
    cleanups.push(() => dns.stop());
    const verifying = ['--verify-interval', '0.2', '--dns-server', dns.address];
    const started = Date.now();
    const [a, b] = await Promise.all([instance(...verifying), instance(...verifying)]);

    const deadline = Date.now() + 15_000;
    let listed: Domain[];
    for (;;) {
      listed = (await page(expect, a, '?page_size=100')).domains;
      if (listed.every((d) => d.verified)) break;
      if (Date.now() > deadline) throw new Error(`not all verified: ${JSON.stringify(listed)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A few more passes of both: nothing is looked up again, nothing changes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await page(expect, b, '?page_size=100')).domains).toEqual(listed);
    for (const d of listed) {
      expect(d.verified_at).not.toBeNull();
      expect(d.updated_at).toBe(d.verified_at);
    }
    const queries = dns.output().match(/query\[TXT\] _domainctl-verify\.\S+/g) ?? [];
    const mine = queries.filter((q) => q.endsWith('.instances.example'));
    expect(mine.toSorted()).toEqual(
      domains.map((d) => `query[TXT] ${d.dns_instructions.txt_host}`).toSorted(),
    );
    // The seed's pending domains have no records and stay pending: each is looked up about once
    // an interval between the two instances, where each instance on its own would make it twice.
    const passes = (Date.now() - started) / 200;
    const perDemoDomain = new Map<string, number>();
    for (const q of queries.filter((q) => !mine.includes(q))) {
      perDemoDomain.set(q, (perDemoDomain.get(q) ?? 0) + 1);
    }
    expect(perDemoDomain.size).toBe(15);
    for (const [query, count] of perDemoDomain) {
      expect(count, `${query} in ${passes.toFixed(1)} intervals`).toBeLessThanOrEqual(
        Math.ceil(passes * 1.25) + 1,
      );
    }
    expect([...a.stderr, ...b.stderr]).toEqual([]);
  });

  it('SIGKILL of one during concurrent adds through both loses no acknowledged add', async ({
    expect,
    onTestFinished,
  }) => {
    const { instance } = instances(onTestFinished);
    const a = await instance();
    const b = await instance();
    const hosts = Array.from({ length: 40 }, (_, i) => `kill-${i}.instances.example`);
    const acknowledged: Domain[] = [];
    const droppedBy: string[] = [];
    let fromA = 0;
    await Promise.all(
      hosts.map(async (host, i) => {
        const via = i % 2 ? a : b;
        let res: ApiResponse;
        try {
          res = await add(via, host);
        } catch {
          droppedBy.push(via === a ? 'a' : 'b');
          return;
        }
        expect(res.status, res.text).toBe(201);
        acknowledged.push(res.json as Domain);
        // The kill comes with a's fifth 201, while the other adds are still in flight.
        if (via === a && ++fromA === 5) a.child.kill('SIGKILL');
      }),
    );
    expect((await a.exited).signal).toBe('SIGKILL');
    // Only the killed one may drop a connection: nothing was promised for those.
    expect(droppedBy.filter((via) => via !== 'a')).toEqual([]);
    expect(fromA).toBeGreaterThanOrEqual(5);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20 + 5);

    const stored = (await page(expect, b, '?page_size=100')).domains;
    for (const domain of acknowledged) expect(stored).toContainEqual(domain);
    // Whatever else is there is one of the adds that was sent, whole.
    for (const domain of stored) expect(hosts).toContain(domain.domain);
    // And the survivor goes on.
    expect((await add(b, 'after-kill.instances.example')).status).toBe(201);
    expect((await page(expect, b, '?page_size=1')).domains[0]?.domain).toBe(
      'after-kill.instances.example',
    );
  });
});
