// What every part of the bench shares: where the repository and the bin are, the working folder
// of this run, the environment every child gets, the run's settings and the demo API's facts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const bin = join(root, 'bin', 'domainctl.js');

export const KEY = 'dk_demo_tester';
export const AUTH = { authorization: `Bearer ${KEY}` };
export const PAGE_PATH = '/v1/projects/prj_demo_scale/domains?page_size=20';
export const DEEP_PROJECT = 'prj_demo_enterprise';
export const DEEP_COUNT = 5000;
export const CONNECTIONS = 16;
export const WARMUP_SECONDS = 1;

/**
 * The run's settings and working folder, filled in once by `begin` (the options are parsed
 * first, so `--help` and a usage error leave nothing behind).
 */
export const run = {
  /** Runs per start-up figure. */
  runs: 25,
  /** Seconds per measured load run. */
  seconds: 5,
  /** The folder of this run's files (scripts, bodies, databases, the compile cache). */
  work: '',
  /** The environment of every child. */
  env: {},
};

export function begin({ runs, seconds }) {
  run.runs = runs;
  run.seconds = seconds;
  run.work = mkdtempSync(join(tmpdir(), 'domainctl-bench-'));
  const env = { ...process.env, NO_COLOR: '1' };
  // The machine's NODE_EXTRA_CA_CERTS adds the same ~130 ms to every Node start, ours and the
  // floors', and would only blur the ratios.
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.CI;
  env.DOMAINCTL_CONFIG_DIR = join(run.work, 'config');
  // Node's compile cache (Node >= 22) in a folder of the bench's own: what is measured is a
  // second start, as a user's every start after the first, never the leftovers of this
  // machine's runs.
  env.XDG_CACHE_HOME = join(run.work, 'cache');
  run.env = env;
}

export function end() {
  if (run.work) rmSync(run.work, { recursive: true, force: true });
}

/** A file name in the working folder, unique within the run. */
export const workFile = (prefix) =>
  join(run.work, `${prefix}-${Math.random().toString(36).slice(2)}`);

export const note = (line) => process.stderr.write(`${line}\n`);
export const shellQuote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
