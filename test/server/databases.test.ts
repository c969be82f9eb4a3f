import { describe, expect, it } from 'vitest';
import { Database, DatabasePage } from '../../src/contract/schemas.js';
import { api, expectError, expectUnauthorized } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { OUTSIDER_KEY, TESTER_KEY } from '../helpers/server.js';

const server = seededServerForFile();

const listDatabases = async (projectId: string, query = '') => {
  const res = await api(server, 'GET', `/v1/projects/${projectId}/databases${query}`, {
    key: TESTER_KEY,
  });
  expect(res.status, res.text).toBe(200);
  return DatabasePage.parse(res.json);
};

const create = (projectId: string, body: unknown, key: string = TESTER_KEY) =>
  api(server, 'POST', `/v1/projects/${projectId}/databases`, { key, body });

describe('GET /v1/projects/{project_id}/databases', () => {
  it('answers 200 with the seeded databases, newest first', async () => {
    const page = await listDatabases('prj_demo_scale');
    expect(page.next_page_token).toBe('');
    expect(page.databases.map(({ id, project_id, name }) => ({ id, project_id, name }))).toEqual([
      { id: 'db_demo_analytics', project_id: 'prj_demo_scale', name: 'analytics' },
      { id: 'db_demo_main', project_id: 'prj_demo_scale', name: 'main' },
    ]);
    expect(await listDatabases('prj_demo_free')).toEqual({ databases: [], next_page_token: '' });
  });

  it('errors: 401, 404 for an invisible project, 400 for bad paging', async () => {
    expectUnauthorized(await api(server, 'GET', '/v1/projects/prj_demo_scale/databases'));
    const hidden = await api(server, 'GET', '/v1/projects/prj_other/databases', {
      key: TESTER_KEY,
    });
    expectError(hidden, 404, 'not_found');
    const bad = await api(server, 'GET', '/v1/projects/prj_demo_scale/databases?page_size=1.5', {
      key: TESTER_KEY,
    });
    expectError(bad, 400, 'invalid_request');
  });
});

describe('POST /v1/projects/{project_id}/databases', () => {
  it('answers 201 with the new database, which is then listed first', async () => {
    const before = Date.now();
    const res = await create('prj_demo_enterprise', { name: ' reports ' });
    expect(res.status).toBe(201);
    const db = Database.parse(res.json);
    expect(db.id).toMatch(/^db_[a-z0-9]+$/);
    expect(db).toMatchObject({ project_id: 'prj_demo_enterprise', name: 'reports' });
    expect(Date.parse(db.created_at)).toBeGreaterThanOrEqual(before);
    expect((await listDatabases('prj_demo_enterprise')).databases).toEqual([db]);
  });

  it('needs no feature flag: the outsider may create one', async () => {
    const res = await create('prj_demo_free', { name: 'cache' }, OUTSIDER_KEY);
    expect(Database.parse(res.json).project_id).toBe('prj_demo_free');
  });

  it('pages many databases newest first, each once', async () => {
    const names = ['p1', 'p2', 'p3', 'p4', 'p5'];
    for (const name of names) expect((await create('prj_demo_free', { name })).status).toBe(201);
    const seen: string[] = [];
    let token = '';
    do {
      const page = await listDatabases(
        'prj_demo_free',
        `?page_size=2${token ? `&page_token=${token}` : ''}`,
      );
      seen.push(...page.databases.map((d) => d.name));
      token = page.next_page_token;
    } while (token);
    expect(seen).toEqual([...names].reverse().concat('cache'));
  });

  it('errors: 400 for a bad name, 404 for an invisible project, 401 first', async () => {
    for (const body of [{}, { name: '' }, { name: '  ' }, { name: 'x'.repeat(101) }, { name: 1 }]) {
      expectError(await create('prj_demo_scale', body), 400, 'invalid_request');
    }
    expectError(await create('prj_other', { name: 'x' }), 404, 'not_found');
    // Visibility before input.
    expectError(await create('prj_other', {}), 404, 'not_found');
    expectUnauthorized(await api(server, 'POST', '/v1/projects/prj_other/databases', { body: {} }));
  });
});

describe('DELETE /v1/projects/{project_id}/databases/{database_id}', () => {
  it('answers 200 with the deleted database, which is then gone', async () => {
    const db = Database.parse((await create('prj_demo_enterprise', { name: 'scratch' })).json);
    const res = await api(server, 'DELETE', `/v1/projects/prj_demo_enterprise/databases/${db.id}`, {
      key: TESTER_KEY,
    });
    expect(res.status).toBe(200);
    expect(Database.parse(res.json)).toEqual(db);
    expect((await listDatabases('prj_demo_enterprise')).databases.map((d) => d.id)).not.toContain(
      db.id,
    );

    const again = await api(
      server,
      'DELETE',
      `/v1/projects/prj_demo_enterprise/databases/${db.id}`,
      {
        key: TESTER_KEY,
      },
    );
    expect(expectError(again, 404, 'not_found')).toBe(`database ${db.id} not found`);
  });

  it('404 for a database of another project; it is not deleted', async () => {
    const res = await api(
      server,
      'DELETE',
      '/v1/projects/prj_demo_enterprise/databases/db_demo_main',
      {
        key: TESTER_KEY,
      },
    );
    expectError(res, 404, 'not_found');
    expect((await listDatabases('prj_demo_scale')).databases.map((d) => d.id)).toContain(
      'db_demo_main',
    );
  });

  it('errors: 404 invisible project, 400 bad database_id, 401 first', async () => {
    const hidden = await api(server, 'DELETE', '/v1/projects/prj_other/databases/db_x', {
      key: TESTER_KEY,
    });
    expectError(hidden, 404, 'not_found');
    const bad = await api(server, 'DELETE', '/v1/projects/prj_demo_scale/databases/db%20x', {
      key: TESTER_KEY,
    });
    expect(expectError(bad, 400, 'invalid_request')).toContain('database_id');
    expectUnauthorized(
      await api(server, 'DELETE', '/v1/projects/prj_demo_scale/databases/db_demo_main'),
    );
  });
});
