import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodeHttpFetch, receivedHeaders } from '../../src/client/http-transport.js';
import { closedPort, type Listening, listen, startSilentServer } from '../helpers/raw-server.js';
import { selfSignedCert } from '../helpers/tls.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const open: Listening[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

async function serve(handler: Handler): Promise<Listening> {
  const server = await listen(createServer(handler));
  open.push(server);
  return server;
}

/** The promise, or a failure naming what did not happen by the deadline: a hang fails fast. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** What a promise rejected with; fails the test if it resolved. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the promise resolved');
}

/** Answers with what it received: method, URL, headers (raw, in order) and the body. */
const echo: Handler = (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }),
    );
  });
};

interface Ask {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  maxResponseBytes?: number;
}

/** A request to `url` through the transport, as ky hands it one: a GET unless `more` says otherwise. */
const ask = (url: string, more: Ask = {}) => {
  const { maxResponseBytes, ...init } = more;
  return nodeHttpFetch({ maxResponseBytes })(new Request(url, { method: 'GET', ...init }));
};

const json = async (answer: Response) => JSON.parse(await answer.text()) as unknown;

/** The next chunk of a body as text. */
const chunkText = (chunk: IteratorResult<Uint8Array>) =>
  chunk.done ? '' : Buffer.from(chunk.value).toString('utf8');

/** The headers as a list, in the order they are listed. */
function listed(headers: { forEach(each: (value: string, name: string) => void): void }) {
  const list: [string, string][] = [];
  headers.forEach((value, name) => list.push([name, value]));
  return list;
}

interface Echoed {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('nodeHttpFetch: the request', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s sends its method, path, headers and body as bytes',
    async (method) => {
      const server = await serve(echo);
      // Not ASCII: the length must count bytes, not characters.
      const body = method === 'GET' ? undefined : `{"note":"héllo ✓ ${method}"}`;
      const headers = {
        'content-type': 'application/json',
        'x-multi': 'one, two',
        'x-trace': 'abc 123',
      };
      const url = `${server.url}/v1/things/x%20y?q=1&r=a%2Fb`;

      const response = await ask(url, { method, headers, body });

      expect(response.status).toBe(200);
      const seen = (await json(response)) as Echoed;
      expect(seen).toMatchObject({ method, url: '/v1/things/x%20y?q=1&r=a%2Fb', body: body ?? '' });
      expect(seen.headers).toMatchObject({
        host: `127.0.0.1:${server.port}`,
        'content-type': 'application/json',
        'x-trace': 'abc 123',
        'x-multi': 'one, two',
      });
      expect(seen.headers['content-length']).toBe(
        body === undefined ? undefined : String(Buffer.byteLength(body)),
      );
      expect(seen.headers['transfer-encoding']).toBeUndefined();
      // Nothing asks for a compressed answer unless the caller does.
      expect(seen.headers['accept-encoding']).toBeUndefined();
    },
  );

  it.each(['POST', 'PUT'])(
    'sends content-length: 0 for a %s without a body, as fetch does',
    async (method) => {
      const server = await serve(echo);
      const seen = (await json(await ask(server.url, { method }))) as Echoed;
      expect(seen.headers['content-length']).toBe('0');
    },
  );

  it('keeps the connection alive for the next request', async () => {
    let connections = 0;
    const httpServer = createServer(echo);
    httpServer.on('connection', () => {
      connections += 1;
    });
    const server = await listen(httpServer);
    open.push(server);
    for (let i = 0; i < 3; i += 1) {
      // A body read to its end gives the connection back.
      expect(await json(await ask(server.url))).toMatchObject({ url: '/' });
    }
    expect(connections).toBe(1);
  });
});

