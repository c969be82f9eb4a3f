import http from 'node:http';
import https from 'node:https';
import { pipeline, Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { ResponseTooLargeError } from '../core/errors.js';
import { formatByteSize } from '../core/byte-size.js';

// Statuses whose response has no body (fetch's "null body status"); Response refuses one for them.
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

// Kept-alive connections, as fetch keeps them, so `--paginate` and the UI do not pay a new
// connection (and TLS handshake) per request. Node's Agent unrefs an idle socket, so a finished
// command exits at once, and closes it before the server's Keep-Alive timeout hint runs out, so a
// request rarely meets a socket the server is closing (ky retries a GET, PUT or DELETE that does).
// These are the settings of Node's global agent, in agents of our own that nothing else changes.
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true, timeout: 5_000 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 5_000 }),
};

// Flushing every chunk lets a decoded body stream as it arrives, and tolerates a body cut short
// after its last complete block, as undici's fetch does.
const ZLIB_FLUSH = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
const BROTLI_FLUSH = {
  flush: zlib.constants.BROTLI_OPERATION_FLUSH,
  finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
};
const DECODERS: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(ZLIB_FLUSH),
  'x-gzip': () => zlib.createGunzip(ZLIB_FLUSH),
  deflate: () => zlib.createInflate(ZLIB_FLUSH),
  br: () => zlib.createBrotliDecompress(BROTLI_FLUSH),
};

/** What nodeFetch takes beyond fetch's own arguments. */
export interface NodeFetchOptions {
  /**
   * The most bytes a body may have once decoded: past it the body errors with
   * ResponseTooLargeError and the connection is closed, so nothing ever holds more.
   */
  maxResponseBytes?: number;
}

/**
 * The server's answer is not HTTP the parser takes (a bad header, status line or chunk), or has a
 * status no Response can hold. It is the `cause` of nodeFetch's `TypeError('fetch failed')`, or
 * the error of a body cut short by it: the caller tells it from a network failure by its class.
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
 * A `fetch` for ky built on node:http and node:https. Node's global `fetch` (undici) spends
 * 100 ms or more on its first request, which a script calling `api request` in a loop pays
 * every time; node:http has no such cost. (Request, Response and Headers are still undici's
 * classes: ky needs them anyway, and loading them costs far less than that first request.)
 *
 * It keeps the parts of fetch the client relies on: the Request's method, headers and body; the
 * signal (an abort destroys the socket and rejects with the signal's reason); network failures
 * as `TypeError('fetch failed', { cause })` with the system error, code included, as the cause;
 * a streamed body, decoded when the server sent it gzip, deflate or br encoded; no body for
 * HEAD, 204 and 304. Redirects are never followed (the client asks for `redirect: 'manual'`).
 * Connections are kept alive between requests but never hold the process open once it is done.
 */
export async function nodeFetch(
  input: string | URL | Request,
  init?: RequestInit,
  options: NodeFetchOptions = {},
): Promise<Response> {
  // ky passes a ready Request and an init that is usually empty: use the Request as it is.
  const request =
    input instanceof Request && (!init || Object.keys(init).length === 0)
      ? input
      : new Request(input, init);
  const { signal } = request;
  signal.throwIfAborted();
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError('fetch failed', {
      cause: new Error(`unsupported protocol ${url.protocol}`),
    });
  }
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  signal.throwIfAborted();

  const headers: Record<string, string> = Object.fromEntries(request.headers);
  // fetch sends a length for every body, and 0 for a POST or PUT without one.
  if (body) headers['content-length'] = String(body.byteLength);
  else if (request.method === 'POST' || request.method === 'PUT') headers['content-length'] = '0';

  return new Promise<Response>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request({
      agent: AGENTS[url.protocol as keyof typeof AGENTS],
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), // [::1] → ::1; Node adds the brackets back in Host
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method: request.method,
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
      reject(new TypeError('fetch failed', { cause }));
    });
    req.on('response', (res) => {
      response = res;
      res.once('close', release);
      try {
        resolve(toResponse(request, res, options.maxResponseBytes));
      } catch (error) {
        // A status or header that Response cannot hold (a status above 599, say).
        res.destroy();
        const reason = (error as Error).message;
        reject(new TypeError('fetch failed', { cause: new MalformedHttpError(reason) }));
      }
    });
    req.end(body);
  });
}

function toResponse(
  request: Request,
  res: http.IncomingMessage,
  maxBytes: number | undefined,
): Response {
  const status = res.statusCode ?? 0;
  // rawHeaders keeps each occurrence; Headers joins repeats with ", " (set-cookie stays apart).
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    headers.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
  }
  let body: ReadableStream<Uint8Array> | null = null;
  if (request.method === 'HEAD' || NULL_BODY_STATUS.has(status)) {
    res.resume(); // nothing to read, but the message must still finish to free the socket
  } else {
    const decoded = decode(res, headers.get('content-encoding'));
    const limited = maxBytes === undefined ? decoded : limit(decoded, maxBytes, request.url);
    body = Readable.toWeb(limited) as ReadableStream<Uint8Array>;
  }
  const response = new Response(body, { status, statusText: res.statusMessage ?? '', headers });
  // Response has no constructor option for its URL; fetch sets it to the request's.
  Object.defineProperty(response, 'url', { value: request.url });
  return response;
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
  const makers = contentEncoding
    .toLowerCase()
    .split(',')
    .reverse()
    .map((coding) => DECODERS[coding.trim()]);
  if (makers.some((make) => !make)) return res;
  const decoders = makers.map((make) => (make as () => Transform)());
  // pipeline destroys every stage when one fails or the reader cancels; the error itself
  // reaches the reader through the last stage.
  return pipeline([res, ...decoders], () => {}) as unknown as Readable;
}
