// A rolling restart behind HAProxy, measured: two `domainctl serve` instances on one PostgreSQL
// database behind examples/haproxy.cfg (health checks on /readyz), a bounded load of GETs and
// POSTs of new host names through HAProxy, and meanwhile one instance after the other gets
// SIGTERM, exits, and is started again on its port. What comes back is what an operator would
// count: requests that failed (any answer but the 200 or 201 asked for, any error or timeout)
// and acknowledged POSTs missing from the database afterwards. The test
// (test/server/rolling-restart.test.ts) wants both at 0; `npm run bench` prints them.
//
// It needs HAProxy (Debian's `haproxy`; .ci/run installs it) and a PostgreSQL database.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const autocannon = createRequire(import.meta.url)('autocannon');

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The HAProxy configuration docs/server.md shows and this run uses, as it is committed. */
export const HAPROXY_CONFIG = join(root, 'examples', 'haproxy.cfg');

const KEY = 'dk_demo_tester';
const PROJECT = 'prj_demo_scale';
const HOST_SUFFIX = '.rolling.example';

/** HAProxy's binary: on PATH or in /usr/sbin; a clear error if it is not installed. */
export function findHaproxy() {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    if (dir && existsSync(join(dir, 'haproxy'))) return join(dir, 'haproxy');
  }
  throw new Error(
    'HAProxy is not installed: the rolling-restart test and figure run it; install it with `apt-get install -y haproxy` (Debian/Ubuntu; .ci/run does this)',
  );
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when `probe` returns true, polling every 50 ms; fails after `ms` with `what`. */
async function until(what, ms, probe) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts a process and resolves once a line of its stdout matches `ready`. */
function startProcess(command, args, options, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => (err = (err + chunk).slice(-4000)));
    child.stdout.setEncoding('utf8');
    const onOut = (chunk) => {
      out = (out + chunk).slice(-4000);
      if (ready && ready.test(out)) {
        child.stdout.off('data', onOut);
        child.stdout.resume();
        resolve(child);
      }
    };
    child.stdout.on('data', onOut);
    if (!ready) resolve(child);
    child.on('error', reject);
    const exited = new Promise((done) =>
      child.once('exit', (code, signal) => done({ code, signal })),
    );
    child.exited = exited;
    child.stderrTail = () => err;
    void exited.then(({ code, signal }) =>
      reject(new Error(`${command} ${args.join(' ')} exited (${code ?? signal}): ${out}${err}`)),
    );
  });
}

/** `show stat` on HAProxy's socket: each server of the backend and its state (UP, DOWN, …). */
function serverStates(socketPath) {
  return new Promise((resolve) => {
    const socket = createConnection(socketPath);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write('show stat\n'));
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', () => resolve({}));
    socket.on('close', () => {
      const [header, ...rows] = text.split('\n').filter(Boolean);
      const columns = (header ?? '').replace(/^# /, '').split(',');
      const at = (name) => columns.indexOf(name);
      const states = {};
      for (const row of rows) {
        const cells = row.split(',');
        if (cells[at('pxname')] === 'domainctl' && cells[at('svname')] !== 'BACKEND')
          states[cells[at('svname')]] = cells[at('status')];
      }
      resolve(states);
    });
  });
}

/**
 * Runs the rolling restart. `node` and `bin` start `domainctl serve`; `db` is a postgres:// URL
 * (seeded with the demo data here, once). The load runs at `rate` requests a second over
 * `connections` connections, half GETs of a page, half POSTs of a new host name each.
 */
