import { describe, expect, it } from 'vitest';
import { redactCredentials } from '../../src/server/redact.js';
import { api } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { startTestServer, TESTER_KEY } from '../helpers/server.js';

// An API key pasted anywhere in a request (a path, a query value, glued to other text) is
// written as [redacted] in the request log, in warnings and in the error message echoed back.

const JWT_LIKE = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJkZW1vLXRlc3RlciJ9.c2lnbmF0dXJl';

const server = seededServerForFile();

/** The request's log line and answer: neither may hold the key, or a telling part of it. */
async function expectRedacted(method: string, path: string, loggedPath: string) {
  const before = server.logLines.length;
  const res = await api(server, method, path, { key: TESTER_KEY });
  expect(res.status).toBeGreaterThanOrEqual(400);
  const line = server.logLines.slice(before).join('\n');
  expect(line).toContain(` ${method} ${loggedPath} ${res.status} `);
  for (const text of [line, res.text]) {
    expect(text).not.toContain('demo_tester');
    expect(text).not.toContain('eyJzdWIi');
  }
  return res;
}

describe('a key anywhere in the path is redacted in the log and the error message', () => {
  it.each([
    ['a whole path segment', '/v1/projects/dk_demo_tester', '/v1/projects/[redacted]'],
    ['after "/" at the top', '/v1/dk_demo_tester', '/v1/[redacted]'],
    [
      'after "_" inside a segment',
      '/v1/projects/prj_dk_demo_tester',
      '/v1/projects/prj_[redacted]',
    ],
    ['after "=" inside a segment', '/v1/key=dk_demo_tester', '/v1/key=[redacted]'],
    ['after "-" inside a segment', '/v1/projects/x-dk_demo_tester', '/v1/projects/x-[redacted]'],
    [
      'after "." inside a segment',
      '/v1/projects/prj.dk_demo_tester',
      '/v1/projects/prj.[redacted]',
    ],
    ['after ":" inside a segment', '/v1/token:dk_demo_tester', '/v1/token:[redacted]'],
    ['escaped, after "_"', '/v1/projects/prj_%64k%5Fdemo_tester', '/v1/projects/prj_[redacted]'],
    ['a JWT after "_"', `/v1/projects/prj_${JWT_LIKE}`, '/v1/projects/prj_[redacted]'],
  ])('%s: %s', async (_what, path, loggedPath) => {
    await expectRedacted('GET', path, loggedPath);
  });

  it('in the message of a 404 for a project id that holds one', async () => {
    const res = await expectRedacted(
      'GET',
      '/v1/projects/prj_dk_demo_tester',
      '/v1/projects/prj_[redacted]',
    );
    expect(res.json).toEqual({
      error: { code: 'not_found', message: 'project prj_[redacted] not found' },
    });
  });

  it('in the message of a 405 for a path that holds one', async () => {
    const res = await expectRedacted(
      'PUT',
      '/v1/projects/prj_dk_demo_tester',
      '/v1/projects/prj_[redacted]',
    );
    expect((res.json as { error: { message: string } }).error.message).toBe(
      'PUT is not allowed on /v1/projects/prj_[redacted]; use GET',
    );
  });

  it('in the message of a 404 for a query value that holds one (after "_")', async () => {
    const res = await expectRedacted(
      'GET',
      '/v1/projects?organization_id=org_dk_demo_tester',
      '/v1/projects',
    );
    expect((res.json as { error: { message: string } }).error.message).toBe(
      'organization org_[redacted] not found',
    );
  });

  it('in the warning of an unexpected error, stack included', async () => {
    const broken = await startTestServer();
    try {
      await broken.store.close();
      const res = await api(broken, 'GET', '/v1/projects/prj_dk_demo_tester/domains', {
        key: TESTER_KEY,
      });
      expect(res.status).toBe(500);
      expect(broken.warnings[0]).toMatch(/^error: GET \/v1\/projects\/prj_\[redacted\]\/domains: /);
      expect([...broken.warnings, ...broken.logLines].join('\n')).not.toContain('demo_tester');
    } finally {
      await broken.close();
    }
  });
});

describe('what is not a key stays as it was', () => {
  it.each([
    ['"dk_" inside a word', 'project prj_sdk_demo not found'],
    ['"dk_" after a digit', 'project prj_4dk_demo not found'],
    ['capitals', 'project DK_demo_tester not found'],
  ])('%s', (_what, text) => {
    expect(redactCredentials(text)).toBe(text);
  });

  it('an id that merely contains "dk_" is named as sent', async () => {
    const res = await api(server, 'GET', '/v1/projects/prj_sdk_demo', { key: TESTER_KEY });
    expect(res.json).toEqual({
      error: { code: 'not_found', message: 'project prj_sdk_demo not found' },
    });
  });
});
