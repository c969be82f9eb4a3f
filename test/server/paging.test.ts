import { describe, expect, it } from 'vitest';
import { type Domain, DomainPage } from '../../src/contract/schemas.js';
import { DEMO_DOMAIN_COUNT } from '../../src/server/seed.js';
import type { PostgresStore } from '../../src/server/postgres/pg-store.js';
import { openSqliteStore } from '../../src/server/sqlite/sqlite-store.js';
import { api, expectError } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { sqliteStoreOf } from '../helpers/sqlite.js';
import { execSql, onPostgres } from '../helpers/store.js';

// This server is only read from, so every walk sees the 45 seeded domains of prj_demo_scale.
const server = seededServerForFile();

const seededIds = Array.from(
  { length: DEMO_DOMAIN_COUNT },
  (_, i) => `dom_demo_${String(i + 1).padStart(2, '0')}`,
);

async function page(s: TestServer, query: string, projectId = 'prj_demo_scale') {
  const res = await api(s, 'GET', `/v1/projects/${projectId}/domains${query}`, { key: TESTER_KEY });
  expect(res.status, res.text).toBe(200);
  return DomainPage.parse(res.json);
}

/** Follows next_page_token to the end; returns every page. */
async function walk(s: TestServer, pageSize: number, between?: () => Promise<void>) {
  const pages: DomainPage[] = [];
  let token = '';
  do {
    const query = `?page_size=${pageSize}${token ? `&page_token=${token}` : ''}`;
    const next = await page(s, query);
    pages.push(next);
    token = next.next_page_token;
    if (token) await between?.();
  } while (token);
  return pages;
}

/** Newest first: (created_at, id) strictly descending. */
function expectNewestFirst(domains: Domain[]) {
  for (let i = 1; i < domains.length; i++) {
    const a = domains[i - 1] as Domain;
    const b = domains[i] as Domain;
    const ordered = a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);
    expect(ordered, `${a.id} before ${b.id}`).toBe(true);
  }
}

describe('page_size', () => {
  it('is 20 by default and may be anything from 1 to 100', async () => {
    expect((await page(server, '')).domains).toHaveLength(20);
    expect((await page(server, '?page_size=1')).domains.map((d) => d.id)).toEqual(['dom_demo_01']);
    expect((await page(server, '?page_size=100')).domains).toHaveLength(DEMO_DOMAIN_COUNT);
    expect((await page(server, '?page_size=007')).domains).toHaveLength(7);
  });

  it.each([
    ['0', '0'],
    ['101', '101'],
    ['abc', 'abc'],
    ['1.5', '1.5'],
    ['empty', ''],
    ['a leading space', '%205'],
    ['a trailing space', '5%20'],
    ['a sign', '%2B5'],
    ['a negative number', '-1'],
    ['hexadecimal', '0x10'],
    ['an exponent', '1e1'],
    ['a huge number', '99999999999999999999999'],
  ])('%s (page_size=%s) is 400 invalid_request', async (_what, value) => {
    const res = await api(server, 'GET', `/v1/projects/prj_demo_scale/domains?page_size=${value}`, {
      key: TESTER_KEY,
    });
    expect(expectError(res, 400, 'invalid_request')).toBe(
      'page_size must be a whole number from 1 to 100',
    );
  });
});

