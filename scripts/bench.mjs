#!/usr/bin/env node
// npm run bench: measures domainctl against floors on the same machine, in one run, and prints
// each figure as a ratio. Start-up figures are medians of interleaved runs (ours and the floor
// alternate, so drift hits both); the server figures come from a load loop in another process.
//
//   npm run bench                 all figures
//   npm run bench -- --runs 40    more runs per start-up figure (default 25)
//   npm run bench -- --json       the results as JSON as well
//   npm run bench -- --only store the figures whose name has this text (here: the list by store)
//
// The machine's NODE_EXTRA_CA_CERTS (if set) is removed from every child's environment: it adds
// the same ~130 ms to every Node start, ours and the floors', and would only blur the ratios.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '25' },
    seconds: { type: 'string', default: '5' },
    json: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const RUNS = Number(opts.runs);
const LOAD_SECONDS = Number(opts.seconds);
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'domainctl.js');
const work = mkdtempSync(join(tmpdir(), 'domainctl-bench-'));
const KEY = 'dk_demo_tester';
const DEEP_PROJECT = 'prj_demo_enterprise';
const DEEP_COUNT = 5000;

const env = { ...process.env, NO_COLOR: '1' };
delete env.NODE_EXTRA_CA_CERTS;
delete env.CI;
env.DOMAINCTL_CONFIG_DIR = join(work, 'config');

const results = [];
const note = (line) => process.stderr.write(`${line}\n`);

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
 * terminal) contains `marker`; the process is then killed. Median over the runs.
 */
