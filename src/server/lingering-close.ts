import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';

/** How long a closing connection still reads what the client sends, at most. */
export const LINGER_MS = 2000;
/** How much of a request body it reads then, at most, before it closes anyway. */
export const LINGER_BYTES = 16 * 1024 * 1024;

export interface GentleServer extends Server {
  /**
   * From now on no connection is kept alive: answers not yet sent close theirs, and so does
   * every request still to come. For shutting down: otherwise a request that was running holds
   * server.close() open until its client goes away.
   */
  endKeepAlive(): void;
  /** Resolves once no request is running: every answer begun has been sent or abandoned. */
  idle(): Promise<void>;
}

/**
 * An HTTP server whose connections close without losing the answer on them, the way nginx's
 * lingering close and Go's net/http do.
 *
 * A refused upload (413) is answered before its body has arrived, with `Connection: close`, so
 * a keep-alive client sends its next request on a new connection: draining a body of any size
 * to keep one connection alive would make the server read whatever a client chooses to send,
 * and a new connection costs the client one handshake. After such an answer Node ends the
 * socket and destroys it at once; with the rest of the body still arriving, the kernel answers
 * that with a reset, which can discard the 413 before the client has read it.
 *
 * So when Node closes a connection whose request is not complete, the socket is half-closed
 * (the answer and a FIN go out) and the rest of the body is read and dropped until the client
 * closes its side, or LINGER_MS or LINGER_BYTES run out; then it is destroyed. A request the
 * client pipelined behind the body is not run: a server that said "close" must not answer
 * another request on that connection (RFC 9112, section 9.6).
 */
export function createGentleServer(listener: RequestListener): GentleServer {
  const latest = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse }>();
  // Counted once a connection, not once a request: what endKeepAlive() needs to find the
  // answers still to be sent.
  const sockets = new Set<Socket>();
  let ending = false;
  // Requests handed to the listener whose answer has not closed yet, and who waits for none.
  let running = 0;
  let onIdle: (() => void)[] = [];
  const done = () => {
    if (--running > 0) return;
    const waiting = onIdle;
    onIdle = [];
    for (const resolve of waiting) resolve();
  };
  const server = createServer((req, res) => {
    const socket = req.socket;
    const run = () => {
      if (lingering.has(socket) || socket.writableEnded) return;
      if (ending) res.shouldKeepAlive = false;
      latest.set(socket, { req, res });
      running++;
      res.once('close', done);
      listener(req, res);
    };
    // A request pipelined behind another waits for its answer: if that one closes the
    // connection, this one is never run.
    const before = latest.get(socket)?.res;
    if (before && !before.closed) before.once('close', run);
    else run();
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    const destroySoon = socket.destroySoon.bind(socket);
    // Node's HTTP server closes a connection after a "Connection: close" answer this way.
    socket.destroySoon = () => {
      const req = latest.get(socket)?.req;
      if (req && !req.complete) linger(socket, req);
      else destroySoon();
    };
  });
  return Object.assign(server, {
    endKeepAlive() {
      ending = true;
      for (const socket of sockets) {
        const res = latest.get(socket)?.res;
        if (res && !res.headersSent) res.shouldKeepAlive = false;
      }
    },
    idle() {
      return running === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => onIdle.push(resolve));
    },
  });
}

const lingering = new WeakSet<Socket>();

function linger(socket: Socket, req: IncomingMessage): void {
  if (lingering.has(socket) || socket.destroyed) return;
  lingering.add(socket);
  socket.end();
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', close);
  const start = socket.bytesRead;
  // Whoever was reading the body stops reading once its buffer is full, and with it the
  // socket; now nobody will, so it flows and is dropped.
  req.removeAllListeners('data');
  req.on('data', () => {
    if (socket.bytesRead - start > LINGER_BYTES) close();
  });
  req.resume();
}
