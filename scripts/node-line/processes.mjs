// The processes of scripts/node-line.mjs: each command in a process group of its own, ended
// with everything it started on a timeout or Ctrl+C, in an environment cleaned of `npm run`'s.
import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';

let running;
let interrupted = false;
/** Whether Ctrl+C (or SIGTERM) came: the lines left are not started. */
export const wasInterrupted = () => interrupted;
/** The most of a command's output `keepOutput` keeps: its end, where npm puts its advisories. */
const KEPT_BYTES = 4 * 1024 * 1024;

/**
 * Runs a command with its output on ours, printed first as `$ command`. It gets a process group
 * of its own so a timeout can end it and everything it started (vitest's workers, servers, tmux);
 * Ctrl+C is passed on the same way. With `keepOutput`, its stdout and stderr are still shown as
 * they come and also returned as `output` (the last 4 MiB, in the order they came), for what the
 * caller must look for in them.
 */
export function run(command, args, { cwd, env, deadline, keepOutput = false }) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  return new Promise((resolvePromise) => {
    // No stdin: nothing here may wait for input, and a process group of its own must not read
    // the terminal.
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: ['ignore', keepOutput ? 'pipe' : 'inherit', keepOutput ? 'pipe' : 'inherit'],
      detached: true,
    });
    running = child;
    const kept = [];
    let keptBytes = 0;
    const keep = (to) => (chunk) => {
      to.write(chunk);
      kept.push(chunk);
      keptBytes += chunk.length;
      while (keptBytes > KEPT_BYTES && kept.length > 1) keptBytes -= kept.shift().length;
    };
    if (keepOutput) {
      child.stdout.on('data', keep(process.stdout));
      child.stderr.on('data', keep(process.stderr));
    }
    const output = () => Buffer.concat(kept).toString('utf8');
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        console.log(`\n${command} ${args[0] ?? ''}: time is up, stopping it`);
        killGroup(child);
      },
      Math.max(0, deadline - Date.now()),
    );
    child.on('error', (error) => {
      clearTimeout(timer);
      running = undefined;
      resolvePromise({ code: 127, timedOut, error, output: output() });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running = undefined;
      resolvePromise({ code: code ?? 128, signal, timedOut, output: output() });
    });
  });
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
    setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }, 5000).unref();
  } catch {
    // Gone already.
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    if (running) killGroup(running);
    setTimeout(() => process.exit(130), 6000).unref();
  });
}

/**
 * npm settings that describe the npm running this script or this checkout rather than the user's
 * configuration: `npm run` exports them, and the line's npm must find its own (its node-gyp, its
 * prefix, the copy as its project).
 */
const OUTER_NPM_SETTINGS = new Set(
  [
    'node_gyp',
    'nodedir',
    'prefix',
    'global_prefix',
    'local_prefix',
    'globalconfig',
    'npm_version',
    'user_agent',
  ].map((name) => `npm_config_${name}`),
);

/**
 * The environment of a line's commands: ours without what `npm run` added for its scripts (the
 * lifecycle and package variables, the settings above, and the node_modules/.bin and
 * node-gyp-bin folders on PATH), with `bin` first on PATH when given. The user's own npm
 * settings (registry, cache, certificates, proxies) stay.
 */
export function cleanEnv(bin) {
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    const lower = name.toLowerCase();
    if (lower.startsWith('npm_') && !lower.startsWith('npm_config_')) continue;
    if (OUTER_NPM_SETTINGS.has(lower) || ['NODE', 'INIT_CWD', 'COLOR'].includes(name)) continue;
    env[name] = value;
  }
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => entry && !/[\\/](node_modules[\\/]\.bin|node-gyp-bin)$/.test(entry));
  env.PATH = [...(bin ? [bin] : []), ...path].join(delimiter);
  return env;
}
