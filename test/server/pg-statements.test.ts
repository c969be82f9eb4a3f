import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgCluster, startPgCluster } from '../../scripts/pg-cluster.mjs';
import { api } from '../helpers/api.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { onPostgres } from '../helpers/store.js';

// What PostgreSQL receives for one request, read from its own log (log_statement=all): a warm
// instance answers an authenticated read with one statement and makes a write one statement,
// so one transaction. The round trip, not the SQL, is what a request costs on PostgreSQL.

const title = (what: string) =>
  onPostgres ? what : `${what} (skipped: PostgreSQL only; the postgres project runs it)`;

const statementsTitle = title('statements PostgreSQL receives for one request');

describe.skipIf(!onPostgres)(statementsTitle, () => {
  // A cluster of its own, logging every statement, with each line prefixed by its database.
  let cluster: PgCluster;
  let server: TestServer;
  let log: { take(): string[] };
  beforeAll(async () => {
    cluster = await startPgCluster({ log_statement: 'all', log_line_prefix: '%d/' });
    const db = await cluster.createDatabase();
    server = await startTestServer({ db });
    log = cluster.statementLog(new URL(db).pathname.slice(1));
  });
  afterAll(async () => {
    await server?.close();
    cluster?.destroy();
  });

  /** The statements PostgreSQL received for the request `send` makes, after two like it. */
  async function warmStatements(send: () => Promise<{ status: number }>, status = 200) {
    for (let i = 0; i < 2; i++) expect((await send()).status).toBe(status);
    log.take();
    expect((await send()).status).toBe(status);
    return log.take();
  }

  const get = (path: string) => () => api(server, 'GET', path, { key: TESTER_KEY });

  it('a page of domains is one statement: the page, with the access and list versions', async () => {
    const statements = await warmStatements(
      get('/v1/projects/prj_demo_scale/domains?page_size=20'),
    );
    expect(statements, statements.join('\n\n')).toHaveLength(1);
    expect(statements[0]).toMatch(/FROM access_version v\s+LEFT JOIN domain_list_version l/);
    expect(statements[0]).toMatch(/FROM domains t/);
  });

  it('so is a page after a domain was added, which the instance kept before', async () => {
    const page = get('/v1/projects/prj_demo_scale/domains?page_size=20');
    for (let i = 0; i < 2; i++) expect((await page()).status).toBe(200);
    const added = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      body: { domain: 'moves-the-list.example.com' },
    });
    expect(added.status).toBe(201);
    log.take();
    const res = await page();
    expect((res.json as { domains: { domain: string }[] }).domains[0]?.domain).toBe(
      'moves-the-list.example.com',
    );
    const statements = log.take();
    expect(statements, statements.join('\n\n')).toHaveLength(1);
  });

  it('every other authenticated read is one statement too', async () => {
    for (const path of [
      '/v1/projects',
      '/v1/projects/prj_demo_scale',
      '/v1/projects/prj_demo_scale/databases',
      '/v1/projects?organization_id=org_demo',
    ]) {
      const statements = await warmStatements(get(path));
      expect(statements, `${path}:\n${statements.join('\n\n')}`).toHaveLength(1);
    }
  });

  it('a 403 answered from what the instance keeps is one statement too, which confirms it', async () => {
    // The outsider is a member of the project's organisation without the custom-domains flag.
    const denied = await warmStatements(
      () =>
        api(server, 'GET', '/v1/projects/prj_demo_scale/domains', {
          key: 'dk_demo_outsider',
        }),
      403,
    );
    expect(denied).toEqual(['SELECT n AS av FROM access_version']);
    const hidden = await warmStatements(get('/v1/projects/prj_other'), 404);
    expect(hidden, hidden.join('\n\n')).toHaveLength(1);
  });

  it('a POST of a domain is one statement, so one transaction, and no BEGIN', async () => {
    let n = 0;
    const statements = await warmStatements(
      () =>
        api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
          key: TESTER_KEY,
          body: { domain: `one-statement-${n++}.example.com` },
        }),
      201,
    );
    expect(statements, statements.join('\n\n')).toHaveLength(1);
    expect(statements[0]).toMatch(/INSERT INTO domains/);
    expect(statements[0]).not.toMatch(/\bBEGIN\b/);
  });

  it('so are a POST and a DELETE of a database', async () => {
    let n = 0;
    const created = await warmStatements(
      () =>
        api(server, 'POST', '/v1/projects/prj_demo_scale/databases', {
          key: TESTER_KEY,
          body: { name: `db-${n++}` },
        }),
      201,
    );
    expect(created, created.join('\n\n')).toHaveLength(1);
    const made = await api(server, 'POST', '/v1/projects/prj_demo_scale/databases', {
      key: TESTER_KEY,
      body: { name: 'to-delete' },
    });
    log.take();
    const id = (made.json as { id: string }).id;
    const res = await api(server, 'DELETE', `/v1/projects/prj_demo_scale/databases/${id}`, {
      key: TESTER_KEY,
    });
    expect(res.status).toBe(200);
    const deleted = log.take();
    expect(deleted, deleted.join('\n\n')).toHaveLength(1);
    expect(deleted[0]).toMatch(/DELETE FROM databases/);
  });
});