describe('nodeHttpFetch: the answer', () => {
  it('has the status, status text and headers that fetch gives', async () => {
    const server = await serve((_req, res) => {
      res.statusMessage = 'Made It';
      res.setHeader('content-type', 'text/plain');
      res.setHeader('x-multi', ['a', 'b']);
      res.setHeader('set-cookie', ['one=1; Path=/', 'two=2']);
      res.writeHead(201);
      res.end('created');
    });
    const mine = await ask(server.url);
    const theirs = await fetch(server.url);
    const headers = (list: [string, string][]) =>
      list.filter(([name]) => name !== 'date' && name !== 'keep-alive');

    expect(mine.status).toBe(201);
    expect(mine.statusText).toBe('Made It');
    expect(mine.headers.get('x-multi')).toBe('a, b');
    expect(mine.headers.getSetCookie()).toEqual(['one=1; Path=/', 'two=2']);
    expect(headers(listed(mine.headers))).toEqual(headers(listed(theirs.headers)));
    expect(mine.headers.get('Content-Type')).toBe(theirs.headers.get('Content-Type'));
    expect(await mine.text()).toBe('created');
    expect(await theirs.text()).toBe('created');
  });

  it('keeps the headers as they came for -i: their case, their order, repeats apart', async () => {
    const server = await serve((req) => {
      // Raw, so that nothing on the server's side lower-cases or groups them.
      req.socket.write(
        'HTTP/1.1 200 OK\r\nX-Zeta: 1\r\nContent-Type: text/plain\r\nx-Multi: a\r\n' +
          'X-MULTI: b\r\nContent-Length: 2\r\n\r\nok',
      );
    });
    const response = await ask(server.url);
    expect(receivedHeaders(response)).toEqual([
      ['X-Zeta', '1'],
      ['Content-Type', 'text/plain'],
      ['x-Multi', 'a'],
      ['X-MULTI', 'b'],
      ['Content-Length', '2'],
    ]);
    expect(listed(response.headers)).toEqual([
      ['content-length', '2'],
      ['content-type', 'text/plain'],
      ['x-multi', 'a, b'],
      ['x-zeta', '1'],
    ]);
    expect(await response.text()).toBe('ok');
  });

  it.each([
    ['204', 'GET', 204],
    ['304', 'GET', 304],
    ['a HEAD', 'HEAD', 200],
  ])('has a null body for %s', async (_name, method, status) => {
    const server = await serve((_req, res) => {
      res.writeHead(status, { 'content-type': 'text/plain', 'content-length': '5' });
      res.end(method === 'HEAD' || status !== 200 ? undefined : 'hello');
    });
    const response = await ask(server.url, { method });
    expect(response.status).toBe(status);
    expect(response.body).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('returns a redirect as it is and never follows it', async () => {
    const seen: string[] = [];
    const server = await serve((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(req.url === '/from' ? 302 : 200, { location: '/to' });
      res.end();
    });
    const response = await ask(`${server.url}/from`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/to');
    expect(seen).toEqual(['/from']);
  });

  it.each(['identity', 'gzip'])(
    'streams a %s body: the first chunk is readable while the server is still sending',
    async (coding) => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let ended = false;
      const server = await serve((_req, res) => {
        // No content-length: a chunked answer whose end waits for the test.
        if (coding === 'gzip') {
          res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
          const gzip = zlib.createGzip();
          gzip.pipe(res);
          gzip.write('first,');
          gzip.flush();
          void released.then(() => gzip.end('second', () => (ended = true)));
        } else {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('first,');
          void released.then(() => res.end('second', () => (ended = true)));
        }
      });
      const response = await within(
        5_000,
        ask(server.url, { headers: { 'accept-encoding': coding } }),
        'the response headers',
      );
      const chunks = (response.body as ReadableStream<Uint8Array>)[Symbol.asyncIterator]();

      const first = await within(5_000, chunks.next(), 'the first chunk before the end');
      expect(chunkText(first)).toBe('first,');
      expect(ended).toBe(false);

      release();
      let rest = '';
      for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) {
        rest += chunkText(chunk);
      }
      expect(rest).toBe('second');
    },
  );

  it.each([
    ['gzip', (body: Buffer) => zlib.gzipSync(body)],
    ['deflate', (body: Buffer) => zlib.deflateSync(body)],
    ['br', (body: Buffer) => zlib.brotliCompressSync(body)],
    ['deflate, gzip', (body: Buffer) => zlib.gzipSync(zlib.deflateSync(body))],
  ])('decodes a %s body the caller asked for', async (coding, encode) => {
    const text = JSON.stringify({ regions: Array(50).fill('eu-west') });
    const server = await serve((req, res) => {
      if (req.headers['accept-encoding']) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding });
        res.end(encode(Buffer.from(text)));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(text);
      }
    });
    const response = await ask(server.url, { headers: { 'accept-encoding': coding } });
    // As with fetch, the header still says how it travelled.
    expect(response.headers.get('content-encoding')).toBe(coding);
    expect(await response.text()).toBe(text);
  });

  it('leaves a body in a coding it does not know as it came', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'x-unknown' });
      res.end('raw bytes');
    });
    expect(await (await ask(server.url)).text()).toBe('raw bytes');
  });

  it('reads text as fetch does: UTF-8, a byte-order mark dropped, a broken sequence replaced', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('héllo ✓ '),
      Buffer.from([0xff]),
    ]);
    const server = await serve((_req, res) => res.end(bytes));
    const mine = await (await ask(server.url)).text();
    expect(mine).toBe('héllo ✓ \ufffd');
    expect(mine).toBe(await (await fetch(server.url)).text());
  });

  it('closes the connection of an answer it discards', async () => {
    let closed: Promise<string> | undefined;
    const server = await serve((req, res) => {
      closed = new Promise((resolve) => req.socket.once('close', () => resolve('closed')));
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.write('busy'); // and nothing more
    });
    const response = await ask(server.url);
    await response.body?.cancel();
    expect(await within(5_000, closed as Promise<string>, 'the server seeing it close')).toBe(
      'closed',
    );
  });
});