export async function rollingRestart({
  node = process.execPath,
  bin = join(root, 'bin', 'domainctl.js'),
  db,
  env = process.env,
  connections = 8,
  rate = 400,
  drainGrace = 2,
  config = HAPROXY_CONFIG,
  note = () => {},
}) {
  const haproxy = findHaproxy();
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-rolling-'));
  const ports = { a: await freePort(), b: await freePort() };
  const front = await freePort();
  const socketPath = join(dir, 'haproxy.sock');
  const processes = new Set();
  const serve = async (name) => {
    const child = await startProcess(
      node,
      // No verifier (the demo seed would start one with its own DNS): the figure is about HTTP.
      [bin, 'serve', '--port', String(ports[name]), '--db', db, '--seed', 'demo'].concat(
        ['--drain-grace', String(drainGrace)],
        ['--verify-interval', '0'],
      ),
      { env },
      /listening on http:\/\//,
    );
    processes.add(child);
    return child;
  };
  const servers = {};
  let load;
  try {
    // One after the other: the first seeds the database, the second finds it seeded.
    servers.a = await serve('a');
    servers.b = await serve('b');
    const proxy = await startProcess(
      haproxy,
      ['-f', config, '-db'],
      {
        env: {
          ...env,
          HAPROXY_BIND: `127.0.0.1:${front}`,
          HAPROXY_STATS_SOCKET: socketPath,
          DOMAINCTL_A: `127.0.0.1:${ports.a}`,
          DOMAINCTL_B: `127.0.0.1:${ports.b}`,
        },
      },
      undefined,
    );
    processes.add(proxy);
    const upAre = async (...names) => {
      const states = await serverStates(socketPath);
      return names.every((name) => states[name] === 'UP');
    };
    await until('HAProxy to see both instances up', 15_000, () => upAre('a', 'b'));

    // The load, until the roll is over: every answer counted, every acknowledged add kept.
    const statuses = {};
    const acknowledged = [];
    let errors = 0;
    let next = 0;
    const run = `${Date.now().toString(36)}`;
    load = autocannon({
      url: `http://127.0.0.1:${front}`,
      connections,
      overallRate: rate,
      duration: 3600,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      requests: [
        { method: 'GET', path: `/v1/projects/${PROJECT}/domains?page_size=20` },
        {
          method: 'POST',
          path: `/v1/projects/${PROJECT}/domains`,
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ domain: `r${run}-${next++}${HOST_SUFFIX}` }),
          }),
          onResponse: (status, body) => {
            if (status === 201) acknowledged.push(JSON.parse(body).domain);
          },
        },
      ],
    });
    load.on('response', (_client, status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
    load.on('reqError', () => errors++);
    const finished = new Promise((resolve) => load.on('done', resolve));
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));

    // How each instance stopped: a drain that ends in a crash or a signal is no clean restart.
    const stopped = [];
    for (const name of ['a', 'b']) {
      note(`rolling restart: SIGTERM to instance ${name}`);
      const old = servers[name];
      old.kill('SIGTERM');
      const { code, signal } = await old.exited;
      stopped.push({ instance: name, code, signal, stderr: old.stderrTail() });
      processes.delete(old);
      servers[name] = await serve(name);
      await until(`HAProxy to see instance ${name} up again`, 15_000, () => upAre(name));
      note(`rolling restart: instance ${name} is back`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    load.stop();
    const result = await finished;
    load = undefined;
    const seconds = (performance.now() - started) / 1000;

    // Every acknowledged add is in the database, whichever instance took it.
    const sql = postgres(db, { max: 1, onnotice: () => {} });
    let stored;
    try {
      stored = new Set(
        (await sql`SELECT domain FROM domains WHERE domain LIKE ${`%${HOST_SUFFIX}`}`).map(
          (r) => r.domain,
        ),
      );
    } finally {
      await sql.end();
    }
    const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
    const ok = (statuses[200] ?? 0) + (statuses[201] ?? 0);
    return {
      seconds,
      requests,
      statuses,
      failed: requests - ok + errors + result.timeouts,
      errors,
      timeouts: result.timeouts,
      acknowledged: acknowledged.length,
      // Every 201 counted above must be among the adds read back: a difference would mean
      // answers the check below never saw.
      unread: (statuses[201] ?? 0) - acknowledged.length,
      missing: acknowledged.filter((domain) => !stored.has(domain)),
      stopped,
    };
  } finally {
    load?.stop();
    // SIGINT: the roll is over and nothing is counted now, so no instance waits out its
    // --drain-grace (SIGTERM's) to exit. HAProxy stops at once on either.
    for (const child of processes) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    }
    await Promise.all([...processes].map((child) => child.exited));
    rmSync(dir, { recursive: true, force: true });
  }
}
