import { type RunningServer, type ServerOptions, startServer } from '../../src/server/serve.js';

export interface TestServer extends RunningServer {
  /** Every request line the server logged, in order: "METHOD /path STATUS". */
  requests: string[];
  /** Every line the server logged, exactly as written (time and duration included). */
  logLines: string[];
  /** Every warning it wrote. */
  warnings: string[];
}

/**
 * A real reference server on a free loopback port with an in-memory database seeded with the
 * demo data. Every client, command and UI test talks to one of these, never to a mock.
 */
export async function startTestServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const requests: string[] = [];
  const logLines: string[] = [];
  const warnings: string[] = [];
  const server = await startServer({
    port: 0,
    db: ':memory:',
    seed: 'demo',
    ...options,
    // Lines are "<time> METHOD /path STATUS 1.2ms"; keep the parts a test can assert on.
    log: (line) => {
      logLines.push(line);
      requests.push(line.split(' ').slice(1, 4).join(' '));
    },
    warn: (line) => warnings.push(line),
  });
  return Object.assign(server, { requests, logLines, warnings });
}

export const TESTER_KEY = 'dk_demo_tester';
export const OUTSIDER_KEY = 'dk_demo_outsider';
