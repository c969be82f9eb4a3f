import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError, RequestInputError } from '../../src/core/errors.js';
import { Deadline } from '../../src/client/deadline.js';
import {
  createHttpClient,
  type HttpClientOptions,
  type SendOptions,
  USER_AGENT,
} from '../../src/client/http-client.js';
import { closedPort, type Listening, listen, startSilentServer } from '../helpers/raw-server.js';
import { selfSignedCert } from '../helpers/tls.js';

// The HTTP client's send(): ky over node:http (http-transport.ts). The client's rules (retries,
// timeout, redirects, error messages) hold against real servers on loopback.

/** Sends through a client made for the URL's origin, as `api request` and the API client do. */
function send(options: SendOptions & Omit<HttpClientOptions, 'baseUrl'>) {
  const { retryDelayMs, debug, token, maxResponseBytes, ...request } = options;
  const baseUrl = new URL(request.url.origin);
  return createHttpClient({ baseUrl, retryDelayMs, debug, token, maxResponseBytes }).send(request);
}

const open: Listening[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** A server that drops the connection of every odd request and answers every even one. */
async function dropsEveryOther(): Promise<Listening & { seen: string[] }> {
  const seen: string[] = [];
  const server = await listen(
    createServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push(`${req.method} ${req.url}`);
      if (seen.length % 2 === 1) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    }),
  );
  open.push(server);
  return Object.assign(server, { seen });
}

async function failure(promise: Promise<unknown>): Promise<NetworkError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof NetworkError) return error;
    throw error;
  }
  throw new Error('send() answered');
}

const noDelay = () => 0;