describe('page_token', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each([
    ['characters outside the pattern', '!!!'],
    ['a slash', 'abc%2Fdef'],
    ['garbage', 'garbage'],
    ['garbage that looks like base64', 'AAAAAAAAAAAA'],
    ['base64 of text that is not JSON', Buffer.from('hello, world').toString('base64url')],
    ['base64 of a JSON object', b64({ createdAt: '2026-01-01T00:00:00.000Z', id: 'dom_x' })],
    ['base64 of a JSON number', b64(42)],
    ['base64 of null', b64(null)],
    ['base64 of a short array', b64(['d', '2026-01-01T00:00:00.000Z'])],
    ['base64 of a long array', b64(['d', '2026-01-01T00:00:00.000Z', 'dom_x', 'extra'])],
    ['a time that is not a date', b64(['d', 'yesterday', 'dom_x'])],
    ['a time that is a number', b64(['d', 1767225600000, 'dom_x'])],
    ['an id that is not a string', b64(['d', '2026-01-01T00:00:00.000Z', 7])],
    ['an unknown list kind', b64(['x', '2026-01-01T00:00:00.000Z', 'dom_x'])],
    ['a very long token', 'A'.repeat(8000)],
  ])('%s is 400 invalid_request, never 500', async (_what, token) => {
    const res = await api(
      server,
      'GET',
      `/v1/projects/prj_demo_scale/domains?page_token=${token}`,
      { key: TESTER_KEY },
    );
    expect(expectError(res, 400, 'invalid_request')).toMatch(/^page_token/);
  });

  it('a token of another list is 400: the projects list, databases, another project', async () => {
    const projects = await api(server, 'GET', '/v1/projects?page_size=1', { key: TESTER_KEY });
    const databases = await api(
      server,
      'GET',
      '/v1/projects/prj_demo_scale/databases?page_size=1',
      {
        key: TESTER_KEY,
      },
    );
    const domains = await page(server, '?page_size=1');
    const tokens = {
      projects: (projects.json as { next_page_token: string }).next_page_token,
      databases: (databases.json as { next_page_token: string }).next_page_token,
      domains: domains.next_page_token,
    };
    for (const token of Object.values(tokens)) expect(token).not.toBe('');

    for (const token of [tokens.projects, tokens.databases]) {
      const res = await api(
        server,
        'GET',
        `/v1/projects/prj_demo_scale/domains?page_token=${token}`,
        {
          key: TESTER_KEY,
        },
      );
      expectError(res, 400, 'invalid_request');
    }
    // The domains token of prj_demo_scale says nothing about prj_demo_enterprise's list.
    const elsewhere = await api(
      server,
      'GET',
      `/v1/projects/prj_demo_enterprise/domains?page_token=${tokens.domains}`,
      { key: TESTER_KEY },
    );
    expectError(elsewhere, 400, 'invalid_request');
    // Domain and database tokens are not project tokens either.
    const asProjects = await api(server, 'GET', `/v1/projects?page_token=${tokens.domains}`, {
      key: TESTER_KEY,
    });
    expectError(asProjects, 400, 'invalid_request');
  });

  it('an empty page_token breaks the pattern, as an empty page_size does: 400', async () => {
    const res = await api(server, 'GET', '/v1/projects/prj_demo_scale/domains?page_token=', {
      key: TESTER_KEY,
    });
    expectError(res, 400, 'invalid_request');
  });
});

describe('walking the 45 seeded domains of prj_demo_scale', () => {
  it('with page_size 7: seven pages, each domain exactly once, newest first', async () => {
    const pages = await walk(server, 7);
    expect(pages.map((p) => p.domains.length)).toEqual([7, 7, 7, 7, 7, 7, 3]);
    for (const p of pages.slice(0, -1)) expect(p.next_page_token).not.toBe('');
    expect(pages.at(-1)?.next_page_token).toBe('');

    const all = pages.flatMap((p) => p.domains);
    expect(all.map((d) => d.id)).toEqual(seededIds);
    expect(new Set(all.map((d) => d.domain)).size).toBe(DEMO_DOMAIN_COUNT);
    expectNewestFirst(all);
  });

  it.each([
    [9, [9, 9, 9, 9, 9]],
    [15, [15, 15, 15]],
    [45, [45]],
    [44, [44, 1]],
    [100, [45]],
  ])('with page_size %i the pages hold %j and no empty page follows', async (size, lengths) => {
    const pages = await walk(server, size);
    expect(pages.map((p) => p.domains.length)).toEqual(lengths);
    expect(pages.at(-1)?.next_page_token).toBe('');
    expect(pages.flatMap((p) => p.domains.map((d) => d.id))).toEqual(seededIds);
  });

  it('a list with nothing in it is one empty page with no token', async () => {
    expect(await page(server, '', 'prj_demo_enterprise')).toEqual({
      domains: [],
      next_page_token: '',
    });
  });
});

