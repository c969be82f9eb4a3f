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
