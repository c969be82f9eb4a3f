import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { errorCodes } from '../../src/contract/errors.js';
import { idPrefixes, PAGE_SIZE_MAX, type ParamName } from '../../src/contract/params.js';
import { operations } from '../../src/contract/operations.js';
import { routes } from '../../src/contract/routes.js';
import { HOST_NAME_PATTERN } from '../../src/contract/hostname.js';
import { DnsInstructions, Domain, Project } from '../../src/contract/schemas.js';
import { api } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  security: Json[];
  parameters?: { name: string; in: string; required: boolean; schema: Json; example?: unknown }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content: Record<string, { schema: Json }> }>;
}

const server = seededServerForFile();
let doc: {
  openapi: string;
  info: Json;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Json };
};
beforeAll(async () => {
  const res = await api(server, 'GET', '/v1/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = res.json as typeof doc;
});

const operation = (path: string, method: string) => doc.paths[path]?.[method] as Operation;

/** The types a property allows, however the generator wrote null ("type": [..], anyOf, nullable). */
function typesOf(schema: Json): string[] {
  if (typeof schema.$ref === 'string') return [`ref:${schema.$ref.split('/').at(-1)}`];
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).flatMap(typesOf).sort();
  const types = Array.isArray(schema.type) ? [...schema.type] : [schema.type];
  if (schema.nullable === true) types.push('null');
  return (types as string[]).sort();
}

/** The format of a property, looking through a nullable wrapper. */
function formatOf(schema: Json): unknown {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(formatOf).find(Boolean);
  return schema.format;
}

/**
 * Asserts that a component of the document says what the zod schema's own JSON Schema says:
 * the same properties, the same required ones, and per property the same types and format.
 */
function expectComponentMatches(name: string, schema: z.ZodObject) {
  const component = doc.components.schemas[name] as {
    type: string;
    properties: Record<string, Json>;
    required: string[];
  };
  const json = z.toJSONSchema(schema, { unrepresentable: 'any' }) as Json;
  const own = ((json.$defs as Record<string, Json> | undefined)?.[name] ?? json) as {
    properties: Record<string, Json>;
    required: string[];
  };
  expect(component.type).toBe('object');
  expect(Object.keys(component.properties)).toEqual(Object.keys(schema.shape));
  expect(Object.keys(component.properties)).toEqual(Object.keys(own.properties));
  expect([...component.required].sort()).toEqual([...own.required].sort());
  for (const [key, property] of Object.entries(component.properties)) {
    const expected = own.properties[key] as Json;
    expect(typesOf(property), `${name}.${key}`).toEqual(typesOf(expected));
    expect(formatOf(property), `${name}.${key}`).toEqual(formatOf(expected));
    if (typeof expected.pattern === 'string' && key !== 'created_at' && key !== 'updated_at') {
      expect(property.pattern, `${name}.${key}`).toBe(expected.pattern);
    }
  }
}

