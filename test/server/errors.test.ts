import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/contract/errors.js';
import { routes } from '../../src/contract/routes.js';
import { Domain } from '../../src/contract/schemas.js';
import { api, expectError, expectUnauthorized } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

const server = seededServerForFile();

const examplePath = (template: string) =>
  template.replace('{project_id}', 'prj_demo_scale').replace('{database_id}', 'db_demo_main');

describe('credentials, route by route from the route table', () => {
  it.each(routes.filter((r) => r.auth === 'bearer').map((r) => [r.method, r.path] as const))(
    '%s %s without credentials is 401 with WWW-Authenticate: Bearer',
    async (method, path) => {
      const res = await api(server, method, examplePath(path));
      expect(expectUnauthorized(res)).toBe(
        'missing credentials: send Authorization: Bearer <token>',
      );
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="domainctl"');
    },
  );

  it.each(routes.filter((r) => r.auth === 'bearer').map((r) => [r.method, r.path] as const))(
    '%s %s with an unknown key is 401 and says the token is invalid',
    async (method, path) => {
      const res = await api(server, method, examplePath(path), { key: 'dk_unknown' });
      expect(expectUnauthorized(res)).toBe('unknown API key');
      expect(res.headers.get('www-authenticate')).toBe(
        'Bearer realm="domainctl", error="invalid_token"',
      );
    },
  );

  it.each(routes.filter((r) => r.auth === 'public').map((r) => [r.method, r.path] as const))(
    '%s %s is public: 200 without credentials',
    async (method, path) => {
      // The edge's question is about a name: one of the demo's verified domains.
      const verified = (await server.store.listDomains('prj_demo_scale', 10)).find(
        (d) => d.verified,
      );
      const target = path === '/v1/tls/ask' ? `${path}?domain=${verified?.domain}` : path;
      expect((await api(server, method, target)).status).toBe(200);
    },
  );
});

describe('unknown paths', () => {
  it.each([
    ['/'],
    ['/v1'],
    ['/v1/'],
    ['/v2/regions'],
    ['/v1/regions/'],
    ['/v1/domains'],
    ['/v1/projects/prj_demo_scale/domains/dom_demo_01'],
    ['/v1/projects/prj_demo_scale/unknown'],
    ['/v1/projects//domains'],
  ])('GET %s is 404 not_found with the error body', async (path) => {
    const res = await api(server, 'GET', path, { key: TESTER_KEY });
    expect(expectError(res, 404, 'not_found')).toMatch(/^no route for GET /);
  });

  it('an unknown path is 404 without credentials too (no 401 for a path that does not exist)', async () => {
    const res = await api(server, 'POST', '/v1/nothing-here');
    expect(expectError(res, 404, 'not_found')).toBe('no route for POST /v1/nothing-here');
    expect(res.headers.get('www-authenticate')).toBeNull();
  });
});

describe('wrong methods', () => {
  it.each([
    ['DELETE', '/v1/regions', 'GET'],
    ['POST', '/v1/regions', 'GET'],
    ['PUT', '/v1/projects', 'GET, POST'],
    ['DELETE', '/v1/projects/prj_demo_scale', 'GET'],
    ['PATCH', '/v1/projects/prj_demo_scale/domains', 'POST, GET'],
    ['GET', '/v1/projects/prj_demo_scale/databases/db_demo_main', 'DELETE'],
    ['POST', '/v1/openapi.json', 'GET'],
  ])('%s %s is 405 method_not_allowed with Allow: %s', async (method, path, allow) => {
    const res = await api(server, method, path, { key: TESTER_KEY });
    expect(expectError(res, 405, 'method_not_allowed')).toBe(
      `${method} is not allowed on ${path}; use ${allow}`,
    );
    expect(res.headers.get('allow')).toBe(allow);
  });

  it('HEAD on a GET route answers like GET, without a body', async () => {
    const get = await fetch(`${server.url}/v1/regions`);
    expect((await get.json()) as unknown).toMatchObject({ regions: expect.any(Array) });
    const res = await fetch(`${server.url}/v1/regions`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    // What GET says the body is, though none is sent.
    expect(res.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('OPTIONS on a known path is 405 with Allow', async () => {
    const res = await api(server, 'OPTIONS', '/v1/projects/prj_demo_scale/domains');
    expect(expectError(res, 405, 'method_not_allowed')).toBe(
      'OPTIONS is not allowed on /v1/projects/prj_demo_scale/domains; use POST, GET',
    );
    expect(res.headers.get('allow')).toBe('POST, GET');
  });
});

describe('request bodies over 64 KiB', () => {
  const path = '/v1/projects/prj_demo_scale/domains';
  /** A JSON body of exactly `bytes` bytes that adds `domain`. */
  const bodyOf = (bytes: number, domain: string) => {
    const head = `{"domain":"${domain}","pad":"`;
    const tail = '"}';
    return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
  };

  it('64 KiB exactly is accepted', async () => {
    const body = bodyOf(MAX_BODY_BYTES, 'exactly-64k.example.com');
    expect(Buffer.byteLength(body)).toBe(65536);
    const res = await api(server, 'POST', path, { key: TESTER_KEY, rawBody: body });
    expect(res.status).toBe(201);
    expect(Domain.parse(res.json).domain).toBe('exactly-64k.example.com');
  });

  it('one byte more, with Content-Length, is 413 payload_too_large and nothing is added', async () => {
    const res = await api(server, 'POST', path, {
      key: TESTER_KEY,
      rawBody: bodyOf(MAX_BODY_BYTES + 1, 'over-64k.example.com'),
    });
    expect(expectError(res, 413, 'payload_too_large')).toBe('the request body is over 64 KiB');
    expect(server.requests).toContain(`POST ${path} 413`);
    // Nothing was stored: the name is still free.
    const again = await api(server, 'POST', path, {
      key: TESTER_KEY,
      body: { domain: 'over-64k.example.com' },
    });
    expect(again.status).toBe(201);
  });

  it('sent chunked, without Content-Length, is 413 payload_too_large too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(8 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"domain":"chunked.example.com","pad":"'));
      },
      pull(controller) {
        if (sent >= 9) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const json = await res.json();
    expect(res.status).toBe(413);
    expect(json).toEqual({
      error: { code: 'payload_too_large', message: 'the request body is over 64 KiB' },
    });
  });

  it('a small chunked body is read normally', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ domain: 'small-chunked.example.com' }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 5));
        controller.enqueue(bytes.slice(5));
        controller.close();
      },
    });
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TESTER_KEY}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(201);
    expect(Domain.parse(await res.json()).domain).toBe('small-chunked.example.com');
  });
});

