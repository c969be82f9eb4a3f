import { createSocket, type Socket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { Domain, RegionList } from '../../src/contract/schemas.js';
import { displayDb } from '../../src/server/db-url.js';
import { api } from '../helpers/api.js';
import { runCli } from '../helpers/cli.js';
import { spawnServe } from '../helpers/serve-process.js';
import { startTestServer, TESTER_KEY } from '../helpers/server.js';
import { sqliteDriverCases } from '../helpers/sqlite.js';
import { onPostgres } from '../helpers/store.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A POST of a domain whose body is still to be written: "Expect: 100-continue" makes the server
 * say when it has the request in hand, so no sleep guesses at it. Resolves then.
 */
async function startAdd(base: string) {
  const url = new URL(base);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    method: 'POST',
    path: '/v1/projects/prj_demo_scale/domains',
    headers: {
      authorization: `Bearer ${TESTER_KEY}`,
      'content-type': 'application/json',
      expect: '100-continue',
    },
  });
  const response = new Promise<{ status: number; body: string; connection?: string }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
        );
      });
      req.on('error', reject);
    },
  );
  req.flushHeaders();
  await new Promise<void>((resolve) => req.once('continue', resolve));
  return { req, response };
}

// Each test has a process (or two) of its own and spends its time waiting on it (a start, a
// shutdown, a deadline of seconds): they run together, each with its test's own `expect`.
describe.concurrent('domainctl serve, as a process', () => {
  // The two that wait seconds on a clock go first: the others' starts use the cores meanwhile.
  it('on SIGTERM a slow upload still running after 3 s gets its answer, and the add is stored', async ({
    expect,
  }) => {
    const serve = await spawnServe(['--port', '0', '--db', ':memory:', '--seed', 'demo']);
    const { req, response } = await startAdd(serve.url);
    req.write('{"domain":');
    serve.child.kill('SIGTERM');
    await serve.waitForStderr(/^SIGTERM: shutting down$/);
    // A slow client, not a wait for something: the rest of the body comes after connections
    // used to be cut (2 s), well within the db timeout (5 s) that running requests now get.
    await delay(3000);
    req.end('"slow-upload.example.com"}');

    const res = await response;
    expect(res.status).toBe(201);
    expect(Domain.parse(JSON.parse(res.body)).domain).toBe('slow-upload.example.com');
    expect(await serve.exited).toEqual({ code: 0, signal: null });
    expect(serve.stdout.at(-1)).toMatch(/ POST \/v1\/projects\/prj_demo_scale\/domains 201 /);
    expect(serve.stderr).toEqual(['SIGTERM: shutting down']);
  });

  it('a request that never ends holds the shutdown for --db-timeout and 2 s, then is cut', async ({
    expect,
  }) => {
    const serve = await spawnServe([
      '--port',
      '0',
      '--db',
      ':memory:',
      '--seed',
      'demo',
      '--db-timeout',
      '1',
    ]);
    const { req, response } = await startAdd(serve.url);
    req.write('{"domain":');
    const signalled = performance.now();
    serve.child.kill('SIGTERM');
    await expect(response).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await serve.exited).toEqual({ code: 0, signal: null });
    // Timers never fire early: the cut came no sooner than the db timeout and the margin.
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(3000);
    expect(serve.stderr).toEqual(['SIGTERM: shutting down']);
  });

  it('prints its address, logs each request, and exits 0 promptly on SIGTERM', async ({
    expect,
  }) => {
    const serve = await spawnServe(['--port', '0', '--db', ':memory:', '--seed', 'demo']);
    try {
      expect(serve.stdout[0]).toBe(serve.startLine);
      expect(serve.startLine).toMatch(/^domainctl serve listening on http:\/\/127\.0\.0\.1:\d+ \(/);
      expect(serve.startLine).toMatch(
        new RegExp(
          `:\\d+ \\(db ${escape(displayDb(serve.db ?? ''))}, seed demo, verifying DNS every 2 s via the demo's DNS at 127\\.0\\.0\\.1:\\d+, which answers for every domain added\\)$`,
        ),
      );
      expect(serve.url).not.toMatch(/:0$/);
      // The demo's DNS answers on the API's port number (UDP), an address one can write down.
      expect(serve.startLine).toContain(`the demo's DNS at 127.0.0.1:${new URL(serve.url).port},`);

      const res = await api(serve, 'GET', '/v1/regions');
      expect(RegionList.parse(res.json).regions).toHaveLength(3);
      const line = await serve.waitForStdout(/ GET \/v1\/regions 200 /);
      expect(line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z GET \/v1\/regions 200 \d+\.\dms$/);

      await api(serve, 'GET', '/v1/projects', { key: TESTER_KEY });
      await serve.waitForStdout(/ GET \/v1\/projects 200 /);
    } finally {
      serve.child.kill('SIGTERM');
    }
    // No fixed wait: the exit event says it stopped; a hung process fails on the test timeout.
    const exit = await serve.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(serve.stderr).toEqual(['SIGTERM: shutting down']);
    expect([...serve.stdout, ...serve.stderr].join('\n')).not.toContain(TESTER_KEY);
  });

  it('--log-file appends the request log to a file (0600) and --quiet drops it; stdout keeps the listening line', async ({
    expect,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'domainctl-serve-log-'));
    try {
      const logFile = join(dir, 'serve.log');
      const filed = await spawnServe(['--port', '0', '--db', ':memory:', '--log-file', logFile]);
      const quiet = await spawnServe(['--port', '0', '--db', ':memory:', '--quiet']);
      for (const serve of [filed, quiet]) {
        expect((await api(serve, 'GET', '/v1/regions')).status).toBe(200);
        serve.child.kill('SIGTERM');
        // The log writes what it holds as the process exits: after the exit, all of it is out.
        expect(await serve.exited).toEqual({ code: 0, signal: null });
        expect(serve.stdout).toEqual([serve.startLine]);
        expect(serve.stderr).toEqual(['SIGTERM: shutting down']);
      }
      expect(readFileSync(logFile, 'utf8')).toMatch(
        /^\d{4}-\d\d-\d\dT[\d:.]+Z GET \/v1\/regions 200 \d+\.\dms\n$/,
      );
      expect(statSync(logFile).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a --log-file that cannot be opened, or with --quiet, exits 2 before it listens', async ({
    expect,
  }) => {
    const missing = join(tmpdir(), 'domainctl-no-such-folder', 'serve.log');
    expect(
      await runCli(['serve', '--port', '0', '--db', ':memory:', '--log-file', missing]),
    ).toEqual({
      stdout: '',
      stderr: `domainctl: cannot open the log file ${missing}: its folder does not exist\n`,
      code: 2,
    });
    expect(await runCli(['serve', '--quiet', '--log-file', missing])).toEqual({
      stdout: '',
      stderr:
        "domainctl: option '--quiet' cannot be used with option '--log-file <path>'\n(run with --help for usage)\n",
      code: 2,
    });
  });

  it('exits 0 on SIGINT too, even with a keep-alive connection open', async ({ expect }) => {
    const serve = await spawnServe(['--port', '0', '--db', ':memory:']);
    // fetch keeps the connection alive; shutting down must not wait for the client to drop it.
    expect((await api(serve, 'GET', '/v1/regions')).status).toBe(200);
    serve.child.kill('SIGINT');
    expect(await serve.exited).toEqual({ code: 0, signal: null });
    expect(serve.stderr).toEqual(['SIGINT: shutting down']);
  });

  it('on SIGTERM lets a running request finish, then closes the database', async ({ expect }) => {
    const dir = mkdtempSync(join(tmpdir(), 'domainctl-shutdown-'));
    const db = join(dir, 'api.db');
    try {
      const serve = await spawnServe(['--port', '0', '--db', db, '--seed', 'demo']);
      const { req, response } = await startAdd(serve.url);
      req.write('{"domain":');
      serve.child.kill('SIGTERM');
      await serve.waitForStderr(/^SIGTERM: shutting down$/);
      req.end('"in-flight.example.com"}');

      const res = await response;
      expect(res.status).toBe(201);
      // The connection is not kept alive: nothing holds the shutdown open after this answer.
      expect(res.connection).toBe('close');
      const added = Domain.parse(JSON.parse(res.body));
      expect(await serve.exited).toEqual({ code: 0, signal: null });
      expect(serve.stdout.at(-1)).toMatch(/ POST \/v1\/projects\/prj_demo_scale\/domains 201 /);

      // Closed cleanly: SQLite folded the WAL back into the file and removed it.
      const wal = `${db}-wal`;
      const walBytes = !onPostgres && existsSync(wal) ? statSync(wal).size : 0;
      expect(walBytes).toBe(0);
      // And the add that was running is stored.
      const again = await startTestServer({ db, seed: undefined });
      try {
        expect((await again.store.listDomains('prj_demo_scale', 1))[0]?.id).toBe(added.id);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on SIGTERM a request whose headers are still arriving is answered, not cut', async ({
    expect,
  }) => {
    const serve = await spawnServe(['--port', '0', '--db', ':memory:', '--seed', 'demo']);
    const url = new URL(serve.url);
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    const ended = new Promise<void>((resolve, reject) => {
      socket.once('end', resolve);
      socket.once('error', reject);
    });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write('GET /v1/regions HTTP/1.1\r\nHost: x\r\n');
    // An answer on another connection, asked after these bytes were sent, comes from a turn of
    // the server's event loop that has read them too: the request is in progress.
    expect((await api(serve, 'GET', '/healthz')).status).toBe(200);
    serve.child.kill('SIGTERM');
    await serve.waitForStderr(/^SIGTERM: shutting down$/);
    socket.write('Accept: application/json\r\n\r\n');
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(await serve.exited).toEqual({ code: 0, signal: null });
  });

  it('without --seed has no demo keys: they are 401', async ({ expect }) => {
    const serve = await spawnServe(['--port', '0', '--db', ':memory:']);
    try {
      expect((await api(serve, 'GET', '/v1/projects', { key: TESTER_KEY })).status).toBe(401);
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
  });
});

const unavailable = (await sqliteDriverCases()).find((c) => c.unavailable !== undefined);

const refusalTitle = unavailable
  ? `DOMAINCTL_SQLITE_DRIVER=${unavailable.driver} exits 1 and says why`
  : 'skipped: both SQLite drivers run here';

// What these check is decided before a store is asked anything, or does not involve one, so they
// run in the sqlite project only; on PostgreSQL they would repeat the same runs:
// - the bad options, the DATABASE_URL that is not postgres:// and the SQLite drivers are refused
//   in this process (runCli), whose clean environment and ":memory:" open SQLite in both
//   projects alike: the postgres project ran these very runs a second time;
// - a port in use: the run refused is one of those too; the process before it only holds the port;
// - the UDP port taken and the warning for 0.0.0.0 are about the addresses it binds and the
//   --host and --seed it is given, which no store changes.
// The ones above are about the process and its store: what it serves, how it shuts the store.
describe.skipIf(onPostgres).concurrent('domainctl serve: options, addresses and drivers', () => {
  it('warns on stderr when it seeds the well-known keys on an address that is not loopback', async ({
    expect,
  }) => {
    const serve = await spawnServe([
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--db',
      ':memory:',
      '--seed',
      'demo',
    ]);
    serve.child.kill('SIGTERM');
    await serve.exited;
    expect(serve.stderr[0]).toMatch(/^warning: seeding the demo data on 0\.0\.0\.0: /);
    expect(serve.stderr.join('\n')).not.toContain(TESTER_KEY);
  });

  // These end before the server starts, so they run in this process (runCli).
  it.for([
    [['--port', 'abc'], /--port.*expected a port number from 0 to 65535/],
    [['--port', '70000'], /expected a port number/],
    [['--seed', 'prod'], /--seed.*demo/],
    [['--jwks-url', 'not a url'], /expected an absolute URL/],
    [['--label', 'Bad_Label'], /expected a lower-case DNS label/],
    [['--edge-domain', 'http://x'], /--edge-domain: domain must be a host name, not a URL/],
    [['--dns-server', 'localhost'], /expected an IP address, optionally with :PORT/],
    [['--verify-interval', 'soon'], /expected a number of seconds/],
    [['--db-pool-size', '0'], /expected a number of connections from 1 to 1000/],
    [['--db-timeout', '0'], /--db-timeout must be above 0/],
    [['--no-such-option'], /unknown option '--no-such-option'/],
  ] as const)(
    'a bad option %j exits 2 with a message on stderr and nothing on stdout',
    async ([args, says], { expect }) => {
      const result = await runCli(['serve', ...args, '--db', ':memory:']);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(says);
      expect(result.stdout).toBe('');
    },
  );

  it('a DATABASE_URL that is not a postgres:// URL exits 2 and says so', async ({ expect }) => {
    expect(
      await runCli(['serve', '--port', '0'], { env: { DATABASE_URL: 'mysql://db/x' } }),
    ).toEqual({
      stdout: '',
      stderr: 'domainctl: DATABASE_URL must be a postgres:// URL (or use --db)\n',
      code: 2,
    });
  });

  it('a port in use exits 1 and says so', async ({ expect }) => {
    const first = await spawnServe(['--port', '0', '--db', ':memory:']);
    try {
      const port = new URL(first.url).port;
      expect(await runCli(['serve', '--port', port, '--db', ':memory:'])).toEqual({
        stdout: '',
        stderr: `domainctl: port ${port} on 127.0.0.1 is already in use\n`,
        code: 1,
      });
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });

  it("says where the demo's DNS answers when the API's port number is taken over UDP", async ({
    expect,
  }) => {
    // A number held over UDP, which the server is asked to listen on over TCP. The number is free
    // over UDP only: a connection of a test running beside this one may hold it over TCP, and
    // the server then rightly refuses it (exit 1, "already in use"); another is drawn then.
    let holder: Socket | undefined;
    let port = 0;
    let serve: Awaited<ReturnType<typeof spawnServe>> | undefined;
    for (let attempt = 1; !serve; attempt++) {
      const udp = createSocket('udp4');
      holder = udp;
      await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
      port = udp.address().port;
      try {
        serve = await spawnServe(['--port', String(port), '--db', ':memory:', '--seed', 'demo']);
      } catch (error) {
        udp.close();
        if (attempt === 5 || !/is already in use/.test(String(error))) throw error;
      }
    }
    try {
      const dns = /the demo's DNS at (127\.0\.0\.1:\d+),/.exec(serve.startLine)?.[1];
      expect(dns).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(dns).not.toBe(`127.0.0.1:${port}`);
      expect(serve.stderr).toEqual([
        `warning: UDP port ${port} is taken, so the demo's DNS answers at ${dns}, not 127.0.0.1:${port}`,
      ]);
      serve.child.kill('SIGTERM');
      expect(await serve.exited).toEqual({ code: 0, signal: null });
    } finally {
      holder?.close();
    }
  });

  it('an unknown DOMAINCTL_SQLITE_DRIVER exits 1 and names the drivers there are', async ({
    expect,
  }) => {
    expect(
      await runCli(['serve', '--port', '0', '--db', ':memory:'], {
        env: { DOMAINCTL_SQLITE_DRIVER: 'postgres' },
      }),
    ).toEqual({
      stdout: '',
      stderr:
        'domainctl: cannot start: DOMAINCTL_SQLITE_DRIVER must be "node" or "better", not "postgres"\n',
      code: 1,
    });
  });

  it.skipIf(!unavailable)(refusalTitle, async ({ expect }) => {
    const { driver, unavailable: why } = unavailable as { driver: string; unavailable: string };
    expect(
      await runCli(['serve', '--port', '0', '--db', ':memory:'], {
        env: { DOMAINCTL_SQLITE_DRIVER: driver },
      }),
    ).toEqual({ stdout: '', stderr: `domainctl: cannot start: ${why}\n`, code: 1 });
  });
});
