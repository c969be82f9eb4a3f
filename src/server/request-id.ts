import type { IncomingMessage } from 'node:http';
import { randomToken } from './ids.js';
import { redactCredentials } from './redact.js';

/** The header a request id comes in, and goes back out in. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

// What load balancers and tracing tools send: UUIDs, hex, base64 and dotted or colon-joined
// ids, up to 128 characters. Anything else (a control character, a space, a 4 KB blob) is the
// client's and not ours to write into a log.
const WELL_FORMED = /^[A-Za-z0-9._~:+/=-]{1,128}$/;

/** What the Node adapter passes along with a request (Hono's `c.env`); app.request() passes none. */
type Env = { incoming?: IncomingMessage; requestId?: string } | undefined;

/** The client's X-Request-Id from Node's raw headers: no Headers object is built for it. */
function sentId(request: Request, env: Env): string | null {
  const raw = env?.incoming?.rawHeaders;
  if (!raw) return request.headers.get(REQUEST_ID_HEADER);
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 12 && name.toLowerCase() === 'x-request-id') return raw[i + 1] as string;
  }
  return null;
}

/**
 * The request ids of one app: the client's X-Request-Id when it is well-formed and not shaped
 * like a credential (the log's redaction says which), otherwise a new one: this app's random
 * prefix and a counter, unique without a random draw a request. Asked again for the same
 * request, it gives the same id: the answer carries it and the log line names it.
 */
export class RequestIds {
  private readonly prefix = `${randomToken(12)}-`;
  private count = 0;
  // Requests without a Node adapter's env (app.request() in tests) keep theirs here.
  private readonly ids = new WeakMap<Request, string>();

  of(request: Request, env: unknown): string {
    const e = env as Env;
    let id = e ? e.requestId : this.ids.get(request);
    if (id === undefined) {
      const sent = sentId(request, e);
      id =
        sent !== null && WELL_FORMED.test(sent) && redactCredentials(sent) === sent
          ? sent
          : this.prefix + (++this.count).toString(36);
      if (e) e.requestId = id;
      else this.ids.set(request, id);
    }
    return id;
  }
}
