import { beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { type CliResult, runCli } from '../helpers/cli.js';
import {
  endlessDomainList,
  retryAfterServer,
  tricklingServer,
  UNAVAILABLE,
} from '../helpers/deadline-servers.js';
import { startFakeApi } from '../helpers/fake-api.js';
import { startRawServer } from '../helpers/raw-server.js';

// --timeout is the deadline of the whole command: the connection, the headers, the body, every
// retry and every Retry-After wait, every page of a list. Each run below ends within its 3 s and
// a margin for starting a process (the bound, not a benchmark); before, each of them hung for
// minutes or for ever.
// The runs are in this process and spend their time waiting on a timer, a socket or the walk of
// a list: the tests run together (`describe.concurrent`, each with its test's own `expect`).

const PROJECT = 'prj_loop';
const BOUND_MS = 5_000;

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

// The first runs of a process load and compile the program's code (a second or more on a busy
// machine): the tests that run together would all count it against their bound, where one after
// another only the first did. So each command runs once, to an answer, before any clock starts.
beforeAll(async () => {
  const regions = await startRawServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"regions":[]}');
  });
  const empty = await startFakeApi({ domainPage: () => ({ items: [], next: '' }) });
  try {
    const asked = await timed(['api', 'request', 'GET', '/v1/regions', '--base-url', regions.url]);
    expect(asked.result).toEqual<CliResult>({
      stdout: pretty({ regions: [] }),
      stderr: '',
      code: 0,
    });
    const waited = await timed(['domains', 'wait', 'shop.example.com', '--timeout', '3'], {
      DOMAINCTL_BASE_URL: empty.url,
    });
    expect(waited.result).toEqual<CliResult>({
      stdout: '',
      stderr: `domainctl: no domain shop.example.com in ${PROJECT} (see domainctl domains list --project ${PROJECT})\n`,
      code: 1,
    });
  } finally {
    await Promise.all([regions.close(), empty.close()]);
  }
});

/**
 * The test's own `onTestFinished`, from its context: vitest's global one registers with whichever
 * test ran last, which among tests running together is not always the caller.
 */
type Finished = TestContext['onTestFinished'];

/** A server closed when the test that started it ends, not when a neighbour does. */
async function serve<T extends { close(): Promise<void> }>(
  finished: Finished,
  server: Promise<T>,
): Promise<T> {
  const started = await server;
  finished(() => started.close());
  return started;
}

/** A run, and how long it took; runCli's own limit is well past the bound. */
async function timed(args: string[], env: Record<string, string> = {}) {
  const started = performance.now();
  const result = await runCli(args, {
    env: { DOMAINCTL_TOKEN: 'dk_test', DOMAINCTL_PROJECT: PROJECT, ...env },
    timeoutMs: 20_000,
  });
  return { result, ms: performance.now() - started };
}

/** Always 503, asking to come back in `seconds`; closed when the test ends. */
const retryAfter = (finished: Finished, seconds: string) =>
  serve(finished, retryAfterServer(seconds));

/** Sends the headers at once, then the body one byte a second, never ending. */
const trickling = (finished: Finished) => serve(finished, tricklingServer());

/** A list that never ends: every page one new domain and a new token, none of them repeated. */
const endlessList = (finished: Finished) => serve(finished, endlessDomainList(PROJECT));

describe.concurrent('api request --timeout', () => {
  it("ends with the server's answer when its Retry-After is longer than what is left (1)", async ({
    expect,
    onTestFinished,
  }) => {
    const raw = await retryAfter(onTestFinished, '100000');
    const { result, ms } = await timed([
      'api',
      'request',
      'GET',
      '/v1/regions',
      '--timeout',
      '3',
      '--base-url',
      raw.url,
    ]);
    expect(result).toEqual<CliResult>({
      stdout: pretty(UNAVAILABLE),
      stderr: 'HTTP 503 unavailable: try again\n',
      code: 1,
    });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(raw.requests).toHaveLength(1);
  });

  it('still waits for a Retry-After that fits in what is left, and asks again', async ({
    expect,
    onTestFinished,
  }) => {
    const raw = await serve(
      onTestFinished,
      startRawServer((_req, res, index) => {
        if (index === 0) {
          res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
          res.end(JSON.stringify(UNAVAILABLE));
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"ok":true}');
        }
      }),
    );
    const { result, ms } = await timed([
      'api',
      'request',
      'GET',
      '/v1/regions',
      '--timeout',
      '3',
      '--base-url',
      raw.url,
    ]);
    expect(result).toEqual<CliResult>({ stdout: pretty({ ok: true }), stderr: '', code: 0 });
    expect(ms).toBeGreaterThan(1000);
    expect(raw.requests).toHaveLength(2);
  });

  it('ends a body trickled one byte a second at the deadline (3)', async ({
    expect,
    onTestFinished,
  }) => {
    const raw = await trickling(onTestFinished);
    const { result, ms } = await timed([
      'api',
      'request',
      'GET',
      '/v1/regions',
      '--timeout',
      '3',
      '--base-url',
      raw.url,
    ]);
    expect(result).toEqual<CliResult>({
      stdout: '',
      stderr: `domainctl: no complete answer from ${raw.url}/v1/regions within 3 s\n`,
      code: 3,
    });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(ms).toBeGreaterThan(2_900);
  });

  it('ends --paginate through an endless list at the deadline, the document unfinished (3)', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await endlessList(onTestFinished);
    const { result, ms } = await timed([
      'api',
      'request',
      'GET',
      '/v1/projects/{project_id}/domains',
      '--paginate',
      '--json',
      '--timeout',
      '3',
      '--base-url',
      api.url,
    ]);
    expect(ms).toBeLessThan(BOUND_MS);
    // One domain a page: the pages written are the domains in the unfinished document.
    const pages = result.stdout.split('"id":"dom_').length - 1;
    expect(pages).toBeGreaterThan(2);
    expect({ ...result, stdout: result.stdout.slice(0, 12) }).toEqual<CliResult>({
      stdout: '{"domains":[',
      stderr: `domainctl: stopped at page ${pages} of the list; the JSON above is incomplete\ndomainctl: no complete answer from ${api.url}/v1/projects/${PROJECT}/domains within 3 s\n`,
      code: 3,
    });
    expect(() => JSON.parse(result.stdout)).toThrow(SyntaxError);
  });
});

describe.concurrent('domains wait --timeout', () => {
  it('holds against a list that never ends while it looks for the domain (3)', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await endlessList(onTestFinished);
    const { result, ms } = await timed(['domains', 'wait', 'shop.example.com', '--timeout', '3'], {
      DOMAINCTL_BASE_URL: api.url,
    });
    expect(result).toEqual<CliResult>({
      stdout: '',
      stderr: `domainctl: no complete answer from ${api.url}/v1/projects/${PROJECT}/domains within 3 s\n`,
      code: 3,
    });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(api.asked().length).toBeGreaterThan(2);
  });

  it('holds against a body trickled one byte a second (3)', async ({ expect, onTestFinished }) => {
    const raw = await trickling(onTestFinished);
    const { result, ms } = await timed(['domains', 'wait', 'shop.example.com', '--timeout', '3'], {
      DOMAINCTL_BASE_URL: raw.url,
    });
    expect(result).toEqual<CliResult>({
      stdout: '',
      stderr: `domainctl: no complete answer from ${raw.url}/v1/projects/${PROJECT}/domains within 3 s\n`,
      code: 3,
    });
    expect(ms).toBeLessThan(BOUND_MS);
  });
});
