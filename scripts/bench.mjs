#!/usr/bin/env node
// npm run bench: measures domainctl against floors on the same machine, in one run, on each Node
// line asked for, and prints each figure as a ratio to its floor. Every figure and its floor run
// on the same node binary: the machine's own (Node 20 here) and the pinned builds of
// scripts/node-dist.mjs (Node 24 by default).
//
//   npm run bench                        every figure on Node 20 and Node 24
//   npm run bench -- --node 24           only on these lines (comma-separated)
//   npm run bench -- --only server,deep  only the figures whose group or id has one of these
//   npm run bench -- --runs 40           runs per start-up figure (default 25)
//   npm run bench -- --seconds 10        seconds per measured load run (default 5)
//   npm run bench -- --markdown          the table as markdown, for the README
//   npm run bench -- --json              the results as JSON as well
//
// Start-up figures are medians of interleaved runs (ours and the floor alternate, so drift hits
// both). Server figures come from autocannon in this process (16 connections, a 1 s warm-up,
// then the measured run) against the server under test in a child process; each has its own
// floor, a node:http server in a child process of the same node binary sending the same status,
// content type and body, measured in two halves just before and just after it.
//
// The machine's NODE_EXTRA_CA_CERTS (if set) is removed from every child's environment: it adds
// the same ~130 ms to every Node start, ours and the floors', and would only blur the ratios.
//
// Progress goes to stderr, the table to stdout. The exit code is 1 only when a figure could not
// be measured (a missed goal is a result, not a failure), 2 for a usage error.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LINES, nodeBinary } from './node-dist.mjs';
import { measureScaleOut, scaleOutNotes, scaleOutRows } from './bench/scale-out.mjs';

const autocannon = createRequire(import.meta.url)('autocannon');

const USAGE = `usage: npm run bench -- [--node 20,24] [--only TEXT,…] [--runs N] [--seconds S] [--markdown] [--json]

  --only TEXT,…  the figures whose group or id has one of these texts: start-up (version, api
                 request, UI first frame, npm start), server (page, store), deep pages, memory, scale-out`;

