import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import ky, { TimeoutError } from 'ky';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodeFetch } from '../../src/client/node-fetch.js';
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

interface Echoed {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('nodeFetch: the request', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s sends its method, path, headers and body as bytes',
    async (method) => {
      const server = await serve(echo);
      // Not ASCII: the length must count bytes, not characters.
      const body = method === 'GET' ? undefined : `{"note":"héllo ✓ ${method}"}`;
      const headers = new Headers({ 'content-type': 'application/json', 'x-trace': 'abc 123' });
      headers.append('x-multi', 'one');
      headers.append('x-multi', 'two');
      const url = `${server.url}/v1/things/x%20y?q=1&r=a%2Fb`;

      const response = await nodeFetch(url, { method, headers, body });

      expect(response.status).toBe(200);
      expect(response.url).toBe(url);
      const seen = (await response.json()) as Echoed;
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

  it('sends content-length: 0 for a POST without a body, as fetch does', async () => {
    const server = await serve(echo);
    const seen = (await (await nodeFetch(server.url, { method: 'POST' })).json()) as Echoed;
    expect(seen.headers['content-length']).toBe('0');
  });

  it('takes the Request ky builds: a JSON body, ky headers and the search params', async () => {
    const server = await serve(echo);
    const seen = await ky
      .post(`${server.url}/v1/projects`, {
        fetch: nodeFetch,
        json: { name: 'x' },
        headers: { authorization: 'Bearer t' },
        searchParams: { page_size: 5 },
      })
      .json<Echoed>();
    expect(seen).toMatchObject({
      method: 'POST',
      url: '/v1/projects?page_size=5',
      body: '{"name":"x"}',
      headers: {
        authorization: 'Bearer t',
        'content-type': 'application/json',
        accept: 'application/json',
        'content-length': '12',
      },
    });
  });

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
      expect((await (await nodeFetch(server.url)).json()) as Echoed).toMatchObject({ url: '/' });
    }
    expect(connections).toBe(1);
  });
});

describe('nodeFetch: the response', () => {
  it('has the status, status text and headers that fetch gives', async () => {
    const server = await serve((_req, res) => {
      res.statusMessage = 'Made It';
      res.setHeader('content-type', 'text/plain');
      res.setHeader('x-multi', ['a', 'b']);
      res.setHeader('set-cookie', ['one=1; Path=/', 'two=2']);
      res.writeHead(201);
      res.end('created');
    });
    const mine = await nodeFetch(server.url);
    const theirs = await fetch(server.url);
    const headers = (response: Response) =>
      [...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive');

    expect(mine.status).toBe(201);
    expect(mine.statusText).toBe('Made It');
    expect(mine.headers.get('x-multi')).toBe('a, b');
    expect(mine.headers.getSetCookie()).toEqual(['one=1; Path=/', 'two=2']);
    expect(headers(mine)).toEqual(headers(theirs));
    expect(await mine.text()).toBe('created');
    expect(await theirs.text()).toBe('created');
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
    const response = await nodeFetch(server.url, { method });
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
    const response = await nodeFetch(`${server.url}/from`, { redirect: 'manual' });
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
        nodeFetch(server.url, { headers: { 'accept-encoding': coding } }),
        'the response headers',
      );
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();

      const first = await within(5_000, reader.read(), 'the first chunk before the end');
      expect(decoder.decode(first.value)).toBe('first,');
      expect(ended).toBe(false);

      release();
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        rest += decoder.decode(chunk.value, { stream: true });
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
    const response = await nodeFetch(server.url, { headers: { 'accept-encoding': coding } });
    // As with fetch, the header still says how it travelled.
    expect(response.headers.get('content-encoding')).toBe(coding);
    expect(await response.text()).toBe(text);
  });

  it('leaves a body in a coding it does not know as it came', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'x-unknown' });
      res.end('raw bytes');
    });
    expect(await (await nodeFetch(server.url)).text()).toBe('raw bytes');
  });

  it('gives ky a response it can clone for its hooks', async () => {
    const server = await serve(echo);
    const inHook: string[] = [];
    const text = await ky(server.url, {
      fetch: nodeFetch,
      hooks: {
        afterResponse: [
          async (_request, _options, response) => {
            inHook.push(await response.text());
          },
        ],
      },
    }).text();
    expect(JSON.parse(text)).toMatchObject({ method: 'GET', url: '/' });
    expect(inHook).toEqual([text]);
  });
});

