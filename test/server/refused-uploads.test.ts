import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/contract/errors.js';
import { LINGER_BYTES, LINGER_MS } from '../../src/server/lingering-close.js';
import { api } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// A refused upload (413) leaves the rest of its body on the wire. The server answers with
// "Connection: close" and closes only once the client is done sending, so a client that keeps
// connections alive sends its next request on a new connection and loses nothing.

const PATH = '/v1/projects/prj_demo_scale/domains';
const server = seededServerForFile();
let agent: Agent;
afterEach(() => agent?.destroy());

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** A POST through `agent`; with `chunked`, the body has no Content-Length. */
function post(body: string, chunked = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      authorization: `Bearer ${TESTER_KEY}`,
      'content-type': 'application/json',
    };
    if (!chunked) headers['content-length'] = Buffer.byteLength(body);
    const req = request(
      { host: '127.0.0.1', port: server.port, method: 'POST', path: PATH, agent, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
        );
      },
    );
    req.on('error', reject);
    if (chunked) {
      // Several writes, so the body really goes out in chunks.
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.slice(i, i + 64 * 1024));
      req.end();
    } else {
      req.end(body);
    }
  });
}

const oversized = (bytes: number) =>
  `{"domain":"too-big.example.com","pad":"${'x'.repeat(bytes)}"}`;
let added = 0;
const small = () => JSON.stringify({ domain: `after-413-${++added}.example.com` });

describe('a refused upload leaves the client able to go on', () => {
  it.each([
    ['with Content-Length, 300 KB', 300_000, false],
    ['chunked, 300 KB', 300_000, true],
    ['with Content-Length, 8 MiB', 8 * 1024 * 1024, false],
  ])('413 then POST, three times on a kept-alive connection: %s', async (_what, bytes, chunked) => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 3; i++) {
      const refused = await post(oversized(bytes), chunked);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({
        error: { code: 'payload_too_large', message: 'the request body is over 64 KiB' },
      });
      const next = await post(small());
      expect(next.status, next.body).toBe(201);
      // How: the 413 said the connection closes, so the agent opened a new one for the next.
      expect(refused.connection).toBe('close');
      expect(next.connection).toBe('keep-alive');
    }
  });

  it('a body within the limit keeps the connection alive', async () => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await post(small());
    const second = await post(small());
    expect([first.status, second.status]).toEqual([201, 201]);
    expect([first.connection, second.connection]).toEqual(['keep-alive', 'keep-alive']);
  });
});

/**
 * A raw connection: what it sends is up to the test, and everything it receives is kept. It
 * stays open for writing after the server's FIN, as a client still uploading would.
 */
function rawConnection() {
  const socket = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  // The server may close while this side still writes: that is what is being tested.
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => received, closed };
}

const head = (length: number) =>
  `POST ${PATH} HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer ${TESTER_KEY}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('the connection a 413 closes', () => {
  it('answers nothing after the 413: a request pipelined behind the body is not run', async () => {
    const body = oversized(MAX_BODY_BYTES);
    const next = JSON.stringify({ domain: 'pipelined.example.com' });
    const raw = rawConnection();
    raw.socket.end(head(Buffer.byteLength(body)) + body + head(Buffer.byteLength(next)) + next);
    await raw.closed;
    const statusLines = raw.received().match(/^HTTP\/1\.1 \d+ .*$/gm);
    expect(statusLines).toEqual(['HTTP/1.1 413 Payload Too Large']);
    expect(raw.received()).toMatch(/\r\nConnection: close\r\n/i);
    const list = await api(server, 'GET', `${PATH}?page_size=100`, { key: TESTER_KEY });
    expect(list.text).not.toContain('pipelined.example.com');
  });

  it('is closed by the server once the client has sent LINGER_BYTES more', async () => {
    const raw = rawConnection();
    raw.socket.write(head(1024 * 1024 * 1024));
    const chunk = 'x'.repeat(256 * 1024);
    let sent = 0;
    let open = true;
    void raw.closed.then(() => {
      open = false;
    });
    // Writes as fast as the server reads, until it closes.
    while (open && sent < 64 * 1024 * 1024) {
      sent += chunk.length;
      if (!raw.socket.write(chunk)) {
        await Promise.race([
          new Promise((resolve) => raw.socket.once('drain', resolve)),
          raw.closed,
        ]);
      }
    }
    await raw.closed;
    expect(raw.received()).toMatch(/^HTTP\/1\.1 413 /);
    // What the kernel buffers on both sides comes on top of what the server read.
    expect(sent).toBeGreaterThan(LINGER_BYTES);
    expect(sent).toBeLessThan(LINGER_BYTES + 24 * 1024 * 1024);
  });

  it('is closed by the server after its linger time when the client stops sending', async () => {
    const raw = rawConnection();
    raw.socket.write(`${head(MAX_BODY_BYTES * 4)}{"domain":"x`);
    await vi.waitFor(() => expect(raw.received()).toMatch(/^HTTP\/1\.1 413 /));
    const answered = Date.now();
    // The server has sent its FIN; it reads (and drops) what still comes until LINGER_MS have
    // passed. Once it has closed, a byte sent is refused with a reset.
    while (!raw.socket.destroyed) {
      raw.socket.write('x');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const lingered = Date.now() - answered;
    expect(lingered).toBeGreaterThanOrEqual(LINGER_MS - 100);
    expect(lingered).toBeLessThan(LINGER_MS + 5000);
  });

  it('and the server stays healthy, with nothing unexpected logged', async () => {
    expect((await api(server, 'GET', '/v1/regions')).status).toBe(200);
    expect(server.warnings).toEqual([]);
  });
});