describe('request bodies that are not JSON', () => {
  const bodyRoutes = routes.filter((r) => r.method === 'POST');
  const valid: Record<string, unknown> = {
    createProject: { name: 'Typed', organization_id: 'org_demo' },
    createDatabase: { name: 'typed' },
    addDomain: { domain: 'typed.example.com' },
  };
  const types = [
    'text/plain;charset=UTF-8',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
  ];

  it.each(
    bodyRoutes.flatMap((r) =>
      types.map((type) => [r.method, r.path, type, r.operationId] as const),
    ),
  )(
    '%s %s sent as %s is 415 unsupported_media_type, even when it reads as JSON',
    async (method, path, type, operationId) => {
      const res = await api(server, method, examplePath(path), {
        key: TESTER_KEY,
        rawBody: JSON.stringify(valid[operationId]),
        headers: { 'content-type': type },
      });
      const essence = type.split(';')[0] as string;
      expect(expectError(res, 415, 'unsupported_media_type')).toBe(
        `the request body must be JSON, sent with Content-Type: application/json (it was sent as ${essence})`,
      );
    },
  );

  it('what curl -d sends (a form) adds nothing', async () => {
    const host = 'curl-form.example.com';
    const res = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      rawBody: JSON.stringify({ domain: host }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectError(res, 415, 'unsupported_media_type');
    const again = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      body: { domain: host },
    });
    expect(again.status).toBe(201);
  });

  it('JSON with a charset, in any case, or with no Content-Type at all, is read', async () => {
    const typed: Record<string, string>[] = [
      { 'content-type': 'application/json; charset=utf-8' },
      { 'content-type': 'Application/JSON' },
      {},
    ];
    for (const [i, headers] of typed.entries()) {
      const res = await api(server, 'POST', '/v1/projects/prj_demo_scale/databases', {
        key: TESTER_KEY,
        rawBody: new TextEncoder().encode(JSON.stringify({ name: `typed-${i}` })),
        headers,
      });
      expect(res.status, JSON.stringify(headers)).toBe(201);
    }
  });

  it('a type that does not read as a media type is not echoed', async () => {
    const res = await api(server, 'POST', '/v1/projects/prj_demo_scale/databases', {
      key: TESTER_KEY,
      rawBody: '{"name":"x"}',
      headers: { 'content-type': 'dk_demo_tester <b>' },
    });
    expect(expectError(res, 415, 'unsupported_media_type')).toBe(
      'the request body must be JSON, sent with Content-Type: application/json',
    );
  });

  it('comes after the credentials check: without them it is 401', async () => {
    const res = await api(server, 'POST', '/v1/projects', {
      rawBody: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectUnauthorized(res);
  });
});

describe('odd requests never reach a 500', () => {
  it('a broken percent-escape in a path parameter', async () => {
    const res = await api(server, 'GET', '/v1/projects/prj_%E0%A4%A/domains', { key: TESTER_KEY });
    expect(expectError(res, 400, 'invalid_request')).toBe(
      'project_id must match ^prj_[a-zA-Z0-9_.-]+$',
    );
  });

  it('a body that claims JSON but is binary', async () => {
    const res = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      rawBody: '\u0000\u00ff\u00fe',
      headers: { 'content-type': 'application/json' },
    });
    expect(expectError(res, 400, 'invalid_request')).toBe('the request body is not valid JSON');
  });

  it('an escape that is not hex at all (raw HTTP, which fetch would refuse to send)', async () => {
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: server.port, path: '/v1/projects/%zz/domains', method: 'GET' },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      req.setHeader('authorization', `Bearer ${TESTER_KEY}`);
      req.on('error', reject);
      req.end();
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'invalid_request', message: 'project_id must match ^prj_[a-zA-Z0-9_.-]+$' },
    });
  });

  it('an id without its prefix is 400 (it was a 404 that looked the id up)', async () => {
    // Sent raw, as any client may; "." and ".." never get here: the request's URL is parsed
    // with its dot segments folded, before any route is matched.
    for (const id of ['demo_scale', 'dom_demo']) {
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: server.port,
            path: `/v1/projects/${id}/domains`,
            method: 'GET',
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              body += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        req.setHeader('authorization', `Bearer ${TESTER_KEY}`);
        req.on('error', reject);
        req.end();
      });
      expect({ id, status: res.status, body: JSON.parse(res.body) as unknown }).toEqual({
        id,
        status: 400,
        body: {
          error: {
            code: 'invalid_request',
            message: 'project_id must match ^prj_[a-zA-Z0-9_.-]+$',
          },
        },
      });
    }
  });

  it('and none of the requests of this file logged an unexpected error', () => {
    expect(server.warnings).toEqual([]);
  });
});