describe('nodeFetch: aborts', () => {
  it('destroys the connection at once and rejects with the reason of an AbortSignal.timeout', async () => {
    const silent = await startSilentServer();
    try {
      const error = await within(
        5_000,
        rejection(nodeFetch(silent.url, { signal: AbortSignal.timeout(100) })),
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
      const pending = rejection(nodeFetch(silent.url, { signal: controller.signal }));
      await within(5_000, silent.connected, 'the connection');
      controller.abort(reason);
      expect(await within(5_000, pending, 'the abort')).toBe(reason);

      const plain = new AbortController();
      const second = rejection(nodeFetch(silent.url, { signal: plain.signal }));
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
      expect(await rejection(nodeFetch(silent.url, { signal: AbortSignal.abort(reason) }))).toBe(
        reason,
      );
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
    const response = await nodeFetch(server.url, { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await within(5_000, reader.read(), 'the first chunk');
    const reason = new Error('enough');
    controller.abort(reason);
    expect(await within(5_000, rejection(reader.read()), 'the abort')).toBe(reason);
  });

  it("ends in ky's TimeoutError when ky's timeout runs out, and closes the connection", async () => {
    const silent = await startSilentServer();
    try {
      const error = await within(
        5_000,
        rejection(ky(silent.url, { fetch: nodeFetch, timeout: 200, retry: 0 })),
        "ky's timeout",
      );
      expect(error).toBeInstanceOf(TimeoutError);
      await within(5_000, silent.firstClosed, 'the server seeing the connection close');
    } finally {
      await silent.close();
    }
  });
});

describe('nodeFetch: network errors, as fetch reports them', () => {
  /** The parts of a fetch failure that callers read: TypeError("fetch failed") → cause.code. */
  const shape = (error: unknown) => ({
    type: (error as Error).constructor.name,
    message: (error as Error).message,
    code: ((error as Error).cause as { code?: string } | undefined)?.code,
  });

  it('a refused connection: TypeError with cause.code ECONNREFUSED', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const mine = shape(await rejection(nodeFetch(url)));
    expect(mine).toEqual({ type: 'TypeError', message: 'fetch failed', code: 'ECONNREFUSED' });
    expect(mine).toEqual(shape(await rejection(fetch(url))));
  });

  it('a connection the server drops: TypeError with cause.code ECONNRESET', async () => {
    const server = await serve((req) => req.socket.destroy());
    expect(shape(await rejection(nodeFetch(server.url)))).toEqual({
      type: 'TypeError',
      message: 'fetch failed',
      code: 'ECONNRESET',
    });
  });

  it('ky retries a GET after a dropped connection, and a POST only when told it may', async () => {
    let requests = 0;
    const server = await serve((req, res) => {
      requests += 1;
      if (requests % 2 === 1) {
        req.socket.destroy();
        return;
      }
      res.end('second time');
    });
    const retry = { limit: 2, delay: () => 0 };
    expect(await ky(server.url, { fetch: nodeFetch, retry }).text()).toBe('second time');
    expect(requests).toBe(2);

    // ky's default methods leave POST out, as send() does.
    const error = await rejection(ky.post(server.url, { fetch: nodeFetch, retry }));
    expect(shape(error)).toMatchObject({ code: 'ECONNRESET' });
    expect(requests).toBe(3);
  });
});

describe('nodeFetch: HTTPS', () => {
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

  it('verifies the certificate: a self-signed one fails as fetch fails, with its code', async () => {
    const error = await rejection(nodeFetch(trusted.url));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe('fetch failed');
    const code = ((error as Error).cause as { code?: string }).code;
    expect(code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(((await rejection(fetch(trusted.url))) as Error).cause).toMatchObject({ code });
  });
});
