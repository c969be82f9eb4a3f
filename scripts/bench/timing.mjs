// Start-up timing: wall time of whole processes, and time until a terminal shows a marker, each
// a median of runs interleaved with its floor's (ours and the floor alternate, so a busy moment
// hits both).
import { spawn, spawnSync } from 'node:child_process';
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
