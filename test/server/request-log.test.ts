import { request } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineBatcher } from '../../src/server/line-batcher.js';
import { printable } from '../../src/server/request-log.js';
import { literally } from '../helpers/hostile.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';

// What the server writes to its log stream (stdout under `serve`), byte for byte, when a client
// plants terminal escapes, line breaks or an encoded API key in the request target: one line
// per request, printable ASCII only, the path as it was sent, and no key however it is encoded.

let server: TestServer;
let written: Buffer[] = [];
beforeAll(async () => {
  // The same writer `serve` puts in front of its stdout.
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk);
      done();
    },
  });
  server = await startTestServer({ log: lineBatcher(stream) });
});
afterAll(() => server.close());

/**
 * Sends the request target exactly as given (node:http neither decodes nor resolves it) and
 * returns the status with the bytes the server wrote to its log for it.
 */
async function logged(
  target: string,
  { method = 'GET', key = TESTER_KEY }: { method?: string; key?: string } = {},
): Promise<{ status: number; bytes: Buffer }> {
  written = [];
  const status = await new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path: target }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setHeader('authorization', `Bearer ${key}`);
    req.on('error', reject);
    req.end();
  });
  // The writer flushes on the next turn of the event loop: wait for the line, not for a time.
  await expect.poll(() => Buffer.concat(written).includes(0x0a)).toBe(true);
  return { status, bytes: Buffer.concat(written) };
}

/** Asserts the bytes are exactly one log line for `METHOD path status`, and nothing else. */
function expectOneLine(bytes: Buffer, method: string, path: string, status: number) {
  // Printable ASCII and the one line feed at the end: nothing a terminal obeys, no second line.
  const odd = [...bytes.subarray(0, -1)].find((byte) => byte < 0x20 || byte > 0x7e);
  expect(odd, `byte 0x${odd?.toString(16)} in ${JSON.stringify(bytes.toString('latin1'))}`).toBe(
    undefined,
  );
  expect(bytes.at(-1)).toBe(0x0a);
  expect(bytes.toString('latin1')).toMatch(
    new RegExp(
      `^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z ${method} ${literally(path)} ${status} \\d+\\.\\dms\\n$`,
    ),
  );
}

describe('a planted request target makes one printable log line', () => {
  it.each([
    ['a window title and a clear screen', '/v1/zz%1b]2;PWNED%07%1b[2J'],
    ['the same in upper-case hex', '/v1/zz%1B]2;PWNED%07%1B[2J'],
    [
      'a line feed and a whole forged line',
      '/v1/zz%0a2026-01-01T00:00:00.000Z%20DELETE%20/v1/projects/prj_demo_scale/databases/db_main%20200%200.1ms',
    ],
    ['a CR and a CRLF', '/v1/zz%0dover%0d%0anext'],
    ['C1 controls as UTF-8 (CSI, OSC)', '/v1/zz%c2%9b2J%c2%9d0;t'],
    ['bidi overrides and zero-width characters', '/v1/zz%e2%80%aeevil%e2%80%8b%e2%81%a6'],
    ['double-encoded escapes', '/v1/zz%251b]2;x%2507'],
  ])('%s', async (_what, target) => {
    const { status, bytes } = await logged(target);
    expect(status).toBe(404);
    // Written as it was sent: what the client encoded stays encoded, nothing is decoded.
    expectOneLine(bytes, 'GET', target, 404);
  });

  it('a path with dot-segments is logged as sent, not as resolved', async () => {
    const { status, bytes } = await logged('/v1/projects/../regions');
    expect(status).toBe(200);
    expectOneLine(bytes, 'GET', '/v1/projects/../regions', 200);
  });

  it('the query string and a fragment are not logged', async () => {
    const { bytes } = await logged('/v1/regions?page_size=5&x=%1b]2;t%07#%0a');
    // 400: the operation knows no parameter x.
    expectOneLine(bytes, 'GET', '/v1/regions', 400);
  });
});

describe('an API key or JWT in the path is redacted however it is encoded', () => {
  const JWT = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJkZW1vLXRlc3RlciJ9.c2lnbmF0dXJl';
  it.each([
    ['after an encoded "/"', '/v1/projects/x%2Fdk_demo_tester', '/v1/projects/x%2F[redacted]'],
    ['after a lower-case %2f', '/v1/projects/x%2fdk_demo_tester', '/v1/projects/x%2f[redacted]'],
    [
      'after a double-encoded "/"',
      '/v1/projects/x%252Fdk_demo_tester',
      '/v1/projects/x%252F[redacted]',
    ],
    ['with encoded letters', '/v1/projects/%64k%5fdemo%5Ftester', '/v1/projects/[redacted]'],
    [
      'double-encoded letters, mixed case',
      '/v1/projects/%2564k%255fdemo_tester/domains',
      '/v1/projects/[redacted]/domains',
    ],
    [
      'after an encoded line feed',
      '/v1/projects/x%0Adk_demo_tester',
      '/v1/projects/x%0A[redacted]',
    ],
    [
      'after an encoded non-ASCII letter',
      '/v1/projects/%C3%A9dk_demo_tester',
      '/v1/projects/%C3%A9[redacted]',
    ],
    [
      'a JWT with encoded dots',
      `/v1/projects/${JWT.replaceAll('.', '%2E')}`,
      '/v1/projects/[redacted]',
    ],
    ['a JWT after an encoded "/"', `/v1/projects/x%2F${JWT}`, '/v1/projects/x%2F[redacted]'],
  ])('%s', async (_what, target, shown) => {
    const { bytes } = await logged(target);
    const text = bytes.toString('latin1');
    expect(text).toContain(` GET ${shown} `);
    expect(text).not.toContain('demo_tester');
    expect(text).not.toContain('eyJzdWIi');
  });

  it('an id that only looks like one after decoding something else is kept', async () => {
    const { bytes } = await logged('/v1/projects/prj_sdk%2Dx');
    expectOneLine(bytes, 'GET', '/v1/projects/prj_sdk%2Dx', 404);
  });
});

describe('a failure logged as a warning quotes the path as the log does', () => {
  it('encoded, with no escape decoded and no key', async () => {
    const broken = await startTestServer();
    try {
      await broken.store.close();
      await new Promise<void>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: broken.port,
            path: '/v1/projects/zz%1b]2;PWNED%07%2Fdk_demo_tester/domains',
            headers: { authorization: `Bearer ${TESTER_KEY}` },
          },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(broken.warnings).toHaveLength(1);
      expect(broken.warnings[0]).toMatch(
        /^error: GET \/v1\/projects\/zz%1b\]2;PWNED%07%2F\[redacted\]\/domains: /,
      );
    } finally {
      await broken.close();
    }
  });
});

describe('printable', () => {
  it('escapes every character outside printable ASCII, the space and the backslash', () => {
    expect(
      printable('/a\u001b]2;t\u0007\n\r\u007f\u009b\u202e\u2066\u200b\u200d\ufeff\u00ad é\\🚀'),
    ).toBe(
      '/a\\u001b]2;t\\u0007\\u000a\\u000d\\u007f\\u009b\\u202e\\u2066\\u200b\\u200d\\ufeff\\u00ad\\u0020\\u00e9\\u005c\\ud83d\\ude80',
    );
  });

  it('leaves an ordinary path as it is', () => {
    const path = "/v1/projects/prj_demo_scale/domains/shop.example.com%2Fx~-_.!$&'()*+,;=:@[]";
    expect(printable(path)).toBe(path);
  });
});
