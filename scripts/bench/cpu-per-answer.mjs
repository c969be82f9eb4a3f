// Server CPU per answer of two or more builds, for an A/B of a change to the request path:
//
//   node scripts/bench/cpu-per-answer.mjs [--rounds 10] [--requests 60000] DIR_A DIR_B …
//
// Each DIR is a built checkout (its bin/ and dist/). One `serve` of each (SQLite in memory, demo
// seed, no verifier) runs throughout; the rounds take turns (A, B, A, B, …) of `requests`
// answers of the bench's page of 20 (a kept page) over 16 connections, so other work on the
// machine falls on every build alike. A round's figure is the server's user and system time
// (from /proc) divided by its answers: unlike requests/s, it hardly moves with the machine's load.
// Prints the median and the range of each build.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AUTH, CONNECTIONS, PAGE_PATH, median, run } from './context.mjs';
import { startChild, stopChild } from './processes.mjs';

const autocannon = createRequire(import.meta.url)('autocannon');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '10' },
    requests: { type: 'string', default: '60000' },
  },
});
const rounds = Number(values.rounds);
const requests = Number(values.requests);
if (positionals.length < 2 || !(rounds > 0) || !(requests > 0)) {
  process.stderr.write('usage: cpu-per-answer.mjs [--rounds N] [--requests N] DIR_A DIR_B …\n');
  process.exit(2);
}

run.env = { ...process.env, NO_COLOR: '1' };

/** CPU seconds the process has used so far (clock ticks of 10 ms). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function load(url, amount) {
  const result = await autocannon({
    url: url + PAGE_PATH,
    headers: AUTH,
    connections: CONNECTIONS,
    amount,
  });
  if (result.errors + result.timeouts + result.non2xx > 0)
    throw new Error(`${url}: failed requests`);
  return result.requests.total;
}

const builds = [];
try {
  for (const dir of positionals) {
    const bin = join(resolve(dir), 'bin', 'domainctl.js');
    const args = [bin, 'serve', '--port', '0', '--db', ':memory:', '--seed', 'demo'];
    const server = await startChild(process.execPath, [...args, '--verify-interval', '0']);
    // The request log is read by startChild and dropped, as the bench does.
    builds.push({ dir, server, figures: [] });
    await load(server.url, requests / 4);
  }
  for (let round = 0; round < rounds; round++) {
    for (const build of builds) {
      const pid = build.server.child.pid;
      const before = cpuSeconds(pid);
      const answers = await load(build.server.url, requests);
      build.figures.push(((cpuSeconds(pid) - before) / answers) * 1e6);
    }
  }
  for (const { dir, figures } of builds) {
    const range = `${Math.min(...figures).toFixed(1)}-${Math.max(...figures).toFixed(1)}`;
    console.log(`${dir}: ${median(figures).toFixed(1)} µs an answer (${range}, ${rounds} rounds)`);
  }
} finally {
  await Promise.all(builds.map(({ server }) => stopChild(server)));
}