describe('paging while others add domains', () => {
  it('a domain added between page fetches neither repeats nor skips an item', async () => {
    const busy = await startTestServer();
    try {
      let n = 0;
      const added: string[] = [];
      const addOne = async () => {
        const res = await api(busy, 'POST', '/v1/projects/prj_demo_scale/domains', {
          key: TESTER_KEY,
          body: { domain: `during-walk-${++n}.example.com` },
        });
        expect(res.status).toBe(201);
        added.push((res.json as Domain).id);
      };
      const pages = await walk(busy, 7, addOne);
      expect(added).toHaveLength(6);
      // The walk sees the list as it was when it began: the new domains are newer than its
      // cursor, so they land before it, on a first page fetched afterwards.
      expect(pages.flatMap((p) => p.domains.map((d) => d.id))).toEqual(seededIds);
      const fresh = await page(busy, '?page_size=7');
      expect(fresh.domains.map((d) => d.id)).toEqual([...added.reverse(), 'dom_demo_01']);
      const again = await walk(busy, 10);
      expect(again.flatMap((p) => p.domains)).toHaveLength(DEMO_DOMAIN_COUNT + 6);
    } finally {
      await busy.close();
    }
  });
});

describe.skipIf(onPostgres)(
  `the query plan of a page of domains on SQLite${onPostgres ? " (skipped: EXPLAIN QUERY PLAN is SQLite's; PostgreSQL's plan is checked below)" : ''}`,
  () => {
    it('seeks the domains_page index: no scan, no temporary b-tree, at any depth', async () => {
      const store = await openSqliteStore(':memory:');
      try {
        const first = await store.domainPagePlan(false);
        const next = await store.domainPagePlan(true);
        expect(first).toEqual(['SEARCH t USING INDEX domains_page (project_id=?)']);
        expect(next).toEqual([
          'SEARCH t USING INDEX domains_page (project_id=? AND (created_at,id)<(?,?))',
        ]);
        for (const line of [...first, ...next]) {
          expect(line).not.toMatch(/\bSCAN\b/);
          expect(line).not.toMatch(/TEMP B-TREE/);
        }
      } finally {
        await store.close();
      }
    });

    it('is the same on the running server', async () => {
      expect((await sqliteStoreOf(server).domainPagePlan(true)).join('\n')).toContain(
        'USING INDEX domains_page (project_id=? AND (created_at,id)<(?,?))',
      );
    });
  },
);

describe.runIf(onPostgres)(
  `the query plan of a page of domains on PostgreSQL${onPostgres ? '' : ' (skipped: these tests run on PostgreSQL)'}`,
  () => {
    it('walks the domains_page index from the cursor, with no sort, in a project of 20,000', async () => {
      const deep = await startTestServer({ seed: undefined });
      try {
        // Many rows and fresh statistics, so the planner chooses as it would in production.
        await execSql(
          deep,
          `INSERT INTO regions VALUES ('r', 'R');
           INSERT INTO organizations VALUES ('org_x', 'X', '2026-01-01T00:00:00.000Z');
           INSERT INTO projects VALUES ('prj_a', 'A', 'org_x', 'r', 'scale',
             '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
           INSERT INTO projects VALUES ('prj_b', 'B', 'org_x', 'r', 'scale',
             '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
           INSERT INTO domains (id, project_id, domain, dns_verification_token, created_at, updated_at)
             SELECT 'dom_' || i, CASE WHEN i % 2 = 0 THEN 'prj_a' ELSE 'prj_b' END,
               'd' || i || '.example.com', 'token', to_char(timestamp '2026-01-01' +
               i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '2026-01-01T00:00:00.000Z'
             FROM generate_series(1, 40000) AS i;
           ANALYZE domains;`,
        );
        const store = deep.store as PostgresStore;
        const first = (await store.domainPagePlan('prj_a')).join('\n');
        const next = (
          await store.domainPagePlan('prj_a', {
            createdAt: '2026-01-01T01:00:00.000Z',
            id: 'dom_9',
          })
        ).join('\n');
        for (const plan of [first, next]) {
          expect(plan).toMatch(/Index Scan using domains_page on domains t/);
          // The one scan is of access_version's single row, read with the page (see
          // access-check.ts); none of domains, and no sort anywhere.
          expect(plan.match(/Seq Scan on \w+/g)).toEqual(['Seq Scan on access_version']);
          expect(plan).not.toMatch(/Sort/);
        }
        // The cursor is a condition of the index scan itself: it starts there, at any depth.
        expect(next).toMatch(
          /Index Cond: \(\(project_id = 'prj_a'::text\) AND \(ROW\(created_at, id\) < ROW\(/,
        );
      } finally {
        await deep.close();
      }
    });
  },
);
