import http from 'node:http';
import type Https from 'node:https';
import { pipeline, Readable, Transform } from 'node:stream';
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
// request rarely meets a socket the server is closing (ky retries a GET, PUT or DELETE that
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

/**
 * The server's answer is not HTTP the parser takes (a bad header, status line or chunk), or has a
 * status outside 200-599: what the transport rejects with (or a body cut short by it errors
 * with), so that the caller tells it from a network failure by its class.
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

/** The headers of each answer as they came: names in their case, in their order, repeats kept. */
const received = new WeakMap<Response, [string, string][]>();

/**
 * An answer's headers as the server sent them (`-i`): node:http's rawHeaders, which a Response's
 * Headers lower-case, join and sort. Empty for a Response this transport did not make.
 */
export function receivedHeaders(response: Response): [string, string][] {
  return received.get(response) ?? [];
}

/** The node:http message under each answer's body, and the last stage its reader reads. */
const bodies = new WeakMap<Response, { message: http.IncomingMessage; last: Readable }>();

/**
 * Ends the answer's body with the signal's reason as soon as the signal aborts (the connection
 * goes with it). The request's own signal ends the body too, but a Request's signal follows its
 * caller's only through weak references (undici's, and AbortSignal.any's): once the Request is
 * collected, an abort would no longer reach a body still arriving. The caller's deadline holds
 * its own signal, so the body stays bound to it.
 */
export function endBodyWith(response: Response, signal: AbortSignal): void {
  const body = bodies.get(response);
  if (!body || body.last.destroyed) return;
  const onAbort = () => body.message.destroy(signal.reason);
  if (signal.aborted) {
    onAbort();
    return;
  }
  signal.addEventListener('abort', onAbort, { once: true });
  body.last.once('close', () => signal.removeEventListener('abort', onAbort));
}

export interface TransportOptions {
  /**
   * The most bytes a body may have once decoded: past it the body errors with
   * ResponseTooLargeError and the connection is closed, so nothing ever holds more.
   */
  maxResponseBytes?: number;
}

/**
 * A `fetch` for ky over node:http or node:https: it takes the Request ky built and returns a
 * Response whose body is the decoded, size-limited stream. Node's own fetch (undici) spends
 * 100 ms or more on its first request; node:http has no such cost.
 *
 * The request's signal ends it (or its body) at once with the signal's reason, destroying the
 * connection. A body is decoded when the server sent it gzip, deflate or br encoded; HEAD, 204,
 * 205 and 304 have none. Every request body has a length (0 for a POST or PUT without one).
 * Redirects are never followed, so a credential never rides one to another host. Connections are
 * kept alive between requests but never hold the process open once it is done. A failure rejects
 * with Node's own error (its `code` says what happened) or a MalformedHttpError.
 */
export function nodeHttpFetch(
  options: TransportOptions = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    const { signal } = request;
    signal.throwIfAborted();
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`unsupported protocol ${url.protocol}`);
    }
    const method = request.method;
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (body) headers['content-length'] = String(body.byteLength);
    else if (method === 'POST' || method === 'PUT') headers['content-length'] = '0';
    const res = await exchange(url, method, headers, body, signal);
    return toResponse(method, url, res, options.maxResponseBytes);
  };
}

/** Sends the request; resolves once the answer's headers have come. */
function exchange(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
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
      response?.destroy(signal.reason);
      reject(signal.reason);
    };
    const release = () => signal.removeEventListener('abort', onAbort);
    signal.addEventListener('abort', onAbort, { once: true });

    req.on('error', (error) => {
      release();
      const cause = isParseError(error) ? malformed(error) : error;
      // After the headers, the body is what breaks: its reader gets the reason, not "aborted".
      response?.destroy(cause);
      reject(cause);
    });
    req.on('response', (res) => {
      response = res;
      res.once('close', release);
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 599) {
        // A Response cannot hold it.
        res.destroy();
        reject(new MalformedHttpError(`the status ${status} is outside 200-599`));
        return;
      }
      resolve(res);
    });
    req.end(body);
  });
}

function toResponse(
  method: string,
  url: URL,
  res: http.IncomingMessage,
  maxResponseBytes: number | undefined,
): Response {
  const status = res.statusCode as number;
  const raw: [string, string][] = [];
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i] as string;
    const value = res.rawHeaders[i + 1] as string;
    raw.push([name, value]);
    headers.append(name, value);
  }
  let body: ReadableStream | null = null;
  let last: Readable | undefined;
  if (method === 'HEAD' || NULL_BODY_STATUS.has(status)) {
    res.resume(); // nothing to read, but the message must still finish to free the socket
  } else {
    const decoded = decode(res, headers.get('content-encoding'));
    const limited =
      maxResponseBytes === undefined ? decoded : limit(decoded, maxResponseBytes, url);
    // Cancelling the stream (an answer not wanted) destroys the stages, the connection with them.
    body = Readable.toWeb(limited) as ReadableStream;
    last = limited;
  }
  let response: Response;
  try {
    response = new Response(body, { status, statusText: res.statusMessage ?? '', headers });
  } catch (error) {
    // A status text a Response refuses (bytes outside the reason-phrase grammar).
    res.destroy();
    throw new MalformedHttpError(`the status line cannot be read: ${(error as Error).message}`);
  }
  received.set(response, raw);
  if (last) bodies.set(response, { message: res, last });
  return response;
}

/**
 * The body, erroring with ResponseTooLargeError as soon as more than `max` bytes have come out of
 * it (decoded: a gzip bomb stops at the limit too). The stages before it are destroyed then, the
 * connection with them, so the server's sending stops as well.
 */
function limit(body: Readable, max: number, url: URL): Readable {
  let total = 0;
  const target = `${url.origin}${url.pathname}`;
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
