import { afterAll, describe, it, type OnTestFinishedHandler } from 'vitest';
import { type CliResult, removeTempDirs, runBin } from '../helpers/cli.js';
import {
  endlessDomainList,
  retryAfterServer,
  tricklingServer,
  UNAVAILABLE,
} from '../helpers/deadline-servers.js';

// deadlines.test.ts runs main() in this process, where a socket or a timer left behind once the
// command is done goes unseen: the test process is alive anyway. Here the real bin runs in a
// process of its own, and the run is over only once that process has exited: anything left
// holding its event loop (the trickling socket, a Retry-After timer, the next page's request)
// would keep it alive past the bound. The bound is the 3 s deadline plus a margin for starting
// Node and the bundle on a loaded machine (the bound, not a benchmark).

const PROJECT = 'prj_loop';
const BOUND_MS = 6_000;

// The runs wait on their deadlines, not on the CPU, so they run at once: each test closes its own
// server, and the config folders go once every run is over.
afterAll(() => removeTempDirs());

/** `server`, closed once the test is over (`onTestFinished` of the test's own context). */
async function serve<T extends { close(): Promise<void> }>(
  server: Promise<T>,
  onTestFinished: (fn: OnTestFinishedHandler) => void,
): Promise<T> {
  const started = await server;
  onTestFinished(() => started.close());
  return started;
}

/** A spawned run, and how long until its process was gone; runBin kills it at 20 s. */
async function timed(args: string[], env: Record<string, string> = {}) {
  const started = performance.now();
  const result = await runBin(args, {
    env: { DOMAINCTL_TOKEN: 'dk_test', DOMAINCTL_PROJECT: PROJECT, ...env },
    timeoutMs: 20_000,
  });
  return { result, ms: performance.now() - started };
}

describe.concurrent('the bin is gone at its deadline', () => {
  it('api request --timeout 3 against a body trickled one byte a second (3)', async ({
    expect,
    onTestFinished,
  }) => {
    const raw = await serve(tricklingServer(), onTestFinished);
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
    expect(ms).toBeGreaterThan(2_900);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('domains wait --timeout 3 against a list that never ends (3)', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await serve(endlessDomainList(PROJECT), onTestFinished);
    const { result, ms } = await timed(['domains', 'wait', 'shop.example.com', '--timeout', '3'], {
      DOMAINCTL_BASE_URL: api.url,
    });
    expect(result).toEqual<CliResult>({
      stdout: '',
      stderr: `domainctl: no complete answer from ${api.url}/v1/projects/${PROJECT}/domains within 3 s\n`,
      code: 3,
    });
    expect(ms).toBeGreaterThan(2_900);
    expect(ms).toBeLessThan(BOUND_MS);
    expect(api.asked().length).toBeGreaterThan(2);
  });

  it("domains wait against Retry-After: 100000 ends with the server's answer at once (1)", async ({
    expect,
    onTestFinished,
  }) => {
    const raw = await serve(retryAfterServer('100000'), onTestFinished);
    const { result, ms } = await timed(['domains', 'wait', 'shop.example.com', '--timeout', '3'], {
      DOMAINCTL_BASE_URL: raw.url,
    });
    expect(result).toEqual<CliResult>({
      stdout: '',
      stderr: 'HTTP 503 unavailable: try again\n',
      code: 1,
    });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(raw.requests).toHaveLength(1);
  });

  it("api request --timeout 3 against Retry-After: 100000 ends with the server's answer (1)", async ({
    expect,
    onTestFinished,
  }) => {
    const raw = await serve(retryAfterServer('100000'), onTestFinished);
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
      stdout: `${JSON.stringify(UNAVAILABLE, null, 2)}\n`,
      stderr: 'HTTP 503 unavailable: try again\n',
      code: 1,
    });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(raw.requests).toHaveLength(1);
  });
});
