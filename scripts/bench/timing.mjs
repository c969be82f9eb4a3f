// Start-up timing: wall time of whole processes, and time until a terminal shows a marker, each
// a median of runs interleaved with its floor's (ours and the floor alternate, so a busy moment
// hits both).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { median, run } from './context.mjs';

function timeOnce(cmd, args) {
  const start = performance.now();
  const r = spawnSync(cmd, args, { env: run.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/** Median wall time of each command, runs interleaved round by round after 3 warm-ups. */
export function timeInterleaved(commands) {
  const times = commands.map(() => []);
  for (let round = -3; round < run.runs; round++) {
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
 *
 * Each run starts only once the one before is gone, its whole process tree: killing `script`
 * alone leaves the program it ran (in a session of its own) to end on the SIGHUP of its closed
 * terminal, and a UI that unmounts and shuts down then shared the CPU with the next run. That
 * slowed whichever command came next, the floor's, by ~30 ms on Node 20 (2026-11-29).
 */
export async function timeToOutputInterleaved(commands) {
  const times = commands.map(() => []);
  for (let round = -2; round < run.runs; round++) {
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
      env: { ...run.env, TERM: 'xterm-256color' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let elapsed;
    const timer = setTimeout(() => {
      killTree(child.pid).then(() =>
        reject(new Error(`no "${marker}" within 20 s from: ${command}\n${out.slice(-2000)}`)),
      );
    }, 20_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (marker && elapsed === undefined && out.includes(marker)) {
        elapsed = performance.now() - start;
        clearTimeout(timer);
        killTree(child.pid).then(() => resolve(elapsed), reject);
      }
    });
    child.on('exit', () => {
      if (!marker) {
        const ms = performance.now() - start;
        clearTimeout(timer);
        killTree(child.pid).then(() => resolve(ms), reject);
      }
    });
  });
}

/** The pids of a process and all its descendants, the process first (from each /proc/N/stat). */
function processTree(pid) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // "pid (comm) state ppid …": the name in parentheses may hold spaces, so read after it.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // The process ended while it was read.
    }
  }
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) pids.push(...(children.get(pids[i]) ?? []));
  return pids;
}

/** SIGKILLs a process and its descendants, and settles once none of them is left (5 s at most). */
async function killTree(pid) {
  const pids = processTree(pid);
  for (const each of pids.reverse()) {
    try {
      process.kill(each, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  const deadline = performance.now() + 5000;
  // A killed process stays in /proc until it is reaped; `State: Z` means it is done running.
  const running = (each) => {
    try {
      return !/^State:\s+Z/m.test(readFileSync(`/proc/${each}/status`, 'utf8'));
    } catch {
      return false;
    }
  };
  while (pids.some(running)) {
    if (performance.now() > deadline)
      throw new Error(`processes ${pids.join(' ')} outlived SIGKILL`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