describe('GET /v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document, public, with a bearer security scheme', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  it('lists add-domain responses exactly 201/400/401/402/403/404/405/409/413/415/500/503', () => {
    const add = operation('/v1/projects/{project_id}/domains', 'post');
    expect(Object.keys(add.responses)).toEqual([
      '201',
      '400',
      '401',
      '402',
      '403',
      '404',
      '405',
      '409',
      '413',
      '415',
      '500',
      '503',
    ]);
    expect(add.responses['201']?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Domain',
    });
    expect(add.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/AddDomainRequest',
    });
  });

  it('lists list-domains responses exactly 200/400/401/403/404/405/500/503', () => {
    const list = operation('/v1/projects/{project_id}/domains', 'get');
    expect(Object.keys(list.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '405',
      '500',
      '503',
    ]);
    for (const status of ['400', '401', '403', '404', '405', '500', '503']) {
      expect(list.responses[status]?.content['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
    }
    const pageSize = list.parameters?.find((p) => p.name === 'page_size');
    expect(pageSize).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 },
    });
    expect(list.parameters?.find((p) => p.name === 'page_token')).toMatchObject({
      in: 'query',
      required: false,
    });
  });

  it('has every route of the route table, and nothing else, with its operationId', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());

    for (const route of routes) {
      const op = operation(route.path, route.method.toLowerCase());
      expect(op.operationId).toBe(route.operationId);
      expect(op.security).toEqual(route.auth === 'bearer' ? [{ bearer: [] }] : []);
      expect(Object.keys(op.responses)).toEqual(
        [route.successStatus, ...route.errorStatuses].map(String),
      );
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(pathParams.map((p) => p.name)).toEqual([...route.params]);
      for (const p of pathParams) {
        expect(p.required).toBe(true);
        expect(p.schema.pattern).toBe(`^${idPrefixes[p.name as ParamName]}[a-zA-Z0-9_.-]+$`);
      }
    }
  });

  it('documents 405 on every path, 500 on every operation, 413 where a body can come and 415 where one is read', () => {
    for (const route of routes) {
      const statuses = Object.keys(operation(route.path, route.method.toLowerCase()).responses);
      const at = `${route.method} ${route.path}`;
      expect(statuses, at).toContain('405');
      expect(statuses, at).toContain('500');
      expect(statuses.includes('413'), at).toBe(route.method !== 'GET');
      expect(statuses.includes('415'), at).toBe('body' in operations[route.operationId]);
    }
  });

  it('declares the headers of each answer: X-Request-Id on all, and what 401, 405, 413, 429 and 503 carry', () => {
    const expected: Record<string, string[]> = {
      '401': ['X-Request-Id', 'WWW-Authenticate'],
      '405': ['X-Request-Id', 'Allow'],
      '413': ['X-Request-Id', 'Connection'],
      '429': ['X-Request-Id', 'Retry-After'],
      '503': ['X-Request-Id', 'Retry-After'],
    };
    for (const route of routes) {
      const op = operation(route.path, route.method.toLowerCase());
      for (const [status, response] of Object.entries(op.responses)) {
        const headers = (response as { headers?: Record<string, { $ref: string }> }).headers ?? {};
        expect(Object.keys(headers), `${route.operationId} ${status}`).toEqual(
          expected[status] ?? ['X-Request-Id'],
        );
        for (const [name, header] of Object.entries(headers)) {
          expect(header).toEqual({ $ref: `#/components/headers/${name}` });
        }
      }
    }
    const components = (doc.components as unknown as { headers: Record<string, Json> }).headers;
    expect(Object.keys(components).sort()).toEqual(
      ['Allow', 'Connection', 'Retry-After', 'WWW-Authenticate', 'X-Request-Id'].sort(),
    );
  });

  it('the headers it declares are the ones the server sends', async () => {
    const noKey = await api(server, 'GET', '/v1/projects');
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const wrongMethod = await api(server, 'PUT', '/v1/projects');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
    for (const res of [noKey, wrongMethod, await api(server, 'GET', '/v1/regions')]) {
      expect(res.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._~:+/=-]{1,128}$/);
    }
  });

  it('keeps "." and ".." out of every id: each carries its prefix in its pattern', () => {
    const idParams = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).flatMap((op) =>
        (op.parameters ?? []).filter((p) => p.name.endsWith('_id')),
      ),
    );
    expect(idParams.length).toBeGreaterThan(0);
    for (const p of idParams) {
      const pattern = new RegExp(p.schema.pattern as string, 'u');
      for (const folded of ['.', '..']) expect(pattern.test(folded), p.name).toBe(false);
      expect(pattern.test(p.example as string), p.name).toBe(true);
    }
    const request = doc.components.schemas.CreateProjectRequest as {
      properties: Record<string, Json>;
    };
    expect(request.properties.organization_id?.pattern).toBe('^org_[a-zA-Z0-9_.-]+$');
  });

  it('gives AddDomainRequest.domain the host-name rules: maxLength 253 and a pattern', () => {
    const domain = (doc.components.schemas.AddDomainRequest as { properties: Record<string, Json> })
      .properties.domain as Json;
    expect(domain).toMatchObject({ type: 'string', maxLength: 253, pattern: HOST_NAME_PATTERN });
    const pattern = new RegExp(domain.pattern as string, 'u');
    for (const name of [
      'shop.example.com',
      'Shop.Example.COM.',
      'bücher.example',
      'xn--bcher-kva.example',
      'a.io',
    ]) {
      expect(pattern.test(name), name).toBe(true);
    }
    for (const name of [
      'https://shop.example.com',
      'shop.example.com/path',
      '*.example.com',
      'localhost',
      '192.168.1.1',
      '[::1]',
      'shop.example.com:8443',
      'a b.example.com',
      'a..example.com',
      `${'a'.repeat(64)}.example.com`,
    ]) {
      expect(pattern.test(name), name).toBe(false);
    }
  });

  it('describes Domain, DnsInstructions and Project as their zod schemas do', () => {
    expectComponentMatches('Domain', Domain);
    expectComponentMatches('DnsInstructions', DnsInstructions);
    expectComponentMatches('Project', Project);
    expect(
      (doc.components.schemas.Domain as { properties: Json }).properties.dns_instructions,
    ).toEqual({ $ref: '#/components/schemas/DnsInstructions' });
  });

  it('documents every error code of the contract in the Error component', () => {
    const error = doc.components.schemas.Error as {
      properties: { error: { properties: { code: { enum: string[] } } } };
    };
    expect(error.properties.error.properties.code.enum).toEqual(errorCodes);
  });

  it('has examples at parameter level and on request bodies that work against the demo data', async () => {
    // As an example-driven tool (dredd) builds its requests: every parameter from its example,
    // every body from the body's, as the demo tester; each operation gets its success.
    for (const route of routes) {
      const op = operation(route.path, route.method.toLowerCase());
      let path: string = route.path;
      const query: string[] = [];
      for (const p of op.parameters ?? []) {
        if (p.name === 'page_token') continue;
        expect(p.example, `${route.operationId} ${p.name}`).toBeDefined();
        expect(p.schema.example, `${route.operationId} ${p.name}`).toBeUndefined();
        const value = encodeURIComponent(String(p.example));
        if (p.in === 'path') path = path.replace(`{${p.name}}`, value);
        else query.push(`${p.name}=${value}`);
      }
      const media = op.requestBody?.content['application/json'] as
        { example?: unknown } | undefined;
      expect(media?.example !== undefined, route.operationId).toBe(op.requestBody !== undefined);
      const res = await api(
        server,
        route.method,
        `${path}${query.length ? `?${query.join('&')}` : ''}`,
        {
          key: TESTER_KEY,
          ...(media?.example !== undefined && { body: media.example }),
        },
      );
      expect(res.status, `${route.operationId} ${res.text}`).toBe(route.successStatus);
    }
  });

  it('is the same document on every request', async () => {
    const again = await api(server, 'GET', '/v1/openapi.json');
    expect(again.json).toEqual(doc);
  });
});