async function timeToOutput(command, marker, runs = RUNS) {
  const times = [];
  for (let round = -2; round < runs; round++) {
    const ms = await new Promise((resolve, reject) => {
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
        if (marker && (marker instanceof RegExp ? marker.test(out) : out.includes(marker))) {
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
    if (round >= 0) times.push(ms);
  }
  return median(times);
}

/** Peak resident memory (MiB) of a Node command, read from the process itself as it exits. */
function peakRss(args, extraEnv = {}) {
  const file = join(work, `rss-${Math.random().toString(36).slice(2)}`);
  const hook = join(work, 'rss-hook.mjs');
  writeFileSync(
    hook,
    `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS)));`,
  );
  spawnSync(process.execPath, ['--import', hook, ...args], {
    env: { ...env, ...extraEnv },
    stdio: 'ignore',
  });
  return Number(readFileSync(file, 'utf8')) / 1024;
}

/** Peak RSS (MiB) of the UI: run in a 112-row pty until `marker` shows, then quit with q. */
function uiPeakRss(flags, marker) {
  const file = join(work, `rss-ui-${Math.random().toString(36).slice(2)}`);
  const hook = join(work, 'rss-hook-ui.mjs');
  writeFileSync(
    hook,
    `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS)));`,
  );
  return new Promise((resolvePeak, reject) => {
    const command = `stty cols 120 rows 112; env -u CI ${process.execPath} --import ${hook} ${bin} ${flags}`;
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

function startChild(args, readyPattern) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = readyPattern.exec(out);
      if (m) {
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolve({ child, url: m[1] });
      }
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${out}`)));
  });
}

let agent = new Agent({ keepAlive: true, maxSockets: 16 });

function get(url, headers = {}) {
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

function post(url, body, headers) {
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

/**
 * The load generator, the one place it lives: requests per second with 16 keep-alive
 * connections from a separate process. `url` may be a list: the connections are spread over it
 * in turn (two instances behind what a load balancer would do).
 */
function loadTest(url, headers) {
  const script = join(work, 'load.mjs');
  writeFileSync(
    script,
    `import { Agent, request } from 'node:http';
const [urlsJson, headersJson, seconds] = process.argv.slice(2);
const urls = JSON.parse(urlsJson);
const headers = JSON.parse(headersJson);
const agent = new Agent({ keepAlive: true, maxSockets: 16 });
let done = 0, errors = 0, running = true;
const end = Date.now() + Number(seconds) * 1000;
function one(url) {
  if (Date.now() >= end) { running = false; return Promise.resolve(); }
  return new Promise((resolve) => {
    request(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => { if (res.statusCode === 200) done++; else errors++; resolve(); });
    }).on('error', () => { errors++; resolve(); }).end();
  }).then(() => one(url));
}
const started = Date.now();
await Promise.all(Array.from({ length: 16 }, (_, i) => one(urls[i % urls.length])));
const secs = (Date.now() - started) / 1000;
console.log(JSON.stringify({ rps: done / secs, errors }));
`,
  );
  const urls = Array.isArray(url) ? url : [url];
  const r = spawnSync(
    process.execPath,
    [script, JSON.stringify(urls), JSON.stringify(headers), String(LOAD_SECONDS)],
    {
      env,
      encoding: 'utf8',
    },
  );
  const result = JSON.parse(r.stdout);
  if (result.errors) throw new Error(`${result.errors} failed requests against ${url}`);
  return result.rps;
}

/** The floor of the server figures: node:http answering every request with one file's bytes. */
function startStaticServer(bodyFile) {
  const script = join(work, 'static.mjs');
  writeFileSync(
    script,
    `import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const body = readFileSync(process.argv[2]);
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`,
  );
  return startChild([script, bodyFile], /listening on (http:\/\/\S+)/);
}

/** Runs one figure; a failure is reported in the table instead of ending the run. */
async function figure(name, measure) {
  if (opts.only !== undefined && !name.includes(opts.only)) return;
  note(`${name} ...`);
  try {
    await measure();
  } catch (error) {
    results.push({ figure: name, failed: String(error.message ?? error).split('\n')[0] });
  }
}

function record(figure, ours, floor, unit, goal, goalText) {
  const ratio = ours / floor;
  results.push({ figure, ours, floor, unit, ratio, goal, goalText, met: goal(ratio) });
}

const fmt = (value, unit) => {
  if (unit === 'ms') return `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
  if (unit === 'rps') return `${value.toFixed(0)}/s`;
  return `${value.toFixed(1)} MiB`;
};

// ---------------------------------------------------------------- run

spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

note('starting the reference server (in-memory, demo seed) ...');
const server = await startChild(
  [bin, 'serve', '--port', '0', '--db', ':memory:', '--seed', 'demo'],
  /listening on (http:\/\/\S+)/,
);
const base = server.url;
const auth = { authorization: `Bearer ${KEY}` };

try {
  note(`adding ${DEEP_COUNT} domains to ${DEEP_PROJECT} through the API ...`);
  for (let i = 0; i < DEEP_COUNT; i += 16) {
    const batch = [];
    for (let j = i; j < Math.min(i + 16, DEEP_COUNT); j++) {
      batch.push(
        post(
          `${base}/v1/projects/${DEEP_PROJECT}/domains`,
          { domain: `d${j}.bench.example` },
          auth,
        ),
      );
    }
    const statuses = await Promise.all(batch);
    if (statuses.some((s) => s !== 201)) throw new Error(`adding domains answered ${statuses}`);
  }

  await figure('--version', async () => {
    const [ours, floor] = timeInterleaved([
      [process.execPath, [bin, '--version']],
      [process.execPath, ['-e', '0']],
    ]);
    record('`domainctl --version` vs `node -e 0`', ours, floor, 'ms', (r) => r <= 1.5, '<= 1.5x');
  });

  await figure('api request', async () => {
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
      [process.execPath, [bin, 'api', 'request', 'GET', '/v1/regions', '--base-url', base]],
      [process.execPath, [fetchScript, base]],
      [process.execPath, [httpScript, base]],
    ]);
    record(
      '`api request GET /v1/regions` vs bare fetch script',
      ours,
      viaFetch,
      'ms',
      (r) => r <= 1.3,
      '<= 1.3x',
    );
    record(
      '`api request GET /v1/regions` vs bare node:http script',
      ours,
      viaHttp,
      'ms',
      (r) => r <= 1.5,
      '<= 1.5x (stretch)',
    );
  });

  // The UI's first meaningful frame is the domain table with its first row.
  await figure('UI first frame', async () => {
    const ui = `env -u CI node ${bin} --base-url ${base} --token ${KEY} --project prj_demo_scale`;
    const ours = await timeToOutput(ui, 'www.acme-shop.com');
    const floor = await timeToOutput('node -e 0', '');
    record(
      'UI first frame with rows vs `node -e 0` (both in a pty)',
      ours,
      floor,
      'ms',
      (r) => r <= 4,
      '<= 4x',
    );
  });

  await figure('server throughput', async () => {
    const listUrl = `${base}/v1/projects/prj_demo_scale/domains?page_size=20`;
    const sample = await get(listUrl, auth);
    const bodyFile = join(work, 'page.json');
    writeFileSync(bodyFile, sample.body);
    const staticServer = await startStaticServer(bodyFile);
    try {
      const ours = loadTest(listUrl, auth);
      const floor = loadTest(`${staticServer.url}/`, {});
      record(
        'server `GET …/domains` (page of 20), 16 connections, vs static server',
        ours,
        floor,
        'rps',
        (r) => r >= 0.4,
        '>= 0.4x',
      );
    } finally {
      staticServer.child.kill();
    }
  });

  // The list again, the same page through the same generator, with the store as the variable:
  // one instance on SQLite (the server above, in memory), one on PostgreSQL, two on one
  // PostgreSQL database with the load spread over both. Each against the static server,
  // measured here too, so each ratio stands on its own.
  await figure('list throughput by store', async () => {
    // Sockets left idle by the figures before may be closed by the server (5 s keep-alive).
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const listPath = '/v1/projects/prj_demo_scale/domains?page_size=20';
    const sample = await get(`${base}${listPath}`, auth);
    const bodyFile = join(work, 'page-stores.json');
    writeFileSync(bodyFile, sample.body);
    const staticServer = await startStaticServer(bodyFile);
    const { startPgCluster } = await import('./pg-cluster.mjs');
    const cluster = await startPgCluster();
    const instances = [];
    try {
      const db = await cluster.createDatabase();
      for (let i = 0; i < 2; i++) {
        instances.push(
          await startChild(
            [bin, 'serve', '--port', '0', '--db', db, '--seed', 'demo'],
            /listening on (http:\/\/\S+)/,
          ),
        );
      }
      const floor = loadTest(`${staticServer.url}/`, {});
      const unit = 'page of 20, 16 connections, vs static server';
      record(
        `list, 1 instance on SQLite, ${unit}`,
        loadTest(`${base}${listPath}`, auth),
        floor,
        'rps',
        () => true,
        'reported',
      );
      record(
        `list, 1 instance on PostgreSQL, ${unit}`,
        loadTest(`${instances[0].url}${listPath}`, auth),
        floor,
        'rps',
        () => true,
        'reported',
      );
      record(
        `list, 2 instances on one PostgreSQL, ${unit}`,
        loadTest(
          instances.map((s) => `${s.url}${listPath}`),
          auth,
        ),
        floor,
        'rps',
        () => true,
        'reported',
      );
    } finally {
      for (const s of instances) s.child.kill('SIGTERM');
      staticServer.child.kill();
      cluster.destroy();
    }
  });

  await figure('deep pages', async () => {
    // Sockets left idle by the figures before may be closed by the server (5 s keep-alive).
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const listUrl = `${base}/v1/projects/${DEEP_PROJECT}/domains?page_size=100`;
    let token = '';
    let lastToken;
    do {
      const page = JSON.parse(
        (await get(token ? `${listUrl}&page_token=${token}` : listUrl, auth)).body,
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
        await post(`${base}/v1/projects/prj_demo_free/databases`, { name: `bench-${n++}` }, auth);
        times.push((await get(url, auth)).ms);
      }
      return median(times.slice(20));
    };
    const first = await timePage(listUrl);
    const last = await timePage(`${listUrl}&page_token=${lastToken}`);
    record(
      `last page vs first page (${DEEP_COUNT} domains, page_size 100)`,
      last,
      first,
      'ms',
      (r) => r <= 1.5,
      '<= 1.5x',
    );
  });

  await figure('peak memory, UI', async () => {
    // A terminal tall enough for a page of 100 rows (the UI sizes pages to the terminal).
    const floor = peakRss(['-e', '0']);
    const ui = await uiPeakRss(
      `--base-url ${base} --token ${KEY} --project ${DEEP_PROJECT}`,
      /d\d+\.bench\.example/,
    );
    record(
      'peak RSS, the UI showing 100 rows vs `node -e 0`',
      ui,
      floor,
      'MiB',
      () => true,
      'reported',
    );
  });

  await figure('peak memory', async () => {
    const floor = peakRss(['-e', '0']);
    const api = peakRss([
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
    record(
      'peak RSS, `api request` (a page of domains) vs `node -e 0`',
      api,
      floor,
      'MiB',
      () => true,
      'reported',
    );
  });
} finally {
  server.child.kill('SIGTERM');
  agent.destroy();
  rmSync(work, { recursive: true, force: true });
}

// ---------------------------------------------------------------- report

const measured = results.filter((r) => !r.failed);
const rows = [
  ['figure', 'domainctl', 'floor', 'ratio', 'goal', ''],
  ...measured.map((r) => [
    r.figure,
    fmt(r.ours, r.unit),
    fmt(r.floor, r.unit),
    `${r.ratio.toFixed(2)}x`,
    r.goalText,
    r.goalText === 'reported' ? '' : r.met ? 'met' : 'MISSED',
  ]),
];
const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
console.log(`\nnode ${process.version}, ${RUNS} runs per start-up figure (median)\n`);
for (const row of rows)
  console.log(
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
for (const r of results.filter((r) => r.failed)) console.log(`\n${r.figure}: FAILED: ${r.failed}`);
if (opts.json) console.log(JSON.stringify(results, null, 2));
