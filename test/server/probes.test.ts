import { createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { api, expectError } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { spawnServe } from '../helpers/serve-process.js';
import { startTestServer, TESTER_KEY } from '../helpers/server.js';
import { STORE_NAME } from '../helpers/store.js';

// What a load balancer and an orchestrator ask: /healthz (is the process alive) and /readyz (may
// it be sent requests). Neither needs credentials and neither fills the log while it passes.
// (The database stopped: postgres.test.ts.)

describe(`health and readiness on ${STORE_NAME}`, () => {
  const server = seededServerForFile();

  it('/healthz is 200 {"status":"ok"} without credentials, and is not logged', async () => {
    const res = await api(server, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(server.requests.filter((line) => line.includes('/healthz'))).toEqual([]);
  });

  it('/readyz is 200 {"status":"ready"} while the database answers, and is not logged', async () => {
    const res = await api(server, 'GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ready' });
    expect(server.requests.filter((line) => line.includes('/readyz'))).toEqual([]);
    // Requests around it are logged as ever.
    await api(server, 'GET', '/v1/regions');
    expect(server.requests.at(-1)).toBe('GET /v1/regions 200');
  });

  it('a credential sent with a probe changes nothing and is never echoed', async () => {
    const res = await api(server, 'GET', '/readyz', { key: TESTER_KEY });
    expect(res.json).toEqual({ status: 'ready' });
    expect(res.text).not.toContain(TESTER_KEY);
  });

  it('both are in the OpenAPI document, public, with their answers', async () => {
    const doc = (await api(server, 'GET', '/v1/openapi.json')).json as {
      paths: Record<string, { get: { security: unknown[]; responses: Record<string, unknown> } }>;
    };
    expect(doc.paths['/healthz']?.get.security).toEqual([]);
    expect(Object.keys(doc.paths['/healthz']?.get.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '405',
      '500',
    ]);
    expect(doc.paths['/readyz']?.get.security).toEqual([]);
    expect(Object.keys(doc.paths['/readyz']?.get.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '405',
      '500',
      '503',
    ]);
  });

  it('an instance told to stop answers /readyz with 503 and says why, and that is logged', async () => {
    const other = await startTestServer();
    try {
      // A grace longer than the test: it closes the server itself.
      void other.drain(60);
      const res = await api(other, 'GET', '/readyz');
      expect(expectError(res, 503, 'service_unavailable')).toBe(
        'not ready: the instance is shutting down',
      );
      expect(res.headers.get('retry-after')).toBe('1');
      expect(other.requests).toContain('GET /readyz 503');
      // Everything else is still served while the balancer notices.
      expect((await api(other, 'GET', '/healthz')).status).toBe(200);
      expect((await api(other, 'GET', '/v1/projects', { key: TESTER_KEY })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

// Each test has a process of its own and spends its time waiting on it: they run together, each
// with its own `expect`.
describe.concurrent('serve --drain-grace, as a process', () => {
  it('on SIGTERM answers /readyz with 503 before it closes the listener, serves meanwhile, then exits 0', async ({
    expect,
  }) => {
    const serve = await spawnServe([
      '--port',
      '0',
      '--db',
      ':memory:',
      '--seed',
      'demo',
      '--drain-grace',
      '1.5',
    ]);
    const port = Number(new URL(serve.url).port);
    expect((await api(serve, 'GET', '/readyz')).status).toBe(200);
    const signalled = Date.now();
    serve.child.kill('SIGTERM');
    await serve.waitForStderr(/^SIGTERM:/);
    expect(serve.stderr).toEqual(['SIGTERM: /readyz answers 503; shutting down in 1.5 s']);
    const res = await api(serve, 'GET', '/readyz');
    expect(expectError(res, 503, 'service_unavailable')).toBe(
      'not ready: the instance is shutting down',
    );
    // Still listening and serving: the balancer may send a request or two before it notices.
    const page = await api(serve, 'GET', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
    });
    expect(page.status).toBe(200);
    expect(Date.now() - signalled).toBeLessThan(1500);

    expect(await serve.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500);
    // The listener is gone with the process.
    const refused = await new Promise<string>((resolve) => {
      const socket = createConnection(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('a second signal during the grace stops it at once', async ({ expect }) => {
    const serve = await spawnServe(['--port', '0', '--db', ':memory:', '--drain-grace', '60']);
    serve.child.kill('SIGTERM');
    await serve.waitForStderr(/^SIGTERM:/);
    const signalled = Date.now();
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(serve.stderr).toEqual([
      'SIGTERM: /readyz answers 503; shutting down in 60 s',
      'SIGTERM: shutting down',
    ]);
  });
});
