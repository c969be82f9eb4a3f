import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MAX_JWKS_BYTES } from '../../src/server/jwks-fetch.js';
import { api, expectUnauthorized } from '../helpers/api.js';
import { type JwksServer, startJunkJwksServer, startJwksServer } from '../helpers/jwks.js';
import { spawnServe } from '../helpers/serve-process.js';
import { startTestServer, TESTER_KEY } from '../helpers/server.js';

// The JWKS is fetched from somewhere else: its size is bounded, so a huge (or endless) answer
// costs neither memory nor a hung request, and the keys are cached rather than fetched per token.

let idp: JwksServer;
beforeAll(async () => {
  idp = await startJwksServer();
});
afterAll(() => idp.close());

const OFFERED = 64 * 1024 * 1024;

// Each test has servers of its own (only the identity provider that signs is shared) and spends
// its time waiting on them: the tests, and the groups, run together, each with its own `expect`.
describe.concurrent('a JWKS over 1 MiB', () => {
  it.for([
    ['streamed without a length', false],
    ['with a Content-Length that says so', true],
  ] as const)(
    '%s: read no further than the bound, 401 for each token, one warning',
    async ([, declareLength], { expect }) => {
      const junk = await startJunkJwksServer(OFFERED, { declareLength });
      const server = await startTestServer({ jwt: { jwksUrl: junk.jwksUrl } });
      try {
        for (let i = 0; i < 3; i++) {
          const started = Date.now();
          const res = await api(server, 'GET', '/v1/projects', {
            key: await idp.sign('demo-tester'),
          });
          expect(expectUnauthorized(res)).toBe('the token could not be verified');
          // Well within jose's 5 s timeout: the answer was cut off, not waited out.
          expect(Date.now() - started).toBeLessThan(4000);
        }
        // Each token asked again (jose caches keys, not failures), and each reader stopped
        // early: what the kernel buffers on both sides comes on top of the 1 MiB read.
        expect(junk.sent()).toHaveLength(3);
        for (const bytes of junk.sent()) expect(bytes).toBeLessThan(MAX_JWKS_BYTES + 16 * 2 ** 20);
        expect(server.warnings).toEqual([
          `jwt: could not verify a token: the JWKS at ${junk.jwksUrl} is over 1 MiB; it was not read further`,
        ]);
        // API keys do not need the JWKS.
        expect((await api(server, 'GET', '/v1/projects', { key: TESTER_KEY })).status).toBe(200);
      } finally {
        await server.close();
        await junk.close();
      }
    },
  );

  it('a JWKS of exactly 1 MiB is read whole and its keys work', async ({ expect }) => {
    const big = await startJwksServer({ padTo: MAX_JWKS_BYTES });
    const server = await startTestServer({ jwt: { jwksUrl: big.jwksUrl } });
    try {
      const res = await api(server, 'GET', '/v1/projects', { key: await big.sign('demo-tester') });
      expect(res.status).toBe(200);
      expect(server.warnings).toEqual([]);
    } finally {
      await server.close();
      await big.close();
    }
  });
});

// Peak memory from Linux's /proc: VmHWM is the most RSS the process has ever had.
const onLinux = process.platform === 'linux';
const peakMiB = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

const peakTitle = onLinux
  ? 'its peak memory grows by far less than the JWKS (read from /proc)'
  : 'skipped: peak memory is read from /proc, which only Linux has';

describe.concurrent('a JWKS of 64 MiB, against domainctl serve as a process', () => {
  it.skipIf(!onLinux)(peakTitle, async ({ expect }) => {
    const junk = await startJunkJwksServer(OFFERED);
    const serve = await spawnServe([
      ...['--port', '0', '--db', ':memory:', '--seed', 'demo'],
      ...['--jwks-url', junk.jwksUrl],
    ]);
    try {
      const pid = serve.child.pid as number;
      expect((await api(serve, 'GET', '/v1/projects', { key: TESTER_KEY })).status).toBe(200);
      const before = peakMiB(pid);
      for (let i = 0; i < 3; i++) {
        const res = await api(serve, 'GET', '/v1/projects', {
          key: await idp.sign('demo-tester'),
        });
        expectUnauthorized(res);
      }
      // Reading it whole took the peak up by about 400 MiB; a bounded read costs about 15.
      expect(peakMiB(pid) - before).toBeLessThan(OFFERED / 2 ** 20);
      await serve.waitForStderr(/^jwt: could not verify a token: .* is over 1 MiB/);
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
      await junk.close();
    }
  });
});

describe.concurrent('the keys are cached', () => {
  it('many tokens, one fetch; a token with an unknown key does not fetch again within 30 s', async ({
    expect,
  }) => {
    const own = await startJwksServer();
    const server = await startTestServer({ jwt: { jwksUrl: own.jwksUrl } });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await api(server, 'GET', '/v1/projects', {
          key: await own.sign('demo-tester'),
        });
        expect(res.status).toBe(200);
      }
      expect(own.fetches()).toBe(1);
      const unknownKid = await own.sign('demo-tester', {
        key: { ...own.rsa, kid: 'not-in-the-set' },
      });
      expectUnauthorized(await api(server, 'GET', '/v1/projects', { key: unknownKid }));
      expect(own.fetches()).toBe(1);
    } finally {
      await server.close();
      await own.close();
    }
  });
});
