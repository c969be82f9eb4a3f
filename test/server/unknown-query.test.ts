import { describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes.js';
import { api, expectError } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { OUTSIDER_KEY, TESTER_KEY } from '../helpers/server.js';

const server = seededServerForFile();

const examplePath = (template: string) =>
  template.replace('{project_id}', 'prj_demo_scale').replace('{database_id}', 'db_demo_main');

const bodies: Record<string, unknown> = {
  createProject: { name: 'Typo', organization_id: 'org_demo' },
  createDatabase: { name: 'typo' },
  addDomain: { domain: 'typo.example.com' },
};
/** The parameters an operation needs, so that the unknown one is all that is wrong. */
const needed: Record<string, string> = { tlsAsk: 'domain=typo.example.com&' };

// A typo such as `pagesize=5` must not be answered as if the default had been asked for.
describe('a query parameter the operation does not take', () => {
  it.each(routes.map((r) => [r.method, r.path, r.operationId] as const))(
    '%s %s?pagesize=5 is 400 invalid_request naming it',
    async (method, path, operationId) => {
      const res = await api(
        server,
        method,
        `${examplePath(path)}?${needed[operationId] ?? ''}pagesize=5`,
        {
          key: TESTER_KEY,
          body: bodies[operationId],
        },
      );
      expect(expectError(res, 400, 'invalid_request')).toBe('query has unknown field pagesize');
    },
  );

  it('names them all when there are several', async () => {
    const res = await api(server, 'GET', '/v1/projects/prj_demo_scale/domains?a=1&page_size=2&b', {
      key: TESTER_KEY,
    });
    expect(expectError(res, 400, 'invalid_request')).toBe('query has unknown fields a, b');
  });

  it('comes after the checks the contract puts first: 401, 404, 403 and 402', async () => {
    const domains = '/v1/projects/prj_demo_scale/domains?x=1';
    const body = { domain: 'order.example.com' };
    expect(expectError(await api(server, 'POST', domains, { body }), 401, 'unauthorized')).toBe(
      'missing credentials: send Authorization: Bearer <token>',
    );
    expectError(
      await api(server, 'GET', '/v1/projects/prj_other?x=1', { key: TESTER_KEY }),
      404,
      'not_found',
    );
    expectError(
      await api(server, 'POST', domains, { key: OUTSIDER_KEY, body }),
      403,
      'feature_not_enabled',
    );
    expectError(
      await api(server, 'POST', '/v1/projects/prj_demo_free/domains?x=1', {
        key: TESTER_KEY,
        body,
      }),
      402,
      'plan_upgrade_required',
    );
  });

  it('leaves nothing behind: the refused add created no domain', async () => {
    const host = 'refused-by-query.example.com';
    const path = '/v1/projects/prj_demo_scale/domains';
    const res = await api(server, 'POST', `${path}?typo=1`, {
      key: TESTER_KEY,
      body: { domain: host },
    });
    expectError(res, 400, 'invalid_request');
    const again = await api(server, 'POST', path, { key: TESTER_KEY, body: { domain: host } });
    expect(again.status).toBe(201);
  });
});

// The first of two would win, and an invalid second one would be ignored without a word.
describe('a query parameter given more than once', () => {
  it.each([
    ['/v1/projects/prj_demo_scale/domains?page_size=5&page_size=x', 'page_size'],
    ['/v1/projects/prj_demo_scale/domains?page_size=5&page_size=5', 'page_size'],
    ['/v1/projects/prj_demo_scale/databases?page_size=1&page_size=2', 'page_size'],
    ['/v1/projects?organization_id=org_demo&organization_id=org_other', 'organization_id'],
    ['/v1/projects?page_size=2&page_size', 'page_size'],
    ['/v1/tls/ask?domain=a.example.com&domain=b.example.com', 'domain'],
    ['/v1/projects?page%5Fsize=2&page_size=3', 'page_size'],
  ])('GET %s is 400 invalid_request naming it', async (path, name) => {
    const res = await api(server, 'GET', path, { key: TESTER_KEY });
    expect(expectError(res, 400, 'invalid_request')).toBe(
      `query parameter ${name} is given more than once`,
    );
  });

  it('an escape that is not UTF-8 is 400 too, not read as the text it spells', async () => {
    const res = await api(server, 'GET', '/v1/tls/ask?domain=a%ED%A0%80.example.com', {});
    expect(expectError(res, 400, 'invalid_request')).toBe(
      'query parameter domain is not valid percent-encoded UTF-8 text',
    );
  });

  it('once each, with + for a space and escapes, the same query is read as before', async () => {
    const res = await api(server, 'GET', '/v1/projects?organization%5Fid=org%5Fdemo&page_size=1', {
      key: TESTER_KEY,
    });
    expect(res.status).toBe(200);
    expect((res.json as { projects: { organization_id: string }[] }).projects).toMatchObject([
      { organization_id: 'org_demo' },
    ]);
  });
});
