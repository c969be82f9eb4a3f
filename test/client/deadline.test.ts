import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { Deadline, DeadlineExceeded } from '../../src/client/deadline.js';
import { NetworkError } from '../../src/core/errors.js';
import { type RawServer, startRawServer } from '../helpers/raw-server.js';

let servers: RawServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

/** Headers at once, then a body that never ends: one byte every 100 ms. */
async function trickling(): Promise<RawServer> {
  const server = await startRawServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    const drip = setInterval(() => res.write(' '), 100);
    res.on('close', () => clearInterval(drip));
  });
  servers.push(server);
  return server;
}

const aborted = (signal: AbortSignal) =>
  new Promise<unknown>((resolve) => signal.addEventListener('abort', () => resolve(signal.reason)));

describe('Deadline', () => {
  it('aborts its signal when its time is up, with the time it had', async () => {
    const deadline = Deadline.after(50);
    expect(deadline.expired).toBe(false);
    const reason = await aborted(deadline.signal);
    expect(reason).toEqual(new DeadlineExceeded(50));
    expect(deadline.exceeded()?.ms).toBe(50);
    expect(deadline.remaining()).toBe(0);
  });

  it('within() is the earlier of the two, and ends with the deadline it is within', async () => {
    const run = Deadline.after(60);
    const long = run.within(10_000);
    const short = run.within(20);
    expect(long.at).toBe(run.at);
    expect(short.at).toBeLessThan(run.at);
    expect(await aborted(short.signal)).toEqual(new DeadlineExceeded(20));
    expect(run.expired).toBe(false);
    // The request's deadline ran out, not the run's: the run goes on, and ends on its own time.
    expect(await aborted(long.signal)).toEqual(new DeadlineExceeded(60));
  });

  it("disposing a request's deadline never ends the run's", async () => {
    const run = Deadline.after(40);
    run.within(10_000).dispose();
    run.within(5).dispose();
    expect(await aborted(run.signal)).toEqual(new DeadlineExceeded(40));
  });

  it("ends at once with the caller's own reason when the caller gives up", () => {
    const caller = new AbortController();
    const deadline = Deadline.none(caller.signal);
    const request = deadline.within(10_000);
    caller.abort(new Error('quit'));
    expect(request.signal.reason).toEqual(new Error('quit'));
    expect(request.exceeded()).toBeUndefined();
    expect(Deadline.after(1000, caller.signal).expired).toBe(true);
  });
});

describe('the API client and its deadlines', () => {
  it('bounds each request, its body included, by its timeout', async () => {
    const server = await trickling();
    const client = createApiClient({ baseUrl: server.url, timeoutMs: 300 });
    const started = performance.now();
    const error = await client.listRegions().catch((e: unknown) => e);
    expect(error).toEqual(
      new NetworkError(
        `no complete answer from ${server.url}/v1/regions within 0.3 s`,
        `${server.url}/v1/regions`,
        true,
      ),
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("ends a request in flight at once when its caller aborts, with the caller's reason", async () => {
    const server = await trickling();
    const quit = new AbortController();
    const client = createApiClient({ baseUrl: server.url, signal: quit.signal });
    const pending = client.listRegions().catch((e: unknown) => e);
    // Once the server has the request (its body is then trickling in), the UI quits.
    while (server.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    quit.abort(new Error('the UI quit'));
    expect(await pending).toEqual(new Error('the UI quit'));
  });
});
