import http from 'node:http';
import type Https from 'node:https';
import { pipeline, type Readable, Transform } from 'node:stream';
import type Zlib from 'node:zlib';
import { ResponseTooLargeError } from '../core/errors.js';
import { formatByteSize } from '../core/byte-size.js';

// Statuses whose response has no body (fetch's "null body status").
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

// node:https (with node:tls) and node:zlib are loaded when a request is the first to need them:
// together 3-6 ms of every start, and a UI on a loopback API or a page without content coding
// needs neither.
const httpsModule = () => process.getBuiltinModule('node:https') as typeof Https;
const zlibModule = () => process.getBuiltinModule('node:zlib') as typeof Zlib;

// Kept-alive connections, as fetch keeps them, so `--paginate` and the UI do not pay a new
// connection (and TLS handshake) per request. Node's Agent unrefs an idle socket, so a finished
// command exits at once, and closes it before the server's Keep-Alive timeout hint runs out, so a
// request rarely meets a socket the server is closing (send() retries a GET, PUT or DELETE that
// does). These are the settings of Node's global agent, in agents of our own that nothing else
// changes.
const AGENT_OPTIONS = { keepAlive: true, timeout: 5_000 };
let httpAgent: http.Agent | undefined;
let httpsAgent: Https.Agent | undefined;
const agentFor = (protocol: string) =>
  protocol === 'https:'
    ? (httpsAgent ??= new (httpsModule().Agent)(AGENT_OPTIONS))
    : (httpAgent ??= new http.Agent(AGENT_OPTIONS));

/** The content codings decode() undoes. */
const CODINGS = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

/** A decoder for one of CODINGS. */
function decoder(coding: string): Transform {
  const zlib = zlibModule();
  // Flushing every chunk lets a decoded body stream as it arrives, and tolerates a body cut
  // short after its last complete block, as undici's fetch does.
  const { Z_SYNC_FLUSH, BROTLI_OPERATION_FLUSH } = zlib.constants;
  const flush = { flush: Z_SYNC_FLUSH, finishFlush: Z_SYNC_FLUSH };
  if (coding === 'br') {
    return zlib.createBrotliDecompress({
      flush: BROTLI_OPERATION_FLUSH,
      finishFlush: BROTLI_OPERATION_FLUSH,
    });
  }
  return coding === 'deflate' ? zlib.createInflate(flush) : zlib.createGunzip(flush);
}

/** One request, as send() makes each attempt of it. */
export interface HttpRequest {
  method: string;
  url: URL;
  /** Names in lower case, each once, in the order to send them. */
  headers?: Record<string, string>;
  body?: string;
  /** Aborting it destroys the connection and ends the request (or its body) with its reason. */
  signal?: AbortSignal;
  /**
   * The most bytes a body may have once decoded: past it the body errors with
   * ResponseTooLargeError and the connection is closed, so nothing ever holds more.
   */
  maxResponseBytes?: number;
}

/**
 * The server's answer is not HTTP the parser takes (a bad header, status line or chunk), or has a
 * status outside 200-599. It is the `cause` of httpRequest's `TypeError('fetch failed')`, or the
 * error of a body cut short by it: the caller tells it from a network failure by its class.
 */
export class MalformedHttpError extends Error {
  override readonly name = 'MalformedHttpError';
}

/** Node's HTTP parser's errors (llhttp) carry a code `HPE_…`: the peer broke the protocol. */
const isParseError = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' &&
  (error as { code: string }).code.startsWith('HPE_');

/** The parser's error as a MalformedHttpError: `invalid header token (HPE_INVALID_HEADER_TOKEN)`. */
function malformed(error: Error & { code?: string }): MalformedHttpError {
  const reason = error.message.replace(/^Parse Error: /, '').replace(/^./, (c) => c.toLowerCase());
  return new MalformedHttpError(`${reason} (${error.code})`, { cause: error });
}

/**
 * An answer's headers, read as fetch's Headers reads them: names in lower case, a repeated
 * header's values joined with ", " (set-cookie's kept apart when listed), listed by name.
 */
export class AnswerHeaders {
  readonly #values = new Map<string, string[]>();

