import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/core/errors.js';
import { Deadline } from '../../src/client/deadline.js';
import { send } from '../../src/client/send.js';
import { closedPort, type Listening, listen, startSilentServer } from '../helpers/raw-server.js';
import { selfSignedCert } from '../helpers/tls.js';

// send() through nodeFetch: the client's rules (retries, timeout, redirects, error messages) hold
// against real servers on loopback.

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

describe('send() over nodeFetch', () => {
  it('retries a GET, PUT and DELETE after a dropped connection', async () => {
    const server = await dropsEveryOther();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const { response } = await send({
        method,
        url: new URL(`${server.url}/v1/x`),
        retryDelayMs: noDelay,
      });
      expect(await response.json()).toEqual({ ok: true });
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

  it('says why a TLS certificate is refused', async () => {
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