let opts;
try {
  ({ values: opts } = parseArgs({
    options: {
      node: { type: 'string', default: '20,24' },
      runs: { type: 'string', default: '25' },
      seconds: { type: 'string', default: '5' },
      json: { type: 'boolean', default: false },
      markdown: { type: 'boolean', default: false },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (error) {
  console.error(`bench: ${error.message}\n${USAGE}`);
  process.exit(2);
}
if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}
const RUNS = Number(opts.runs);
const LOAD_SECONDS = Number(opts.seconds);
const CONNECTIONS = 16;
const WARMUP_SECONDS = 1;
const ONLY = opts.only?.split(',').filter(Boolean);
const OWN_LINE = process.versions.node.split('.')[0];
const LINE_NAMES = opts.node.split(',').filter(Boolean);
for (const line of LINE_NAMES) {
  if (line !== OWN_LINE && !(line in LINES)) {
    console.error(
      `bench: Node ${line}: this node is ${OWN_LINE}, and the pinned lines are ${Object.keys(LINES).join(', ')}\n${USAGE}`,
    );
    process.exit(2);
  }
}
if (!(RUNS >= 1) || !(LOAD_SECONDS >= 1)) {
  console.error(`bench: --runs and --seconds take a number of at least 1\n${USAGE}`);
  process.exit(2);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'domainctl.js');
const work = mkdtempSync(join(tmpdir(), 'domainctl-bench-'));
const KEY = 'dk_demo_tester';
const AUTH = { authorization: `Bearer ${KEY}` };
const PAGE_PATH = '/v1/projects/prj_demo_scale/domains?page_size=20';
const DEEP_PROJECT = 'prj_demo_enterprise';
const DEEP_COUNT = 5000;

const env = { ...process.env, NO_COLOR: '1' };
delete env.NODE_EXTRA_CA_CERTS;
delete env.CI;
env.DOMAINCTL_CONFIG_DIR = join(work, 'config');
// Node's compile cache (Node >= 22) in a folder of the bench's own: what is measured is a second
// start, as a user's every start after the first, never the leftovers of this machine's runs.
env.XDG_CACHE_HOME = join(work, 'cache');

const note = (line) => process.stderr.write(`${line}\n`);
const shellQuote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

// ---------------------------------------------------------------- the figures

const goal = {
  atMost: (x, stretch = false) => ({
    text: `<= ${x}x${stretch ? ' (stretch)' : ''}`,
    met: (ratio) => ratio <= x,
  }),
  atLeast: (x) => ({ text: `>= ${x}x`, met: (ratio) => ratio >= x }),
  reported: { text: 'reported', met: undefined },
};

/**
 * The rows of the table, in its order. --only matches the group (the figures measured together)
 * or the id; the groups are also the names in the progress lines.
 */
const ROWS = [
  {
    id: 'version',
    group: 'start-up --version',
    label: '`domainctl --version` vs `node -e 0`',
    goal: goal.atMost(1.5),
  },
  {
    id: 'api-fetch',
    group: 'start-up api request',
    label: '`api request GET /v1/regions` vs a bare script doing it with `fetch`',
    goal: goal.atMost(1.3),
  },
  {
    id: 'api-http',
    group: 'start-up api request',
    label: 'the same vs a bare script doing it with `node:http`',
    goal: goal.atMost(1.5, true),
  },
  {
    id: 'ui',
    group: 'start-up UI first frame',
    label: 'UI: first frame with domain rows vs `node -e 0`, both in a pty',
    goal: goal.atMost(4),
  },
  {
    id: 'npm-start',
    group: 'start-up npm start',
    label:
      '`npm start` (dist/ current): first frame vs `node bin/domainctl.js demo`, both in a pty',
    goal: goal.atMost(1.5),
  },
  {
    id: 'server',
    group: 'server page',
    label: 'server `GET …/domains` (page of 20), SQLite in memory, vs static server',
    goal: goal.atLeast(0.5),
  },
  {
    id: 'store-file',
    group: 'server store',
    label: 'the same on SQLite in a file',
    goal: goal.reported,
  },
  {
    id: 'store-pg',
    group: 'server store',
    label: 'the same, 1 instance on PostgreSQL',
    goal: goal.reported,
  },
  {
    id: 'store-pg2',
    group: 'server store',
    label: 'the same, 2 instances on one PostgreSQL, the connections spread over both',
    goal: goal.reported,
  },
  {
    id: 'deep',
    group: 'deep pages',
    label: `last page vs first page of ${DEEP_COUNT.toLocaleString('en-US')} domains (page_size 100)`,
    goal: goal.atMost(1.5),
  },
  {
    id: 'rss-ui',
    group: 'memory UI',
    label: 'peak RSS of the UI showing 100 rows vs `node -e 0`',
    goal: goal.reported,
  },
  {
    id: 'rss-api',
    group: 'memory api request',
    label: 'peak RSS of `api request` (a page of domains) vs `node -e 0`',
    goal: goal.reported,
  },
];
// PostgreSQL against SQLite, two instances against one, statements, a rolling restart.
ROWS.push(...scaleOutRows(goal));

const wanted = (row) =>
  !ONLY || ONLY.some((text) => row.group.includes(text) || row.id.includes(text));
const wantedGroup = (group) => ROWS.some((row) => row.group === group && wanted(row));
if (!ROWS.some(wanted)) {
  console.error(`bench: --only ${opts.only}: no figure has that in its group or id\n${USAGE}`);
  rmSync(work, { recursive: true, force: true });
  process.exit(2);
}

// ---------------------------------------------------------------- helpers

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

function timeOnce(cmd, args) {
  const start = performance.now();
  const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/** Median wall time of each command, runs interleaved round by round after 3 warm-ups. */
function timeInterleaved(commands) {
  const times = commands.map(() => []);
  for (let round = -3; round < RUNS; round++) {
    commands.forEach(([cmd, args], i) => {
      const ms = timeOnce(cmd, args);
      if (round >= 0) times[i].push(ms);
    });
  }
  return times.map(median);
}

/**
 * Time from spawn until the output (through a pseudo-terminal from `script`, so Ink sees a real
 * terminal) contains `marker`; the process is then killed. The commands alternate round by
 * round, as in timeInterleaved. `marker` '' means until the command exits.
 */
async function timeToOutputInterleaved(commands) {
  const times = commands.map(() => []);
  for (let round = -2; round < RUNS; round++) {
    for (const [i, [command, marker]] of commands.entries()) {
      const ms = await timeToOutput(command, marker);
      if (round >= 0) times[i].push(ms);
    }
  }
  return times.map(median);
}

function timeToOutput(command, marker) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('script', ['-qec', `stty cols 100 rows 40; ${command}`, '/dev/null'], {
      env: { ...env, TERM: 'xterm-256color' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no "${marker}" within 20 s from: ${command}\n${out.slice(-2000)}`));
    }, 20_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (marker && out.includes(marker)) {
        const elapsed = performance.now() - start;
        clearTimeout(timer);
        child.kill('SIGKILL');
        resolve(elapsed);
      }
    });
    child.on('exit', () => {
      if (!marker) {
        clearTimeout(timer);
        resolve(performance.now() - start);
      }
    });
  });
}

/** A module for --import that writes the process's peak RSS (KiB) to `file` as it exits. */
function rssHook(file) {
  const hook = join(work, `rss-hook-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(
    hook,
    `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS)));`,
  );
  return hook;
}

/** Peak resident memory (MiB) of a Node command, read from the process itself as it exits. */
function peakRss(node, args) {
  const file = join(work, `rss-${Math.random().toString(36).slice(2)}`);
  spawnSync(node, ['--import', rssHook(file), ...args], { env, stdio: 'ignore' });
  return Number(readFileSync(file, 'utf8')) / 1024;
}

/** Peak RSS (MiB) of the UI: run in a 112-row pty until `marker` shows, then quit with q. */
function uiPeakRss(node, flags, marker) {
  const file = join(work, `rss-ui-${Math.random().toString(36).slice(2)}`);
  const hook = rssHook(file);
  return new Promise((resolvePeak, reject) => {
    const command = `stty cols 120 rows 112; env -u CI ${shellQuote(node)} --import ${shellQuote(hook)} ${shellQuote(bin)} ${flags}`;
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...env, TERM: 'xterm-256color' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let quitting = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the UI showed no ${marker} within 20 s`));
    }, 20_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!quitting && marker.test(out)) {
        quitting = true;
        child.stdin.write('q');
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      try {
        resolvePeak(Number(readFileSync(file, 'utf8')) / 1024);
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** The servers running, to end on Ctrl+C. */
const children = new Set();

/** Starts `node args…` and resolves with its address once it prints one matching `pattern`. */
function startChild(node, args, pattern = /listening on (http:\/\/\S+)/) {
  return new Promise((resolve, reject) => {
    // stderr is kept (its end) for the error message: shutting down says so there.
    const child = spawn(node, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.on('exit', () => children.delete(child));
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => (err = (err + chunk).slice(-4000)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = pattern.exec(out);
      if (m) {
        // The request log goes on being read, and dropped.
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolve({ child, url: m[1] });
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${out}${err}`)));
  });
}

/** Ends a child and waits until it is gone. */
function stopChild({ child }) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

function get(agent, url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    request(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

function post(agent, url, body, headers) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** CPU seconds a process has used so far (Linux /proc; undefined elsewhere). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** CPU seconds all cores have been busy so far, from /proc/stat (undefined elsewhere). */
function machineBusySeconds() {
  try {
    // user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return undefined;
  }
}

/**
 * The load generator, the one place it lives: autocannon with 16 connections, in this process,
 * against servers in child processes. `urls` may be a list: autocannon spreads the connections
 * over it in turn, as a load balancer would over two instances.
 */
async function autocannonRun(urls, headers, seconds, onResponse) {
  const instance = autocannon({ url: urls, headers, connections: CONNECTIONS, duration: seconds });
  if (onResponse) instance.on('response', onResponse);
  const result = await instance;
  const bad = result.errors + result.timeouts + result.non2xx;
  if (bad > 0) {
    throw new Error(
      `${urls}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} answers not 2xx`,
    );
  }
  return result;
}

/** A target of the load: its addresses, headers and server processes (for their CPU time). */
const target = (urls, headers, pids) => ({ urls, headers, pids, parts: [] });

/** A short run first: JIT, caches and the servers' first connections. */
const warmUp = (t) => autocannonRun(t.urls, t.headers, WARMUP_SECONDS);

/** One measured part of `seconds`, kept in `t.parts`. */
async function measurePart(t, seconds) {
  const times = [];
  const serverCpu = t.pids.map(cpuSeconds);
  const machineBusy = machineBusySeconds();
  const ownCpu = process.cpuUsage();
  const started = performance.now();
  const result = await autocannonRun(t.urls, t.headers, seconds, (_c, _s, _b, ms) =>
    times.push(ms),
  );
  const elapsed = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownCpu);
  t.parts.push({
    requests: result.requests.total,
    seconds: elapsed,
    times,
    serverCpu: t.pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - serverCpu[i], 0),
    generatorCpu: (own.user + own.system) / 1e6,
    machineCpu: machineBusySeconds() - machineBusy,
  });
}

/**
 * Requests/s and p99 over the measured parts of a target. p99 comes from every response's time
 * as autocannon measured it (its own histogram keeps whole milliseconds). The CPU figures are
 * in cores (1 = one core busy all the time) while it was measured.
 */
function summarise(t) {
  const sum = (key) => t.parts.reduce((total, part) => total + part[key], 0);
  const seconds = sum('seconds');
  const times = t.parts.flatMap((part) => part.times).sort((a, b) => a - b);
  const serverCpu = sum('serverCpu');
  const machineCpu = sum('machineCpu');
  return {
    rps: sum('requests') / seconds,
    p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))],
    serverCpu: Number.isNaN(serverCpu) ? undefined : serverCpu / seconds,
    generatorCpu: sum('generatorCpu') / seconds,
    // All cores together: the two above, the kernel's loopback work and any other process.
    machineCpu: Number.isNaN(machineCpu) ? undefined : machineCpu / seconds,
  };
}

// The floor of the server figures: node:http answering every request with the status, content
// type and body that the server under test sent.
const STATIC_SERVER = join(work, 'static.mjs');
writeFileSync(
  STATIC_SERVER,
  `import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const [file, status, type] = process.argv.slice(2);
const body = readFileSync(file);
const server = createServer((req, res) => {
  res.writeHead(Number(status), { 'content-type': type, 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`,
);

/**
 * A static server that answers as `sample` (a response of the server under test) did, started
 * with `node`, and checked: it must send the same status, content type and body.
 */
async function startStaticServer(node, sample) {
  const file = join(work, `body-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, sample.body);
  const type = sample.headers['content-type'];
  const server = await startChild(node, [STATIC_SERVER, file, String(sample.status), type]);
  const agent = new Agent();
  try {
    const echo = await get(agent, `${server.url}/`);
    if (
      echo.status !== sample.status ||
      echo.headers['content-type'] !== type ||
      !echo.body.equals(sample.body)
    ) {
      throw new Error('the static server does not answer as the server under test does');
    }
  } catch (error) {
    await stopChild(server);
    throw error;
  } finally {
    agent.destroy();
  }
  return server;
}

/**
 * One server figure: the page of 20 from `instances` (one or more servers on one store), and
 * around it the static floor sending that page, both through the same generator.
 */
async function serverFigure(line, instances) {
  const agent = new Agent();
  let sample;
  try {
    sample = await get(agent, `${instances[0].url}${PAGE_PATH}`, AUTH);
  } finally {
    agent.destroy();
  }
  if (sample.status !== 200) throw new Error(`the page answered ${sample.status}`);
  const floorServer = await startStaticServer(line.node, sample);
  const floorTarget = target(`${floorServer.url}/`, {}, [floorServer.child.pid]);
  const oursTarget = target(
    instances.map((s) => `${s.url}${PAGE_PATH}`),
    AUTH,
    instances.map((s) => s.child.pid),
  );
  try {
    // The floor in two halves, before and after ours: a load on the machine that rises or falls
    // during the figure weighs on both alike.
    await warmUp(floorTarget);
    await measurePart(floorTarget, LOAD_SECONDS / 2);
    await warmUp(oursTarget);
    await measurePart(oursTarget, LOAD_SECONDS);
    await measurePart(floorTarget, LOAD_SECONDS / 2);
  } finally {
    await stopChild(floorServer);
  }
  const floor = summarise(floorTarget);
  const ours = summarise(oursTarget);
  return { unit: 'rps', ours: ours.rps, floor: floor.rps, load: { ours, floor } };
}

// ---------------------------------------------------------------- one Node line

/** Results by line name, then by row id: a measurement, `{ skipped }` or `{ failed }`. */
const results = {};
const lines = [];

let pgCluster;
/** The PostgreSQL cluster of the run, started on first use; undefined if none is installed. */
async function postgresCluster() {
  if (pgCluster === undefined) {
    const { findPgBinDir, startPgCluster } = await import('./pg-cluster.mjs');
    try {
      findPgBinDir();
    } catch {
      pgCluster = null;
      return undefined;
    }
    note('starting a throw-away PostgreSQL cluster ...');
    pgCluster = await startPgCluster();
  }
  return pgCluster ?? undefined;
}

async function measureLine(line) {
  const out = (results[line.name] = {});
  const put = (id, measurement) => {
    const row = ROWS.find((r) => r.id === id);
    if (row && wanted(row)) out[id] = measurement;
  };
  /** Runs one group of figures; a failure is reported in the table instead of ending the run. */
  const group = async (name, measure) => {
    if (!wantedGroup(name)) return;
    note(`[${line.label}] ${name} ...`);
    try {
      await measure();
    } catch (error) {
      const failed = String(error.message ?? error).split('\n')[0];
      note(`[${line.label}] ${name}: FAILED: ${error.stack ?? error}`);
      for (const row of ROWS.filter((r) => r.group === name)) {
        if (!out[row.id]) put(row.id, { failed });
      }
    }
  };
  const ms = (ours, floor) => ({ unit: 'ms', ours, floor });
  const mib = (ours, floor) => ({ unit: 'MiB', ours, floor });
  const node = line.node;

  note(`[${line.label}] starting the reference server (in memory, demo seed) ...`);
  const server = await startChild(node, [
    bin,
    'serve',
    '--port',
    '0',
    '--db',
    ':memory:',
    '--seed',
    'demo',
    // The demo's verifier (every 2 s, through its own DNS) is not what these figures measure.
    '--verify-interval',
    '0',
  ]);
  const base = server.url;
  let agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const freshAgent = () => {
    // Sockets left idle by what ran before may have been closed by the server (5 s keep-alive).
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: 16 });
  };
  let deepAdded = false;
  const addDeepDomains = async () => {
    if (deepAdded) return;
    note(`[${line.label}] adding ${DEEP_COUNT} domains to ${DEEP_PROJECT} through the API ...`);
    freshAgent();
    for (let i = 0; i < DEEP_COUNT; i += 16) {
      const batch = [];
      for (let j = i; j < Math.min(i + 16, DEEP_COUNT); j++) {
        batch.push(
          post(
            agent,
            `${base}/v1/projects/${DEEP_PROJECT}/domains`,
            { domain: `d${j}.bench.example` },
            AUTH,
          ),
        );
      }
      const statuses = await Promise.all(batch);
      if (statuses.some((s) => s !== 201)) throw new Error(`adding domains answered ${statuses}`);
    }
    deepAdded = true;
  };

  try {
    await group('start-up --version', async () => {
      const [ours, floor] = timeInterleaved([
        [node, [bin, '--version']],
        [node, ['-e', '0']],
      ]);
      put('version', ms(ours, floor));
    });

    await group('start-up api request', async () => {
      const fetchScript = join(work, 'fetch.mjs');
      writeFileSync(
        fetchScript,
        `const res = await fetch(process.argv[2] + '/v1/regions');
console.log(JSON.stringify(await res.json(), null, 2));
`,
      );
      const httpScript = join(work, 'http.mjs');
      writeFileSync(
        httpScript,
        `import { get } from 'node:http';
get(process.argv[2] + '/v1/regions', (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (c) => (body += c));
  res.on('end', () => console.log(JSON.stringify(JSON.parse(body), null, 2)));
});
`,
      );
      const [ours, viaFetch, viaHttp] = timeInterleaved([
        [node, [bin, 'api', 'request', 'GET', '/v1/regions', '--base-url', base]],
        [node, [fetchScript, base]],
        [node, [httpScript, base]],
      ]);
      put('api-fetch', ms(ours, viaFetch));
      put('api-http', ms(ours, viaHttp));
    });

    // The UI's first meaningful frame is the domain table with its first row.
    await group('start-up UI first frame', async () => {
      const flags = `--base-url ${base} --token ${KEY} --project prj_demo_scale`;
      const ui = `env -u CI ${shellQuote(node)} ${shellQuote(bin)} ${flags}`;
      // The timed runs are killed at their first frame; one run that quits with q first, as a
      // user's earlier session did, leaves the compile cache those starts would find.
      await uiPeakRss(node, flags, /www\.acme-shop\.com/);
      const [ours, floor] = await timeToOutputInterleaved([
        [ui, 'www.acme-shop.com'],
        [`${shellQuote(node)} -e 0`, ''],
      ]);
      put('ui', ms(ours, floor));
    });

    // A clone's `npm start` once dist/ is built: npm, the staleness check of scripts/build.mjs,
    // then the same demo. The line's node first on PATH, so npm and the bin both run on it.
    await group('start-up npm start', async () => {
      const path = `PATH=${shellQuote(dirname(node))}:"$PATH"`;
      const demo = `env -u CI ${shellQuote(node)} ${shellQuote(bin)} demo`;
      const start = `cd ${shellQuote(root)} && env -u CI ${path} npm start --silent`;
      const [ours, floor] = await timeToOutputInterleaved([
        [start, 'Demo Scale'],
        [demo, 'Demo Scale'],
      ]);
      put('npm-start', ms(ours, floor));
    });

    await group('server page', async () => {
      put('server', await serverFigure(line, [server]));
    });

    // The same page through the same generator with the store as the variable: SQLite in a
    // file, one instance on PostgreSQL, two on one PostgreSQL database with the connections
    // spread over both. Each against its own static floor, measured around it.
    await group('server store', async () => {
      const file = await startChild(node, [
        bin,
        'serve',
        '--port',
        '0',
        '--db',
        join(work, `store-${line.name}.db`),
        '--seed',
        'demo',
        '--verify-interval',
        '0',
      ]);
      try {
        put('store-file', await serverFigure(line, [file]));
      } finally {
        await stopChild(file);
      }
      const cluster = await postgresCluster();
      if (!cluster) {
        for (const id of ['store-pg', 'store-pg2']) put(id, { skipped: 'skipped (no PostgreSQL)' });
        return;
      }
      const db = await cluster.createDatabase();
      const instances = [];
      try {
        for (let i = 0; i < 2; i++) {
          instances.push(
            await startChild(node, [
              ...[bin, 'serve', '--port', '0', '--db', db, '--seed', 'demo'],
              ...['--verify-interval', '0'],
            ]),
          );
        }
        put('store-pg', await serverFigure(line, instances.slice(0, 1)));
        put('store-pg2', await serverFigure(line, instances));
      } finally {
        await Promise.all(instances.map(stopChild));
      }
    });

    await group('scale-out', async () =>
      measureScaleOut({
        node,
        bin,
        env,
        seconds: LOAD_SECONDS,
        cluster: await postgresCluster(),
        tools: { startChild, stopChild, target, warmUp, measurePart, summarise },
        note: (text) => note(`[${line.label}] ${text}`),
        put,
      }),
    );

    await group('deep pages', async () => {
      await addDeepDomains();
      freshAgent();
      const listUrl = `${base}/v1/projects/${DEEP_PROJECT}/domains?page_size=100`;
      let token = '';
      let lastToken;
      do {
        const page = JSON.parse(
          (await get(agent, token ? `${listUrl}&page_token=${token}` : listUrl, AUTH)).body,
        );
        lastToken = token;
        token = page.next_page_token;
      } while (token);
      // The server keeps pages until the database changes; a write (a database created in
      // another project) before each timed request makes every one of them run the keyset query.
      let n = 0;
      const timePage = async (url) => {
        const times = [];
        for (let i = 0; i < 200; i++) {
          await post(
            agent,
            `${base}/v1/projects/prj_demo_free/databases`,
            { name: `bench-${n++}` },
            AUTH,
          );
          times.push((await get(agent, url, AUTH)).ms);
        }
        return median(times.slice(20));
      };
      const first = await timePage(listUrl);
      const last = await timePage(`${listUrl}&page_token=${lastToken}`);
      put('deep', ms(last, first));
    });

    await group('memory UI', async () => {
      await addDeepDomains();
      // A terminal tall enough for a page of 100 rows (the UI sizes pages to the terminal).
      const floor = peakRss(node, ['-e', '0']);
      const ui = await uiPeakRss(
        node,
        `--base-url ${base} --token ${KEY} --project ${DEEP_PROJECT}`,
        /d\d+\.bench\.example/,
      );
      put('rss-ui', mib(ui, floor));
    });

    await group('memory api request', async () => {
      const floor = peakRss(node, ['-e', '0']);
      const api = peakRss(node, [
        bin,
        'api',
        'request',
        'GET',
        '/v1/projects/prj_demo_scale/domains',
        '--base-url',
        base,
        '--token',
        KEY,
      ]);
      put('rss-api', mib(api, floor));
    });
  } finally {
    agent.destroy();
    await stopChild(server);
  }
}

// ---------------------------------------------------------------- run

// Ctrl+C ends the servers, PostgreSQL (pg_ctl detaches it) and the working folder too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    try {
      pgCluster?.destroy();
    } finally {
      rmSync(work, { recursive: true, force: true });
      process.exit(130);
    }
  });
}

const loadAtStart = loadavg();
let broken = false;
try {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the build failed');
  for (const name of LINE_NAMES) {
    const node = name === OWN_LINE ? process.execPath : await nodeBinary(name, { env, log: note });
    const version = spawnSync(node, ['--version'], { env, encoding: 'utf8' }).stdout.trim();
    const line = { name, node, version, label: `node ${version}` };
    lines.push(line);
    await measureLine(line);
  }
} catch (error) {
  note(`bench: ${error.stack ?? error}`);
  broken = true;
} finally {
  try {
    pgCluster?.destroy();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
const loadAtEnd = loadavg();

// ---------------------------------------------------------------- report

const thousands = (n) => Math.round(n).toLocaleString('en-US');
const msText = (v) => `${v < 10 ? v.toFixed(2) : v.toFixed(0)} ms`;
function cell(m, which) {
  if (m.cells) return m.cells[which];
  if (m.unit === 'ms') return msText(m[which]);
  if (m.unit === 'MiB') return `${m[which].toFixed(0)} MiB`;
  return `${thousands(m[which])}/s (p99 ${m.load[which].p99.toFixed(1)} ms)`;
}
const ratioOf = (m) => m.ours / m.floor;
const ratioText = (r) => (r < 10 ? `${r.toFixed(2)}x` : `${r.toFixed(1)}x`);

const shown = ROWS.filter((row) => lines.some((line) => results[line.name]?.[row.id]));
const header = [
  'figure',
  ...lines.flatMap((line) => [`${line.label}: domainctl`, 'floor', 'ratio']),
  'goal',
];
const table = shown.map((row) => {
  const cells = [row.label];
  const verdicts = [];
  for (const line of lines) {
    const m = results[line.name]?.[row.id];
    if (!m) cells.push('not run', '', '');
    else if (m.skipped) cells.push(m.skipped, '', '');
    else if (m.failed) cells.push('FAILED', '', '');
    else {
      const ratio = ratioOf(m);
      cells.push(cell(m, 'ours'), cell(m, 'floor'), m.unit === 'count' ? '' : ratioText(ratio));
      if (row.goal.met) verdicts.push([line.name, row.goal.met(ratio, m) ? 'met' : 'missed']);
    }
  }
  let goalText = row.goal.text;
  if (verdicts.length > 0) {
    const same = verdicts.every(([, v]) => v === verdicts[0][1]);
    goalText += same
      ? `, ${verdicts[0][1]}`
      : `: ${verdicts.map(([name, v]) => `${v} on ${name}`).join(', ')}`;
  }
  cells.push(goalText);
  return cells;
});

const cores = availableParallelism();
const loadText = (l) => l.map((x) => x.toFixed(2)).join(' ');
const caption =
  `${lines.map((l) => l.label).join(' and ')} on ${cores} cores; ` +
  `load average ${loadText(loadAtStart)} at the start, ${loadText(loadAtEnd)} at the end; ` +
  `start-up figures: median of ${RUNS} interleaved runs; server figures: autocannon, ` +
  `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${LOAD_SECONDS} s, requests/s (p99 latency)`;

console.log('');
if (opts.markdown) {
  console.log(`${caption}\n`);
  const mdRow = (cells) => `| ${cells.join(' | ')} |`;
  console.log(mdRow(header));
  console.log(mdRow(header.map(() => '---')));
  for (const cells of table) console.log(mdRow(cells));
} else {
  console.log(`${caption}\n`);
  const all = [header, ...table];
  const widths = header.map((_, i) => Math.max(...all.map((cells) => cells[i].length)));
  for (const cells of all) {
    console.log(
      cells
        .map((text, i) => text.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
  }
}

// Whether the generator kept the floor busy: how much of a core the static server and autocannon
// each used while the floor was measured, and how busy the machine's cores were altogether
// (those two, the kernel's loopback work and any other process on the machine).
const floorLoads = lines.flatMap((line) =>
  Object.entries(results[line.name] ?? {})
    // Only figures against the static floor (scale-out's compare stores with each other).
    .filter(([id, m]) => m.unit === 'rps' && ROWS.find((r) => r.id === id)?.group !== 'scale-out')
    .map(([, m]) => ({ line, ...m.load.floor })),
);
if (floorLoads.length > 0) {
  console.log('');
  const range = (xs) => {
    const pct = xs.filter((x) => x !== undefined).map((x) => Math.round(x * 100));
    if (pct.length === 0) return 'unknown';
    const [low, high] = [Math.min(...pct), Math.max(...pct)];
    return low === high ? `${low}%` : `${low}-${high}%`;
  };
  for (const line of lines) {
    const runs = floorLoads.filter((f) => f.line === line);
    if (runs.length === 0) continue;
    console.log(
      `${line.label}, static floor runs, share of one core: static server ${range(runs.map((f) => f.serverCpu))}, ` +
        `autocannon ${range(runs.map((f) => f.generatorCpu))}, all ${cores} cores together ${range(runs.map((f) => f.machineCpu))}`,
    );
    // And the headline's own side: a serve at a full core is the limit of its figure.
    const page = results[line.name]?.server?.load?.ours;
    if (page) {
      console.log(
        `${line.label}, page of 20 in memory, share of one core: serve ${range([page.serverCpu])}, ` +
          `autocannon ${range([page.generatorCpu])}, all ${cores} cores together ${range([page.machineCpu])}`,
      );
    }
  }
}

for (const line of lines) {
  for (const text of scaleOutNotes(line.label, results[line.name])) console.log(`\n${text}`);
}

const failures = lines.flatMap((line) =>
  ROWS.filter((row) => results[line.name]?.[row.id]?.failed).map(
    (row) => `${line.label}, ${row.label}: FAILED: ${results[line.name][row.id].failed}`,
  ),
);
for (const failure of failures) console.log(`\n${failure}`);
if (opts.json) {
  console.log(
    JSON.stringify(
      {
        lines: lines.map(({ name, version }) => ({ name, version })),
        cores,
        loadAtStart,
        loadAtEnd,
        runs: RUNS,
        seconds: LOAD_SECONDS,
        connections: CONNECTIONS,
        results: Object.fromEntries(
          lines.map((line) => [
            line.name,
            Object.fromEntries(
              Object.entries(results[line.name] ?? {}).map(([id, m]) => [
                id,
                m.unit ? { ...m, ratio: ratioOf(m) } : m,
              ]),
            ),
          ]),
        ),
      },
      null,
      2,
    ),
  );
}
process.exitCode = broken || failures.length > 0 ? 1 : 0;