  /** From node:http's rawHeaders: name, value, name, value… as they came. */
  constructor(raw: readonly string[] = []) {
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = (raw[i] as string).toLowerCase();
      const values = this.#values.get(name);
      if (values) values.push(raw[i + 1] as string);
      else this.#values.set(name, [raw[i + 1] as string]);
    }
  }

  get(name: string): string | null {
    return this.#values.get(name.toLowerCase())?.join(', ') ?? null;
  }

  getSetCookie(): string[] {
    return [...(this.#values.get('set-cookie') ?? [])];
  }

  /** Each header by name (set-cookie once per cookie), as fetch's Headers lists them. */
  forEach(each: (value: string, name: string) => void): void {
    for (const name of [...this.#values.keys()].sort()) {
      const values = this.#values.get(name) as string[];
      if (name === 'set-cookie') for (const value of values) each(value, name);
      else each(values.join(', '), name);
    }
  }
}

/** An answer whose headers have come; its body is read (or left) by the caller. */
export interface HttpAnswer {
  /** The URL asked for (redirects are never followed). */
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly headers: AnswerHeaders;
  /** The body, decoded and bound to the size limit; null for HEAD, 204, 205 and 304. */
  readonly body: Readable | null;
  /** The whole body as UTF-8 text, as fetch's text() reads it; rejects as the body breaks. */
  text(): Promise<string>;
  /** Reads no more of the body and closes its connection (an answer not wanted). */
  discard(): void;
}

/**
 * One HTTP request over node:http or node:https: what fetch would do for it, without fetch.
 * Node's global fetch (undici) spends 100 ms or more on its first request, and loading its
 * Request, Response and Headers classes alone ~25 ms of every start; node:http has neither cost.
 *
 * It keeps fetch's behaviour where the client relies on it: network failures as
 * `TypeError('fetch failed', { cause })` with the system error, code included, as the cause; the
 * signal (an abort destroys the socket and rejects with the signal's reason); a body decoded when
 * the server sent it gzip, deflate or br encoded; no body for HEAD, 204, 205 and 304; a length for
 * every body, and 0 for a POST or PUT without one. Redirects are never followed. Connections are
 * kept alive between requests but never hold the process open once it is done.
 */
export async function httpRequest(request: HttpRequest): Promise<HttpAnswer> {
  const { method, url, signal } = request;
  signal?.throwIfAborted();
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError('fetch failed', {
      cause: new Error(`unsupported protocol ${url.protocol}`),
    });
  }
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers: Record<string, string> = { ...request.headers };
  if (body) headers['content-length'] = String(body.byteLength);
  else if (method === 'POST' || method === 'PUT') headers['content-length'] = '0';

  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsModule() : http).request({
      agent: agentFor(url.protocol),
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), // [::1] → ::1; Node adds the brackets back in Host
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method,
      headers,
    });
    let response: http.IncomingMessage | undefined;

    // The listener stays until the body is read to its end, so an abort also stops a body that
    // is still streaming.
    const onAbort = () => {
      req.destroy();
      response?.destroy(signal?.reason);
      reject(signal?.reason);
    };
    const release = () => signal?.removeEventListener('abort', onAbort);
    signal?.addEventListener('abort', onAbort, { once: true });

    req.on('error', (error) => {
      release();
      const cause = isParseError(error) ? malformed(error) : error;
      // After the headers, the body is what breaks: its reader gets the reason, not "aborted".
      response?.destroy(cause);
      reject(new TypeError('fetch failed', { cause }));
    });
    req.on('response', (res) => {
      response = res;
      res.once('close', release);
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 599) {
        // fetch's Response cannot hold it either.
        res.destroy();
        const reason = `init["status"] must be in the range of 200 to 599, inclusive.`;
        reject(new TypeError('fetch failed', { cause: new MalformedHttpError(reason) }));
        return;
      }
      resolve(toAnswer(request, res, status));
    });
    req.end(body);
  });
}

function toAnswer(request: HttpRequest, res: http.IncomingMessage, status: number): HttpAnswer {
  const headers = new AnswerHeaders(res.rawHeaders);
  let body: Readable | null = null;
  if (request.method === 'HEAD' || NULL_BODY_STATUS.has(status)) {
    res.resume(); // nothing to read, but the message must still finish to free the socket
  } else {
    const decoded = decode(res, headers.get('content-encoding'));
    const max = request.maxResponseBytes;
    body = max === undefined ? decoded : limit(decoded, max, request.url.href);
  }
  return {
    url: request.url.href,
    status,
    statusText: res.statusMessage ?? '',
    headers,
    body,
    text: () => (body ? readText(body) : Promise.resolve('')),
    // As fetch's body.cancel(): the rest is not read, and the connection goes with it.
    discard: () => {
      if (body && !body.readableEnded) body.destroy();
    },
  };
}

/** Every byte of the body, decoded as fetch's text() decodes (UTF-8, a leading BOM dropped). */
async function readText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * The body, erroring with ResponseTooLargeError as soon as more than `max` bytes have come out of
 * it (decoded: a gzip bomb stops at the limit too). The stages before it are destroyed then, the
 * connection with them, so the server's sending stops as well.
 */
function limit(body: Readable, max: number, url: string): Readable {
  let total = 0;
  const target = (() => {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname}`;
  })();
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.byteLength;
      if (total > max) done(new ResponseTooLargeError(target, max, formatByteSize(max)));
      else done(null, chunk);
    },
  });
  return pipeline([body, counter], () => {}) as unknown as Readable;
}

/** The body with its content codings undone, last applied first; as it came for a coding we do not know. */
function decode(res: http.IncomingMessage, contentEncoding: string | null): Readable {
  if (!contentEncoding) return res;
  const codings = contentEncoding
    .toLowerCase()
    .split(',')
    .reverse()
    .map((coding) => coding.trim());
  if (!codings.every((coding) => CODINGS.has(coding))) return res;
  const decoders = codings.map(decoder);
  // pipeline destroys every stage when one fails or the reader cancels; the error itself
  // reaches the reader through the last stage.
  return pipeline([res, ...decoders], () => {}) as unknown as Readable;
}