describe('nodeHttpFetch: aborts', () => {
  it('destroys the connection at once and rejects with the reason of an AbortSignal.timeout', async () => {
    const silent = await startSilentServer();
    try {
      const error = await within(
        5_000,
        rejection(ask(silent.url, { signal: AbortSignal.timeout(100) })),
        'the abort',
      );
      expect(error).toBeInstanceOf(DOMException);
      expect((error as DOMException).name).toBe('TimeoutError');
      await within(5_000, silent.firstClosed, 'the server seeing the connection close');
    } finally {
      await silent.close();
    }
  });

  it('rejects with the reason given to abort(), or an AbortError without one', async () => {
    const silent = await startSilentServer();
    try {
      const controller = new AbortController();
      const reason = new Error('stopped by the caller');
      const pending = rejection(ask(silent.url, { signal: controller.signal }));
      await within(5_000, silent.connected, 'the connection');
      controller.abort(reason);
      expect(await within(5_000, pending, 'the abort')).toBe(reason);

      const plain = new AbortController();
      const second = rejection(ask(silent.url, { signal: plain.signal }));
      plain.abort();
      const error = await within(5_000, second, 'the abort');
      expect(error).toBeInstanceOf(DOMException);
      expect((error as DOMException).name).toBe('AbortError');
    } finally {
      await silent.close();
    }
  });

  it('never connects with a signal that is already aborted', async () => {
    const silent = await startSilentServer();
    try {
      const reason = new Error('too late');
      expect(await rejection(ask(silent.url, { signal: AbortSignal.abort(reason) }))).toBe(reason);
      expect(silent.connections()).toBe(0);
    } finally {
      await silent.close();
    }
  });

  it('stops a body that is still streaming', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first,'); // and nothing more
    });
    const controller = new AbortController();
    const response = await ask(server.url, { signal: controller.signal });
    const chunks = (response.body as ReadableStream<Uint8Array>)[Symbol.asyncIterator]();
    await within(5_000, chunks.next(), 'the first chunk');
    const reason = new Error('enough');
    controller.abort(reason);
    expect(await within(5_000, rejection(chunks.next()), 'the abort')).toBe(reason);
  });
});

describe('nodeHttpFetch: network errors, with their system code', () => {
  const codeOf = (error: unknown) => (error as { code?: string }).code;

  it('a refused connection: ECONNREFUSED', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    expect(codeOf(await rejection(ask(url)))).toBe('ECONNREFUSED');
  });

  it('a connection the server drops: ECONNRESET', async () => {
    const server = await serve((req) => req.socket.destroy());
    expect(codeOf(await rejection(ask(server.url)))).toBe('ECONNRESET');
  });
});

describe('nodeHttpFetch: HTTPS', { tags: ['openssl'] }, () => {
  let dir: string;
  let trusted: Listening;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'domainctl-tls-'));
    const cert = selfSignedCert(dir, 'loopback', 'IP:127.0.0.1');
    trusted = await listen(
      createHttpsServer({ cert: cert.cert, key: cert.key }, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      }),
    );
  });
  afterAll(async () => {
    await trusted.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('verifies the certificate: a self-signed one fails with its code, as fetch fails', async () => {
    const error = await rejection(ask(trusted.url));
    const code = (error as { code?: string }).code;
    expect(code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(((await rejection(fetch(trusted.url))) as Error).cause).toMatchObject({ code });
  });
});
