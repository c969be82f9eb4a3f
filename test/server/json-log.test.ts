import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api.js';
import { spawnServe } from '../helpers/serve-process.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { STORE_NAME } from '../helpers/store.js';

// `--log-format json` (one JSON object an answer, through pino) and X-Request-Id, which every
// answer carries in either format: the client's when well-formed, otherwise a new one.

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe(`the JSON request log on ${STORE_NAME}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ logFormat: 'json', instanceId: 'instance-a' });
  });
  afterAll(() => server?.close());

  it('writes one object an answer: time, method, route template, status, duration, instance, request id', async () => {
    const from = server.logLines.length;
    const page = await api(server, 'GET', '/v1/projects/prj_demo_scale/domains?page_size=2', {
      key: TESTER_KEY,
      headers: { 'X-Request-Id': 'trace-0001' },
    });
    expect(page.status).toBe(200);
    const missing = await api(server, 'GET', '/v1/projects/prj_missing/domains', {
      key: TESTER_KEY,
    });
    expect(missing.status).toBe(404);
    const lines = server.logLines.slice(from);
    expect(lines).toHaveLength(2);
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toEqual({
      level: 'info',
      time: expect.stringMatching(ISO_TIME),
      instance: 'instance-a',
      method: 'GET',
      route: '/v1/projects/{project_id}/domains',
      status: 200,
      duration_ms: expect.any(Number),
      request_id: 'trace-0001',
    });
    expect(second).toMatchObject({ status: 404, route: '/v1/projects/{project_id}/domains' });
    expect(second?.request_id).toBe(missing.headers.get('x-request-id'));
  });

  it('never writes a credential, wherever a client put it', async () => {
    const from = server.logLines.length;
    const planted = [
      `/v1/projects/${TESTER_KEY}/domains`,
      `/v1/projects/prj_${TESTER_KEY}`,
      `/nowhere/${encodeURIComponent(TESTER_KEY)}?token=${TESTER_KEY}`,
    ];
    for (const path of planted) await api(server, 'GET', path, { key: TESTER_KEY });
    // A key sent as the request id is not taken as one.
    const res = await api(server, 'GET', '/v1/regions', {
      headers: { 'X-Request-Id': TESTER_KEY },
    });
    expect(res.headers.get('x-request-id')).not.toContain('dk_');
    const lines = server.logLines.slice(from);
    expect(lines).toHaveLength(planted.length + 1);
    for (const line of lines) {
      expect(() => JSON.parse(line)).not.toThrow();
      expect(line).not.toContain('dk_');
      expect(line).not.toContain('demo_tester');
    }
    expect(lines.map((line) => (JSON.parse(line) as { route: string }).route)).toEqual([
      '/v1/projects/{project_id}/domains',
      '/v1/projects/{project_id}',
      'unmatched',
      '/v1/regions',
    ]);
  });
});

describe(`X-Request-Id on ${STORE_NAME}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const regions = (id?: string) =>
    api(server, 'GET', '/v1/regions', id === undefined ? {} : { headers: { 'X-Request-Id': id } });

  it('answers with the id the client sent, when it is well-formed', async () => {
    for (const id of [
      '6f1c0a4e-2b7d-4c1e-9f0a-3d2e1b4c5a6f',
      'Root=1-67891233-abcdef012345678912345678',
      'abc.def_ghi~jkl+mno/pqr=',
      'x'.repeat(128),
    ]) {
      expect((await regions(id)).headers.get('x-request-id')).toBe(id);
    }
  });

  it('answers with a new one otherwise, unique for each request', async () => {
    const seen = new Set<string>();
    for (const id of [undefined, '', 'has space', 'x'.repeat(129), 'semi;colon', 'dk_abc123']) {
      const got = (await regions(id)).headers.get('x-request-id');
      expect(got).toMatch(/^[a-z0-9]{12}-[a-z0-9]+$/);
      seen.add(got as string);
    }
    expect(seen.size).toBe(6);
  });

  it('is unique across instances too: each has a prefix of its own, and counts within it', async () => {
    const other = await startTestServer();
    try {
      const ids = async (on: TestServer) => {
        const got: string[] = [];
        for (let i = 0; i < 5; i++) {
          got.push((await api(on, 'GET', '/v1/regions')).headers.get('x-request-id') as string);
        }
        return got;
      };
      const [mine, theirs] = [await ids(server), await ids(other)];
      const prefix = (id: string) => id.slice(0, id.indexOf('-'));
      for (const list of [mine, theirs]) {
        expect(new Set(list.map(prefix)).size).toBe(1);
        // One counter an instance: each new id is the next number (base 36) after the last.
        const counts = list.map((id) => parseInt(id.slice(id.indexOf('-') + 1), 36));
        expect(counts.slice(1)).toEqual(counts.slice(0, -1).map((n) => n + 1));
      }
      expect(prefix(mine[0] as string)).not.toBe(prefix(theirs[0] as string));
      expect(new Set([...mine, ...theirs]).size).toBe(10);
    } finally {
      await other.close();
    }
  });

  it('is on errors too, 400 to 503, and the plain log stays as it was', async () => {
    const from = server.logLines.length;
    const answers = [
      await api(server, 'GET', '/v1/projects'),
      await api(server, 'GET', '/v1/projects/prj_demo_scale/domains?page_size=0', {
        key: TESTER_KEY,
      }),
      await api(server, 'GET', '/no/such/route'),
      await api(server, 'DELETE', '/v1/regions'),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 400, 404, 405]);
    for (const a of answers) expect(a.headers.get('x-request-id')).toMatch(/^[a-z0-9]{12}-/);
    // The plain format is unchanged: time, method, path, status, duration.
    for (const line of server.logLines.slice(from)) {
      expect(line).toMatch(/^\S+Z (GET|DELETE) \S+ \d{3} \d+\.\dms$/);
    }
  });
});

describe('serve --log-format json, as a process', () => {
  it('writes only JSON objects to stdout, its start line included, and no credential', async () => {
    const serve = await spawnServe([
      '--port',
      '0',
      '--db',
      ':memory:',
      '--seed',
      'demo',
      '--log-format',
      'json',
    ]);
    try {
      await api(serve, 'GET', '/v1/projects/prj_demo_scale/domains', { key: TESTER_KEY });
      await api(serve, 'GET', `/v1/projects/prj_${TESTER_KEY}`, { key: TESTER_KEY });
      await serve.waitForStdout(/"status":404/);
    } finally {
      serve.child.kill('SIGTERM');
    }
    expect(await serve.exited).toEqual({ code: 0, signal: null });
    const objects = serve.stdout.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(objects[0]?.msg).toMatch(/^domainctl serve listening on http:\/\/127\.0\.0\.1:\d+ /);
    expect(objects.slice(1).map((o) => o.status)).toEqual([200, 404]);
    expect(serve.stdout.join('\n')).not.toContain('dk_');
    expect(serve.stderr).toEqual(['SIGTERM: shutting down']);
  });
});
