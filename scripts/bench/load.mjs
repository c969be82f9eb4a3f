// The load generator, the one place it lives: autocannon in this process, against servers in
// child processes, so that on a 2-core machine the generator and the server can each have a
// core. Each measured part also records how much CPU the servers, the generator and the whole
// machine used meanwhile.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CONNECTIONS, WARMUP_SECONDS } from './context.mjs';

const autocannon = createRequire(import.meta.url)('autocannon');

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
 * autocannon with 16 connections for `seconds`. `urls` may be a list: autocannon spreads the
 * connections over it in turn, as a load balancer would over two instances. Any error, timeout
 * or answer that is not 2xx fails the figure.
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
export const target = (urls, headers, pids) => ({ urls, headers, pids, parts: [] });

/** A short run first: JIT, caches and the servers' first connections. */
export const warmUp = (t) => autocannonRun(t.urls, t.headers, WARMUP_SECONDS);

/** One measured part of `seconds`, kept in `t.parts`. */
export async function measurePart(t, seconds) {
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
export function summarise(t) {
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
