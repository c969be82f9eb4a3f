import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerMetrics } from './metrics.js';
import { METRICS_PATH } from './request-metrics.js';

export interface MetricsServer {
  /** Where the metrics are, e.g. http://127.0.0.1:9464/metrics */
  url: string;
  close(): Promise<void>;
}

/**
 * GET /metrics on a port of its own (`--metrics-port`), so that a firewall or a load balancer
 * can keep it from the API's clients; nothing else is served there.
 */
export async function listenMetrics(
  metrics: ServerMetrics,
  host: string,
  port: number,
): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').replace(/\?.*$/, '');
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, text }) => res.writeHead(200, { 'Content-Type': contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`the metrics port ${port} on ${host}: ${error.code ?? error.message}`)),
    );
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${bound}${METRICS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
