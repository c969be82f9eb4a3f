import http from 'node:http';
import https from 'node:https';
import { pipeline, Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';

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
      reject(new TypeError('fetch failed', { cause: error }));
    });
    req.on('response', (res) => {
      response = res;
      res.once('close', release);
      try {
        resolve(toResponse(request, res));
      } catch (error) {
        // A status or header that Response cannot hold (a status above 599, say).
        res.destroy();
        reject(new TypeError('fetch failed', { cause: error }));
      }
    });
    req.end(body);
  });
}

function toResponse(request: Request, res: http.IncomingMessage): Response {
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
    body = Readable.toWeb(decode(res, headers.get('content-encoding')));
  }
  const response = new Response(body, { status, statusText: res.statusMessage ?? '', headers });
  // Response has no constructor option for its URL; fetch sets it to the request's.
  Object.defineProperty(response, 'url', { value: request.url });
  return response;
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
