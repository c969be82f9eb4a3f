import { beforeEach, describe, expect, it } from 'vitest';
import { operations } from '../../src/contract/operations.js';
import { routes } from '../../src/contract/routes.js';
import { api, expectError } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { STORE_NAME } from '../helpers/store.js';

// What SQLite stores, PostgreSQL refuses with an error of its own (a NUL: "invalid byte sequence
// for encoding UTF8: 0x00"), which was a 500 with a stack trace. Both stores must meet the same
// inputs the same way: a string holding a NUL, or half of a surrogate pair (no UTF-8 can hold
// it), is a 400 before any store sees it, in every field and parameter the contract has.

const server = seededServerForFile();

const examplePath = (template: string, swap?: [name: string, value: string]) =>
  template.replaceAll(/\{(\w+)\}/g, (_, name: string) =>
    name === swap?.[0]
      ? swap[1]
      : name === 'project_id'
        ? 'prj_demo_scale'
        : name === 'database_id'
          ? 'db_demo_main'
          : name,
  );

/** A body each operation accepts, so that the field under test is all that is wrong. */
const bodies: Record<string, Record<string, string>> = {
  createProject: { name: 'Text', organization_id: 'org_demo', region_id: 'eu-west' },
  createDatabase: { name: 'text' },
  addDomain: { domain: 'text.example.com' },
};
/** The query each operation accepts, likewise. */
const queries: Record<string, Record<string, string>> = {
  tlsAsk: { domain: 'text.example.com' },
  listProjects: { organization_id: 'org_demo' },
};

const BAD: [what: string, json: string, query: string][] = [
  ['a NUL', 'x\u0000y', 'x%00y'],
  ['half of a surrogate pair', 'x\ud800y', 'x%ED%A0%80y'],
];

const bodyFields = routes.flatMap((route) => {
  const schema = operations[route.operationId] as { body?: { shape: Record<string, unknown> } };
  return Object.keys(schema.body?.shape ?? {}).flatMap((field) =>
    BAD.map(([what, json]) => [route.operationId, field, what, route, json] as const),
  );
});

const queryParams = routes.flatMap((route) => {
  const schema = operations[route.operationId] as { query?: { shape: Record<string, unknown> } };
  return Object.keys(schema.query?.shape ?? {}).flatMap((param) =>
    BAD.map(([what, , query]) => [route.operationId, param, what, route, query] as const),
  );
});

const pathParams = routes.flatMap((route) =>
  route.params.flatMap((param) =>
    BAD.map(([what, , query]) => [route.operationId, param, what, route, query] as const),
  ),
);

describe(`invalid text is a 400 on ${STORE_NAME}, as on every store`, () => {
  // A 500 writes a warning (with its stack): each test checks that it added none.
  let warningsBefore = 0;
  beforeEach(() => {
    warningsBefore = server.warnings.length;
  });
  const newWarnings = () => server.warnings.slice(warningsBefore);

  it('the lists of fields and parameters cover the contract', () => {
    expect(new Set(bodyFields.map(([, field]) => field))).toEqual(
      new Set(['name', 'organization_id', 'region_id', 'domain']),
    );
    expect(new Set(queryParams.map(([, param]) => param))).toEqual(
      new Set(['page_size', 'page_token', 'organization_id', 'domain']),
    );
  });

  it.each(bodyFields)('%s: body field %s with %s', async (_op, field, _what, route, value) => {
    const res = await api(server, route.method, examplePath(route.path), {
      key: TESTER_KEY,
      body: { ...bodies[route.operationId], [field]: value },
    });
    expect(expectError(res, 400, 'invalid_request')).toMatch(new RegExp(`^${field}\\b`));
    expect(newWarnings()).toEqual([]);
  });

  it.each(queryParams)(
    '%s: query parameter %s with %s',
    async (_op, param, _what, route, value) => {
      // The value as sent, percent-escapes and all; the others as they would be.
      const query = Object.entries({ ...queries[route.operationId], [param]: value })
        .map(([name, v]) => `${name}=${name === param ? v : encodeURIComponent(v)}`)
        .join('&');
      const res = await api(server, route.method, `${examplePath(route.path)}?${query}`, {
        key: TESTER_KEY,
        ...(bodies[route.operationId] && { body: bodies[route.operationId] }),
      });
      expectError(res, 400, 'invalid_request');
      expect(newWarnings()).toEqual([]);
    },
  );

  it.each(pathParams)('%s: path parameter %s with %s', async (_op, param, _what, route, value) => {
    const res = await api(server, route.method, examplePath(route.path, [param, value]), {
      key: TESTER_KEY,
      ...(bodies[route.operationId] && { body: bodies[route.operationId] }),
    });
    expectError(res, 400, 'invalid_request');
    expect(newWarnings()).toEqual([]);
  });

  it.each([
    ['a NUL', 'd\u0000'],
    ['half of a surrogate pair', 'd\ud800'],
  ])('a page_token whose id holds %s is a 400', async (_what, id) => {
    const token = Buffer.from(
      JSON.stringify(['d', 'prj_demo_scale', '2026-01-01T00:00:00.000Z', id]),
    ).toString('base64url');
    const res = await api(
      server,
      'GET',
      `/v1/projects/prj_demo_scale/domains?page_token=${token}`,
      {
        key: TESTER_KEY,
      },
    );
    expect(expectError(res, 400, 'invalid_request')).toBe(
      'page_token is not a token this list handed out',
    );
    expect(newWarnings()).toEqual([]);
  });
});
