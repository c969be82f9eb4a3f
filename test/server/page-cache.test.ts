import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainPage } from '../../src/contract/schemas.js';
import { api, expectError } from '../helpers/api.js';
import { type ServeProcess, spawnServe } from '../helpers/serve-process.js';
import { OUTSIDER_KEY, startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { execSqlElsewhere, STORE_NAME } from '../helpers/store.js';

// The server keeps serialized pages of the domain list until the database changes. These tests
// hold it to that: a page asked for twice must never outlive a write, and a kept page must never
// reach someone the checks in front of it would refuse.

const FIRST_PAGE = '/v1/projects/prj_demo_scale/domains?page_size=5';

async function firstPage(server: { url: string }) {
  const res = await api(server, 'GET', FIRST_PAGE, { key: TESTER_KEY });
  expect(res.status).toBe(200);
  return DomainPage.parse(res.json);
}

describe('the cached pages of the domain list', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  it('answer the same page twice the same, to the byte', async () => {
    const a = await api(server, 'GET', FIRST_PAGE, { key: TESTER_KEY });
    const b = await api(server, 'GET', FIRST_PAGE, { key: TESTER_KEY });
    expect(b.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(b.headers.get('content-type')).toBe(a.headers.get('content-type'));
  });

  it('show a domain added after the page was served', async () => {
    const before = await firstPage(server);
    const added = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      body: { domain: 'after-cache.example.com' },
    });
    expect(added.status).toBe(201);
    const after = await firstPage(server);
    expect(after.domains[0]?.domain).toBe('after-cache.example.com');
    expect(after.domains.slice(1).map((d) => d.id)).toEqual(
      before.domains.slice(0, 4).map((d) => d.id),
    );
  });

  it('show a domain the verifier marked verified after the page was served', async () => {
    await firstPage(server);
    const pending = (await firstPage(server)).domains.find((d) => !d.verified);
    expect(pending).toBeDefined();
    const at = '2026-11-21T12:00:00.000Z';
    expect(await server.store.markVerified(pending?.id ?? '', at, '2027-02-19T12:00:00.000Z')).toBe(
      true,
    );
    const again = (await firstPage(server)).domains.find((d) => d.id === pending?.id);
    expect(again).toMatchObject({ verified: true, verified_at: at });
  });

  it('still refuse who may not read them: 401, 403 and 404 come before the cache', async () => {
    await firstPage(server);
    expect(
      expectError(
        await api(server, 'GET', FIRST_PAGE, { key: OUTSIDER_KEY }),
        403,
        'feature_not_enabled',
      ),
    ).toMatch(/custom-domains/);
    expect((await api(server, 'GET', FIRST_PAGE)).status).toBe(401);
    expect(
      (await api(server, 'GET', '/v1/projects/prj_other/domains?page_size=5', { key: TESTER_KEY }))
        .status,
    ).toBe(404);
  });

  it('keep the page_token checks: a token of another list is still a 400', async () => {
    const page = await firstPage(server);
    const res = await api(
      server,
      'GET',
      `/v1/projects/prj_demo_enterprise/domains?page_size=5&page_token=${page.next_page_token}`,
      { key: TESTER_KEY },
    );
    expectError(res, 400, 'invalid_request');
  });
});

describe(`two server processes sharing one ${STORE_NAME} database`, () => {
  let dir: string;
  const servers: ServeProcess[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'domainctl-cache-'));
  });
  afterEach(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    for (const s of servers.splice(0)) expect((await s.exited).code).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it('each see a domain the other added after it served the page', async () => {
    const db = join(dir, 'api.db');
    servers.push(await spawnServe(['--port', '0', '--db', db, '--seed', 'demo']));
    servers.push(await spawnServe(['--port', '0', '--db', db, '--seed', 'demo']));
    const [a, b] = servers as [ServeProcess, ServeProcess];
    await firstPage(a);
    await firstPage(b);
    const added = await api(b, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      body: { domain: 'other-process.example.com' },
    });
    expect(added.status).toBe(201);
    expect((await firstPage(a)).domains[0]?.domain).toBe('other-process.example.com');
    expect((await firstPage(b)).domains[0]?.domain).toBe('other-process.example.com');
  });
});

// Each instance keeps pages (on PostgreSQL by the list's version, which the page's statement
// reads; on SQLite under the change mark). A change made in the database by anyone else is on
// each one's very next page, the first page and one after a cursor alike.
describe(`two instances on one ${STORE_NAME} database, when domains change underneath`, () => {
  let dir: string;
  let a: TestServer;
  let b: TestServer;
  const SECOND_PAGE = (token: string) => `${FIRST_PAGE}&page_token=${token}`;
  const pageAt = async (s: TestServer, path: string) => {
    const res = await api(s, 'GET', path, { key: TESTER_KEY });
    expect(res.status, res.text).toBe(200);
    return DomainPage.parse(res.json);
  };
  let second: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'domainctl-pages-'));
    const db = join(dir, 'api.db');
    a = await startTestServer({ db });
    b = await startTestServer({ db });
    second = SECOND_PAGE((await firstPage(a)).next_page_token);
    // Both keep both pages: the second ask of each is answered from what the first kept.
    for (const s of [a, b, a, b]) {
      await pageAt(s, FIRST_PAGE);
      await pageAt(s, second);
    }
  });
  afterEach(async () => {
    await Promise.all([a?.close(), b?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a domain marked verified in the database is verified on both next pages', async () => {
    const target = (await pageAt(a, second)).domains.find((d) => !d.verified);
    expect(target).toBeDefined();
    const at = '2026-11-22T08:00:00.000Z';
    await execSqlElsewhere(
      a,
      `UPDATE domains SET verified = true, verified_at = '${at}' WHERE id = '${target?.id}'`,
    );
    for (const s of [b, a]) {
      const found = (await pageAt(s, second)).domains.find((d) => d.id === target?.id);
      expect(found).toMatchObject({ verified: true, verified_at: at });
    }
  });

  it('a domain deleted in the database is gone from both next pages', async () => {
    const [gone, next] = (await pageAt(a, FIRST_PAGE)).domains;
    await execSqlElsewhere(a, `DELETE FROM domains WHERE id = '${gone?.id}'`);
    for (const s of [b, a]) expect((await pageAt(s, FIRST_PAGE)).domains[0]?.id).toBe(next?.id);
  });

  it("a domain added through one is on the other one's next page", async () => {
    const added = await api(a, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      body: { domain: 'added-through-a.example.com' },
    });
    expect(added.status).toBe(201);
    expect((await pageAt(b, FIRST_PAGE)).domains[0]?.domain).toBe('added-through-a.example.com');
  });
});