describe('send() over node:http', () => {
  it('retries a GET, PUT and DELETE after a dropped connection', async () => {
    const server = await dropsEveryOther();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const { response } = await send({
        method,
        url: new URL(`${server.url}/v1/x`),
        retryDelayMs: noDelay,
      });
      expect(JSON.parse(await response.text())).toEqual({ ok: true });
    }
    expect(server.seen).toEqual([
      'GET /v1/x',
      'GET /v1/x',
      'PUT /v1/x',
      'PUT /v1/x',
      'DELETE /v1/x',
      'DELETE /v1/x',
    ]);
  });

  it('never retries a POST or a PATCH, and says the connection was reset', async () => {
    const server = await dropsEveryOther();
    for (const method of ['POST', 'PATCH'] as const) {
      const error = await failure(
        send({ method, url: new URL(`${server.url}/v1/x`), body: '{}', retryDelayMs: noDelay }),
      );
      expect(error.message).toBe(`cannot reach ${server.url}: connection reset`);
      expect(error.timedOut).toBe(false);
      // The next request is an even one again: answer it, so each method starts on an odd one.
      await send({ method: 'GET', url: new URL(`${server.url}/v1/x`) });
    }
    expect(server.seen).toEqual(['POST /v1/x', 'GET /v1/x', 'PATCH /v1/x', 'GET /v1/x']);
  });

  it('says "connection refused" for a closed port', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const error = await failure(
      send({ method: 'GET', url: new URL(`${url}/v1/regions`), retryDelayMs: noDelay }),
    );
    expect(error).toEqual(
      new NetworkError(`cannot reach ${url}: connection refused`, `${url}/v1/regions`, false),
    );
  });

  it('gives up after its timeout on a server that never answers', async () => {
    const silent = await startSilentServer();
    try {
      const error = await failure(
        send({
          method: 'GET',
          url: new URL(`${silent.url}/v1/regions`),
          deadline: Deadline.after(200),
        }),
      );
      expect(error.message).toBe(`no complete answer from ${silent.url}/v1/regions within 0.2 s`);
      expect(error.timedOut).toBe(true);
    } finally {
      await silent.close();
    }
  });

  it('returns a redirect as it came, so no credential follows it elsewhere', async () => {
    const seen: IncomingMessage['headers'][] = [];
    const server = await listen(
      createServer((req, res) => {
        seen.push(req.headers);
        res.writeHead(307, { location: 'http://other.example/v1/projects' });
        res.end();
      }),
    );
    open.push(server);
    const { response } = await send({
      method: 'GET',
      url: new URL(`${server.url}/v1/projects`),
      headers: { authorization: 'Bearer dk_secret' },
    });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://other.example/v1/projects');
    expect(seen).toHaveLength(1);
  });

  it('says why a TLS certificate is refused', { tags: ['openssl'] }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'domainctl-tls-'));
    try {
      const cert = selfSignedCert(dir, 'loopback', 'IP:127.0.0.1');
      const server = await listen(
        createHttpsServer({ cert: cert.cert, key: cert.key }, (_req, res) => res.end('{}')),
      );
      open.push(server);
      const error = await failure(
        send({ method: 'GET', url: new URL(`${server.url}/v1/regions`), retryDelayMs: noDelay }),
      );
      expect(error.message).toBe(`cannot reach ${server.url}: the TLS certificate is self-signed`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A server that answers the statuses given, one a request (the last one from then on). */
async function answers(...statuses: [number, Record<string, string>?][]) {
  const seen: { line: string; headers: IncomingMessage['headers'] }[] = [];
  const server = await listen(
    createServer((req, res) => {
      seen.push({ line: `${req.method} ${req.url}`, headers: req.headers });
      const [status, headers] = statuses[Math.min(seen.length, statuses.length) - 1] ?? [200];
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(`{"status":${status}}`);
    }),
  );
  open.push(server);
  return Object.assign(server, { seen });
}

describe('send(): when it asks again', () => {
  it('asks at most three times in all, then hands on the last answer', async () => {
    const server = await answers([500]);
    const { response } = await send({
      method: 'GET',
      url: new URL(`${server.url}/v1/x`),
      retryDelayMs: noDelay,
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('{"status":500}');
    expect(server.seen.map((r) => r.line)).toEqual(['GET /v1/x', 'GET /v1/x', 'GET /v1/x']);
  });

  it.each([408, 429, 502, 503, 504])('asks again after a %i', async (status) => {
    const server = await answers([status], [200]);
    const { response } = await send({
      method: 'DELETE',
      url: new URL(`${server.url}/v1/x`),
      retryDelayMs: noDelay,
    });
    expect(response.status).toBe(200);
    expect(server.seen).toHaveLength(2);
  });

  it.each([400, 401, 404, 409, 413, 501])('hands on a %i at once', async (status) => {
    const server = await answers([status], [200]);
    const { response } = await send({ method: 'GET', url: new URL(`${server.url}/v1/x`) });
    expect(response.status).toBe(status);
    expect(server.seen).toHaveLength(1);
  });

  it.each(['POST', 'PATCH'] as const)(
    'never asks again with a %s, whatever the answer',
    async (method) => {
      const server = await answers([503, { 'retry-after': '0' }], [200]);
      const { response } = await send({
        method,
        url: new URL(`${server.url}/v1/x`),
        body: '{}',
        retryDelayMs: noDelay,
      });
      expect(response.status).toBe(503);
      expect(server.seen).toHaveLength(1);
    },
  );

  it('waits the Retry-After of a 429, as a date too, and says so with --debug', async () => {
    const when = new Date(Date.now() + 1_500).toUTCString();
    const server = await answers([429, { 'retry-after': when }], [200]);
    const lines: string[] = [];
    const started = performance.now();
    const { response } = await send({
      method: 'GET',
      url: new URL(`${server.url}/v1/x?a=1`),
      token: 'dk_secret_token',
      credentials: true,
      debug: (line) => lines.push(line),
      retryDelayMs: () => 60_000,
    });
    expect(response.status).toBe(200);
    // The date has whole seconds: between 0.5 and 1.5 s from when it was written.
    expect(performance.now() - started).toBeGreaterThan(400);
    const request = [
      `> GET ${server.url}/v1/x?a=1`,
      '> accept: application/json',
      '> authorization: Bearer ****oken',
      `> user-agent: ${USER_AGENT}`,
    ];
    expect(lines.filter((line) => !line.startsWith('<'))).toEqual([
      ...request,
      '* retry 1 of 2 after HTTP 429',
      ...request,
    ]);
    expect(lines.join('\n')).not.toContain('dk_secret_token');
  });
});

describe('send(): the deadline', () => {
  it("ends with the server's answer when its Retry-After is longer than what is left", async () => {
    const server = await answers([503, { 'retry-after': '5' }], [200]);
    const lines: string[] = [];
    const started = performance.now();
    const { response } = await send({
      method: 'GET',
      url: new URL(`${server.url}/v1/x`),
      deadline: Deadline.after(2_000),
      debug: (line) => lines.push(line),
    });
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('{"status":503}');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(server.seen).toHaveLength(1);
    expect(lines.find((line) => line.startsWith('* '))).toMatch(
      /^\* no retry: it would wait 5 s, and [\d.]+ s are left$/,
    );
  });

  it('asks again no more once the backoff would outlast the deadline', async () => {
    const server = await answers([500], [200]);
    const { response } = await send({
      method: 'PUT',
      url: new URL(`${server.url}/v1/x`),
      deadline: Deadline.after(1_000),
      retryDelayMs: () => 3_000,
    });
    expect(response.status).toBe(500);
    expect(server.seen).toHaveLength(1);
  });
});

describe('send(): credentials', () => {
  it('adds the token only to a request that asks for it, and an Authorization given wins', async () => {
    const server = await answers([200]);
    const url = new URL(`${server.url}/v1/x`);
    await send({ method: 'GET', url, token: 'dk_profile' });
    await send({ method: 'GET', url, token: 'dk_profile', credentials: true });
    await send({
      method: 'GET',
      url,
      token: 'dk_profile',
      credentials: true,
      headers: { authorization: 'Bearer dk_given' },
    });
    expect(server.seen.map((r) => r.headers.authorization)).toEqual([
      undefined,
      'Bearer dk_profile',
      'Bearer dk_given',
    ]);
  });

  it('refuses a URL outside its base URL before anything is sent', async () => {
    const server = await answers([200]);
    const client = createHttpClient({ baseUrl: new URL(`${server.url}/api`), token: 'dk_secret' });
    await expect(
      client.send({ method: 'GET', url: new URL(`${server.url}/v1/x`), credentials: true }),
    ).rejects.toThrow(RequestInputError);
    await expect(
      client.send({
        method: 'GET',
        url: new URL('http://other.example/api/v1/x'),
        credentials: true,
      }),
    ).rejects.toThrow(RequestInputError);
    expect(server.seen).toEqual([]);
    await client.send({ method: 'GET', url: new URL(`${server.url}/api/v1/x`), credentials: true });
    expect(server.seen.map((r) => [r.line, r.headers.authorization])).toEqual([
      ['GET /api/v1/x', 'Bearer dk_secret'],
    ]);
  });
});

describe('send(): the request', () => {
  it('sends its headers in lower case, a given one over the default, a type for a body that has none', async () => {
    const server = await answers([200]);
    await send({
      method: 'PUT',
      url: new URL(`${server.url}/v1/x`),
      headers: { 'X-Trace': '  abc ', Accept: 'text/plain' },
      body: 'hello',
    });
    const seen = server.seen[0]?.headers ?? {};
    expect(seen).toMatchObject({
      accept: 'text/plain',
      'content-type': 'text/plain;charset=UTF-8',
      'content-length': '5',
      'user-agent': USER_AGENT,
      'x-trace': 'abc',
    });
  });
});
