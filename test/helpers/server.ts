import { type RunningServer, type ServerOptions, startServer } from '../../src/server/serve.js';
import { dropDatabase, testDatabase } from './store.js';

export interface TestServer extends RunningServer {
  /** The --db it runs on: a SQLite path or ":memory:", or a postgres:// URL. */
  db: string;
  /** Every request line the server logged, in order: "METHOD /path STATUS". */
  requests: string[];
  /** Every line the server logged, exactly as written (time and duration included). */
  logLines: string[];
  /** Every warning it wrote. */
  warnings: string[];
}

/**
 * A real reference server on a free loopback port with an in-memory database seeded with the
 * demo data. Every client, command and UI test talks to one of these, never to a mock. In the
 * postgres test project, the database is a fresh one in the run's PostgreSQL cluster instead
 * (and a file path names one database there: see test/helpers/store.ts).
 */
export async function startTestServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const requests: string[] = [];
  const logLines: string[] = [];
  const warnings: string[] = [];
  const { db, fresh } = await testDatabase(options.db ?? ':memory:');
  const server = await startServer({
    port: 0,
    seed: 'demo',
    ...options,
    db,
    // Lines are "<time> METHOD /path STATUS 1.2ms"; keep the parts a test can assert on, and
    // pass them on to a log the test gave (as `serve` gives its stdout).
    log: (line) => {
      logLines.push(line);
      requests.push(line.split(' ').slice(1, 4).join(' '));
      options.log?.(line);
    },
    warn: (line) => warnings.push(line),
  }).catch(async (error: unknown) => {
    if (fresh) await dropDatabase(db);
    throw error;
  });
  const close = server.close;
  let closed: Promise<void> | undefined;
  return Object.assign(server, {
    db,
    requests,
    logLines,
    warnings,
    close: () => (closed ??= close().finally(() => (fresh ? dropDatabase(db) : undefined))),
  });
}

export const TESTER_KEY = 'dk_demo_tester';
export const OUTSIDER_KEY = 'dk_demo_outsider';
