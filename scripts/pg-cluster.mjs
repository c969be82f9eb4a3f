// A throw-away PostgreSQL cluster for the tests and the bench: initdb in a temporary directory,
// a postmaster on a free loopback port, trust authentication, gone again at destroy(). It needs
// PostgreSQL's server binaries (Debian's `postgresql` package; .ci/run installs it).
//
// initdb and postgres refuse to run as root, and CI runs as root: there they run as the
// `postgres` user the Debian package creates (through runuser), and the directory is handed to
// that user. Run as anyone else, they run as that user.
import { spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const INSTALL_HINT =
  'the server tests run a real PostgreSQL: install it with `apt-get install -y postgresql` (Debian/Ubuntu; .ci/run does this)';

/** The directory of initdb, pg_ctl and postgres: the newest under /usr/lib/postgresql, else PATH. */
export function findPgBinDir() {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = config.status === 0 ? config.stdout.trim() : '';
  if (dir && existsSync(join(dir, 'initdb'))) return dir;
  throw new Error(`PostgreSQL's initdb is not installed: ${INSTALL_HINT}`);
}

/** How to run a server binary: as the `postgres` user when we are root. */
function runner() {
  if (process.getuid?.() !== 0) return { prefix: [], owner: undefined };
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  if (uid.status !== 0) {
    throw new Error(
      `initdb refuses to run as root and there is no "postgres" user to run it as: ${INSTALL_HINT}`,
    );
  }
  return {
    prefix: ['runuser', '-u', 'postgres', '--'],
    owner: { uid: Number(uid.stdout), gid: Number(id('-g').stdout) },
  };
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

/**
 * Starts a new cluster and resolves once it accepts connections. `settings` are extra
 * `-c name=value` server settings. The cluster trades durability for speed (fsync off): it lives
 * as long as one test run, and the tests kill `serve`, never PostgreSQL itself.
 */
export async function startPgCluster(settings = {}) {
  const bin = findPgBinDir();
  const { prefix, owner } = runner();
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const run = (tool, args) => {
    const [command, ...rest] = [...prefix, join(bin, tool), ...args];
    const result = spawnSync(command, rest, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) {
      const logText = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
      throw new Error(
        `${tool} failed (${result.status ?? result.signal}): ${result.stderr}${result.stdout}${logText}`,
      );
    }
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const server = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    fsync: 'off',
    full_page_writes: 'off',
    max_connections: '300',
    ...settings,
  };
  let port = 0;
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      log,
      '-w',
      '-t',
      '60',
      '-o',
      [`-p ${port}`, ...Object.entries(server).map(([k, v]) => `-c ${k}=${v}`)].join(' '),
      'start',
    ]);
  // Another process may take the port between freePort() and the bind: try another one.
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      start();
      break;
    } catch (error) {
      if (attempt >= 4 || !/could not bind|Address already in use/.test(String(error))) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const url = (database) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    dir,
    /** The address of one database of the cluster. */
    url,
    /** Creates an empty database (from template0: nothing else can be connected to it). */
    async createDatabase(name = `t_${Math.random().toString(36).slice(2, 12)}`) {
      const admin = postgres(url('postgres'), { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE template0`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    /** Stops the postmaster (fast: connections are cut, as when a database server goes down). */
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    /** Starts it again on the same port. */
    start,
    /**
     * The statements the server runs in `database`, from now on. Needs a cluster started with
     * `{ log_statement: 'all', log_line_prefix: '%d/' }`: each statement is written to the log
     * before it runs, so those of a request are all there once its answer has arrived.
     */
    statementLog(database) {
      let offset = statSync(log).size;
      const prefix = `${database}/`;
      return {
        /** The statements since the last call (or since the log was opened), in order. */
        take() {
          const bytes = readFileSync(log);
          const lines = bytes.subarray(offset).toString('utf8').split('\n');
          offset = bytes.length;
          const statements = [];
          let ours = false;
          for (const line of lines) {
            // A statement's text goes on over the lines that follow, tab-indented.
            if (line.startsWith('\t')) {
              if (ours) statements[statements.length - 1] += `\n${line.trim()}`;
              continue;
            }
            const found = line.startsWith(prefix)
              ? /LOG: {2}(?:statement|execute [^:]*): (.*)$/.exec(line)
              : null;
            ours = found !== null;
            if (found) statements.push(found[1]);
          }
          return statements;
        },
      };
    },
    /** Stops it at once and removes every file. */
    destroy() {
      try {
        if (existsSync(join(data, 'postmaster.pid')))
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// `node scripts/pg-cluster.mjs`: starts one, times it, and removes it (a check of the setup).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const cluster = await startPgCluster();
  const up = performance.now();
  const db = await cluster.createDatabase();
  const created = performance.now();
  console.log(
    `cluster on port ${cluster.port}: initdb+start ${(up - started).toFixed(0)} ms, CREATE DATABASE ${(created - up).toFixed(0)} ms (${db.replace(/\/[^/]*$/, '/…')})`,
  );
  cluster.destroy();
}
