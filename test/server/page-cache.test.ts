import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, type ExpectStatic, it, type TestContext } from 'vitest';
import { DomainPage } from '../../src/contract/schemas.js';
import { api, expectError } from '../helpers/api.js';
import { type ServeProcess, spawnServe } from '../helpers/serve-process.js';
import { OUTSIDER_KEY, startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { execSqlElsewhere, STORE_NAME } from '../helpers/store.js';

// The server keeps serialized pages of the domain list until the database changes. These tests
// hold it to that: a page asked for twice must never outlive a write, and a kept page must never
// reach someone the checks in front of it would refuse.

const FIRST_PAGE = '/v1/projects/prj_demo_scale/domains?page_size=5';

// Every test has servers of its own, and spends its time starting them and waiting on them: the
// tests, and the groups, run together, each test with its own `expect`.

/** A seeded test server of the test's own, closed when the test is finished. */
async function server(onTestFinished: TestContext['onTestFinished'], db?: string) {
  const s = await startTestServer(db === undefined ? {} : { db });
  onTestFinished(() => s.close());
  return s;
}

/** A folder of the test's own for a database file, removed when the test is finished. */
function folder(onTestFinished: TestContext['onTestFinished'], prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function firstPage(expect: ExpectStatic, server: { url: string }) {
  const res = await api(server, 'GET', FIRST_PAGE, { key: TESTER_KEY });
  expect(res.status).toBe(200);
  return DomainPage.parse(res.json);
}

describe.concurrent('the cached pages of the domain list', () => {
  it('answer the same page twice the same, to the byte', async ({ expect, onTestFinished }) => {
    const s = await server(onTestFinished);
    const a = await api(s, 'GET', FIRST_PAGE, { key: TESTER_KEY });
    const b = await api(s, 'GET', FIRST_PAGE, { key: TESTER_KEY });
    expect(b.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(b.headers.get('content-type')).toBe(a.headers.get('content-type'));
  });

  it('show a domain added after the page was served', async ({ expect, onTestFinished }) => {
    const s = await server(onTestFinished);
    const before = await firstPage(expect, s);
    const added = await api(s, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      body: { domain: 'after-cache.example.com' },
    });
    expect(added.status).toBe(201);
    const after = await firstPage(expect, s);
    expect(after.domains[0]?.domain).toBe('after-cache.example.com');
    expect(after.domains.slice(1).map((d) => d.id)).toEqual(
      before.domains.slice(0, 4).map((d) => d.id),
    );
  });

  it('show a domain the verifier marked verified after the page was served', async ({
    expect,
    onTestFinished,
  }) => {
    const s = await server(onTestFinished);
    await firstPage(expect, s);
    const pending = (await firstPage(expect, s)).domains.find((d) => !d.verified);
    expect(pending).toBeDefined();
    const at = '2026-11-21T12:00:00.000Z';
    expect(await s.store.markVerified(pending?.id ?? '', at, '2027-02-19T12:00:00.000Z')).toBe(
      true,
    );
    const again = (await firstPage(expect, s)).domains.find((d) => d.id === pending?.id);
    expect(again).toMatchObject({ verified: true, verified_at: at });
  });

  it('still refuse who may not read them: 401, 403 and 404 come before the cache', async ({
    expect,
    onTestFinished,
  }) => {
    const s = await server(onTestFinished);
    await firstPage(expect, s);
    expect(
      expectError(
        await api(s, 'GET', FIRST_PAGE, { key: OUTSIDER_KEY }),
        403,
        'feature_not_enabled',
      ),
    ).toMatch(/custom-domains/);
    expect((await api(s, 'GET', FIRST_PAGE)).status).toBe(401);
    expect(
      (await api(s, 'GET', '/v1/projects/prj_other/domains?page_size=5', { key: TESTER_KEY }))
        .status,
    ).toBe(404);
  });

  it('keep the page_token checks: a token of another list is still a 400', async ({
    expect,
    onTestFinished,
  }) => {
    const s = await server(onTestFinished);
    const page = await firstPage(expect, s);
    const res = await api(
      s,
      'GET',
      `/v1/projects/prj_demo_enterprise/domains?page_size=5&page_token=${page.next_page_token}`,
      { key: TESTER_KEY },
    );
    expectError(res, 400, 'invalid_request');
  });
});

describe.concurrent(`two server processes sharing one ${STORE_NAME} database`, () => {
  it('each see a domain the other added after it served the page', async ({
    expect,
    onTestFinished,
  }) => {
    const db = join(folder(onTestFinished, 'domainctl-cache-'), 'api.db');
    const servers: ServeProcess[] = [];
    // After the folder's removal is registered, so it runs first: the processes exit, then it goes.
    onTestFinished(async () => {
      for (const s of servers) s.child.kill('SIGTERM');
      for (const s of servers) expect((await s.exited).code).toBe(0);
    });
    servers.push(await spawnServe(['--port', '0', '--db', db, '--seed', 'demo']));
    servers.push(await spawnServe(['--port', '0', '--db', db, '--seed', 'demo']));
    const [a, b] = servers as [ServeProcess, ServeProcess];
    await firstPage(expect, a);
    await firstPage(expect, b);
    const added = await api(b, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      body: { domain: 'other-process.example.com' },
    });
    expect(added.status).toBe(201);
    expect((await firstPage(expect, a)).domains[0]?.domain).toBe('other-process.example.com');
    expect((await firstPage(expect, b)).domains[0]?.domain).toBe('other-process.example.com');
  });
});

// Each instance keeps pages (on PostgreSQL by the list's version, which the page's statement
// reads; on SQLite under the change mark). A change made in the database by anyone else is on
// each one's very next page, the first page and one after a cursor alike.
describe.concurrent(
  `two instances on one ${STORE_NAME} database, when domains change underneath`,
  () => {
    const SECOND_PAGE = (token: string) => `${FIRST_PAGE}&page_token=${token}`;
    const pageAt = async (expect: ExpectStatic, s: TestServer, path: string) => {
      const res = await api(s, 'GET', path, { key: TESTER_KEY });
      expect(res.status, res.text).toBe(200);
      return DomainPage.parse(res.json);
    };
    /** Two instances on one new database, each keeping its first and second pages. */
    async function twoInstances({ expect, onTestFinished }: TestContext) {
      const db = join(folder(onTestFinished, 'domainctl-pages-'), 'api.db');
      const a = await server(onTestFinished, db);
      const b = await server(onTestFinished, db);
      const second = SECOND_PAGE((await firstPage(expect, a)).next_page_token);
      // Both keep both pages: the second ask of each is answered from what the first kept.
      for (const s of [a, b, a, b]) {
        await pageAt(expect, s, FIRST_PAGE);
        await pageAt(expect, s, second);
      }
      return { a, b, second };
    }

    it('a domain marked verified in the database is verified on both next pages', async (context) => {
      const { expect } = context;
      const { a, b, second } = await twoInstances(context);
      const target = (await pageAt(expect, a, second)).domains.find((d) => !d.verified);
      expect(target).toBeDefined();
      const at = '2026-11-22T08:00:00.000Z';
      await execSqlElsewhere(
        a,
        `UPDATE domains SET verified = true, verified_at = '${at}' WHERE id = '${target?.id}'`,
      );
      for (const s of [b, a]) {
        const found = (await pageAt(expect, s, second)).domains.find((d) => d.id === target?.id);
        expect(found).toMatchObject({ verified: true, verified_at: at });
      }
    });

    it('a domain deleted in the database is gone from both next pages', async (context) => {
      const { expect } = context;
      const { a, b } = await twoInstances(context);
      const [gone, next] = (await pageAt(expect, a, FIRST_PAGE)).domains;
      await execSqlElsewhere(a, `DELETE FROM domains WHERE id = '${gone?.id}'`);
      for (const s of [b, a])
        expect((await pageAt(expect, s, FIRST_PAGE)).domains[0]?.id).toBe(next?.id);
    });

    it("a domain added through one is on the other one's next page", async (context) => {
      const { expect } = context;
      const { a, b } = await twoInstances(context);
      const added = await api(a, 'POST', '/v1/projects/prj_demo_scale/domains', {
        key: TESTER_KEY,
        body: { domain: 'added-through-a.example.com' },
      });
      expect(added.status).toBe(201);
      expect((await pageAt(expect, b, FIRST_PAGE)).domains[0]?.domain).toBe(
        'added-through-a.example.com',
      );
    });
  },
);
