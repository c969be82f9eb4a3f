import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as HttpsServer } from 'node:https';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on a free loopback port; close() drops every open connection, kept-alive ones too. */
export async function listen(server: Server | HttpsServer): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const scheme = server instanceof HttpsServer ? 'https' : 'http';
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawServer {
  url: string;
  /** Every request received, in order. */
  requests: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/**
 * A plain node:http server whose answers a test scripts itself, for what the reference server
 * never does: a 503 then a 200, a text body, an empty body.
 */
export async function startRawServer(
  handle: (req: IncomingMessage, res: ServerResponse, index: number) => void,
): Promise<RawServer> {
  const requests: RawServer['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => handle(req, res, requests.length - 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SilentServer {
  url: string;
  /** How many connections it has accepted. */
  connections(): number;
  /** Resolves when it has accepted its first connection. */
  connected: Promise<void>;
  /** Resolves when the client side of its first connection has closed it. */
  firstClosed: Promise<void>;
  close(): Promise<void>;
}

/** A TCP server that accepts connections and never answers: every request to it times out. */
export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  let onConnected = () => {};
  let onFirstClosed = () => {};
  const connected = new Promise<void>((resolve) => {
    onConnected = resolve;
  });
  const firstClosed = new Promise<void>((resolve) => {
    onFirstClosed = resolve;
  });
  let closing = false;
  const server = createTcpServer((socket) => {
    accepted += 1;
    if (accepted === 1) {
      onConnected();
      socket.on('close', () => {
        if (!closing) onFirstClosed();
      });
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => accepted,
    connected,
    firstClosed,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port that was bound and released: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface BytesServer {
  url: string;
  /** The request lines received (`GET /v1/regions HTTP/1.1`), in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A TCP server that answers every request with exactly these bytes, then closes the connection:
 * for answers no HTTP library would write (a header with a space in its name, a broken chunk).
 */
export async function startBytesServer(answer: string): Promise<BytesServer> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      requests.push(received.slice(0, received.indexOf('\r\n')));
      received = '';
      socket.end(answer, 'latin1');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
