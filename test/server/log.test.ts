import { describe, expect, it } from 'vitest';
import { api, expectError } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { OUTSIDER_KEY, startTestServer, TESTER_KEY } from '../helpers/server.js';

const SECRETS = [TESTER_KEY, OUTSIDER_KEY];
// A JWT-looking string, to check the logger redacts tokens in paths too.
const JWT_LIKE = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJkZW1vLXRlc3RlciJ9.c2lnbmF0dXJl';

const server = seededServerForFile();

/** Asserts that no line holds a credential (or a telling part of one). */
function expectNoSecrets(lines: string[]) {
  for (const line of lines) {
    for (const secret of [...SECRETS, JWT_LIKE, 'demo_tester', 'demo_outsider']) {
      expect(line, line).not.toContain(secret);
    }
  }
}

describe('the request log', () => {
  it('writes one line per request: time, method, path, status, milliseconds', async () => {
    const before = server.logLines.length;
    await api(server, 'GET', '/v1/regions?page_size=5&secret=abc');
    await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      body: { domain: 'logged.example.com' },
    });
    const lines = server.logLines.slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      // 400: a query parameter the operation does not know is refused (strict query strings).
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z GET \/v1\/regions 400 \d+\.\dms$/,
    );
    expect(lines[1]).toMatch(/ POST \/v1\/projects\/prj_demo_scale\/domains 201 \d+\.\dms$/);
    // The query string is not logged: it may carry anything.
    expect(lines[0]).not.toContain('secret');
  });

  it('never holds a demo API key, wherever the client put it', async () => {
    const before = server.logLines.length;
    // In the header, as meant; every status.
    for (const key of SECRETS) {
      await api(server, 'GET', '/v1/projects', { key });
      await api(server, 'GET', '/v1/projects/prj_demo_scale/domains', { key });
      await api(server, 'GET', '/v1/projects/prj_other', { key });
      await api(server, 'POST', '/v1/projects/prj_demo_free/domains', {
        key,
        body: { domain: 'x.example.com' },
      });
      await api(server, 'DELETE', '/v1/regions', { key });
    }
    // Where it does not belong: a path, an escaped path, a query, a body, a Basic header.
    const misplaced = [
      '/v1/projects/dk_demo_tester/domains',
      '/v1/dk_demo_outsider',
      '/v1/projects/prj_demo_scale/databases/dk_demo_tester',
      '/v1/projects/%64k_demo_tester',
      '/v1/projects/dk%5Fdemo%5Ftester',
      `/v1/projects/${JWT_LIKE}`,
      '/v1/projects?page_token=dk_demo_tester',
      '/v1/regions?api_key=dk_demo_outsider',
    ];
    for (const path of misplaced) {
      await api(server, 'GET', path, { key: TESTER_KEY });
      await api(server, 'GET', path);
    }
    await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      body: { domain: 'dk_demo_tester' },
    });
    await api(server, 'GET', '/v1/projects', { headers: { authorization: `Basic ${TESTER_KEY}` } });
    await api(server, 'GET', '/v1/projects', {
      headers: { authorization: `Bearer  ${TESTER_KEY} x` },
    });

    const lines = server.logLines.slice(before);
    expect(lines.length).toBe(SECRETS.length * 5 + misplaced.length * 2 + 3);
    expectNoSecrets(lines);
    expectNoSecrets(server.warnings);
    expect(lines.filter((l) => l.includes('[redacted]')).length).toBeGreaterThanOrEqual(10);
  });

  it('error messages do not echo a credential the client put in the path', async () => {
    for (const path of [
      '/v1/projects/dk_demo_tester/domains',
      '/v1/projects/dk_demo_tester',
      '/v1/dk_demo_outsider',
      '/v1/projects/prj_demo_scale/databases/dk_demo_tester',
      '/v1/projects/dk_demo_tester/domains/x',
    ]) {
      const res = await api(server, 'GET', path, { key: TESTER_KEY });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.text, path).not.toContain('dk_demo');
    }
    // An id that merely contains "dk_" is not a key and is named as sent.
    const innocent = await api(server, 'GET', '/v1/projects/prj_sdk_demo', { key: TESTER_KEY });
    expect(expectError(innocent, 404, 'not_found')).toBe('project prj_sdk_demo not found');
    const wrongMethod = await api(server, 'PUT', '/v1/projects/dk_demo_tester/domains', {
      key: TESTER_KEY,
    });
    expect(expectError(wrongMethod, 405, 'method_not_allowed')).not.toContain('dk_demo');
  });

  it('an unexpected error is a warning with the stack, never with a key from the path', async () => {
    const broken = await startTestServer();
    try {
      // A real failure, not a mock: the store is closed under the running app.
      await broken.store.close();
      const res = await api(broken, 'GET', '/v1/projects/dk_demo_tester/domains', {
        key: TESTER_KEY,
      });
      expectError(res, 500, 'internal_error');
      expect(broken.warnings).toHaveLength(1);
      expect(broken.warnings[0]).toMatch(/^error: GET \/v1\/projects\/\[redacted\]\/domains: /);
      expectNoSecrets(broken.warnings);
      expectNoSecrets(broken.logLines);
    } finally {
      await broken.close();
    }
  });
});
