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
//   npm run bench -- --markdown          the table as markdown, for docs/performance.md
//   npm run bench -- --json              the results as JSON as well
//
// Start-up figures are medians of interleaved runs (ours and the floor alternate, so drift hits
// both). Server figures come from autocannon in this process (16 connections, a 1 s warm-up,
// then the measured run) against the server under test in a child process; each has its own
// floor, a node:http server in a child process of the same node binary sending the same status,
// content type and body, measured in two halves just before and just after it.
//
// The parts live in scripts/bench/: the options, the shared context, start-up timing, memory,
// the processes, the load generator, the floor, each figure (figures/), a Node line, the report.
//
// Progress goes to stderr, the table to stdout. The exit code is 1 when a figure could not be
// measured or missed a budget (the start-up budget: `--version`, `api request` and the UI's first
// frame against the stack's own floors; any other missed goal is a result, not a failure), 2 for
// a usage error.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { begin, end, note, root, run } from './bench/context.mjs';
import { measureLine } from './bench/line.mjs';
import { OWN_LINE, parseOptions, USAGE, UsageError } from './bench/options.mjs';
import { destroyPostgres } from './bench/postgres.mjs';
import { children } from './bench/processes.mjs';
import { report } from './bench/report.mjs';
import { nodeBinary } from './node-dist.mjs';

let options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`bench: ${error.message}\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

begin(options);

// Ctrl+C ends the servers, PostgreSQL (pg_ctl detaches it) and the working folder too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    try {
      destroyPostgres();
    } finally {
      end();
      process.exit(130);
    }
  });
}

const results = {};
const lines = [];
const loadAtStart = loadavg();
let broken = false;
try {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the build failed');
  for (const name of options.lines) {
    const node =
      name === OWN_LINE ? process.execPath : await nodeBinary(name, { env: run.env, log: note });
    const version = spawnSync(node, ['--version'], {
      env: run.env,
      encoding: 'utf8',
    }).stdout.trim();
    const line = { name, node, version, label: `node ${version}` };
    lines.push(line);
    results[name] = {};
    await measureLine(line, options.wanted, results[name]);
  }
} catch (error) {
  note(`bench: ${error.stack ?? error}`);
  broken = true;
} finally {
  try {
    destroyPostgres();
  } finally {
    end();
  }
}
const loadAtEnd = loadavg();

const failures = report({ lines, results, loadAtStart, loadAtEnd, options });
process.exitCode = broken || failures > 0 ? 1 : 0;
