// One Node line of scripts/node-line.mjs: its node and npm first on PATH, npm ci, then the tests.
import { existsSync } from 'node:fs';
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { capture } from '../node-dist.mjs';
import { installScriptAdvisories } from './install-advice.mjs';
import { run, wasInterrupted } from './processes.mjs';
import { counts, readReport, summary } from './report.mjs';

const MISSING_TOOLS_REPORTER = 'test/helpers/missing-tools-reporter.ts';

const shellQuote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

/** node, npm and npx of a line in `bin`, so that they come first on PATH. */
export async function makeBin(bin, nodeFolder, npmDir) {
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
 * Runs npm ci and the tests for one line; returns its summary line and whether it passed.
 * `started` is when the line began (downloads and copying included).
 */
export async function runLine({ label, cwd, env, paths, reportFile, started, deadline }) {
  const installStarted = Date.now();
  const install = await run('npm', ['ci'], { cwd, env, deadline, keepOutput: true });
  const installMs = Date.now() - installStarted;
  const fail = (what) => summary(false, label, what, started, installMs);
  if (wasInterrupted()) return fail('interrupted');
  if (install.timedOut) return fail('npm ci ran out of time');
  if (install.code !== 0) return fail(`npm ci failed (exit ${install.code})`);
  // An install-script advisory fails the line, but the tests still run: what they find on this
  // line is worth having either way.
  const advisories = installScriptAdvisories(install.output);
  if (advisories.length > 0) {
    console.log(
      `\nnpm ci printed an install-script advisory on ${label}: package.json's allowScripts must` +
        ` decide (true or false) for every dependency with an install script, so that no npm` +
        ` warns about it or blocks it (see test/build/allow-scripts.test.ts):\n` +
        advisories.map((line) => `  ${line}`).join('\n'),
    );
  }

  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`];
  // The list of tests skipped for a missing tool, which `--reporter` would otherwise drop (an older
  // commit, run with --rev, may not have it).
  if (existsSync(join(cwd, MISSING_TOOLS_REPORTER))) {
    reporters.push(`--reporter=./${MISSING_TOOLS_REPORTER}`);
  }
  const tests =
    paths.length > 0
      ? await run('npx', ['vitest', 'run', ...paths, ...reporters], { cwd, env, deadline })
      : await run('npm', ['test', '--', ...reporters], { cwd, env, deadline });
  const report = await readReport(reportFile, cwd);
  const failed = tests.code !== 0;
  const parts = advisories.length > 0 ? ['npm ci printed an install-script advisory'] : [];
  if (report) {
    parts.push(`files ${counts(report.files)}`, `tests ${counts(report.tests)}`);
    if (report.failures.length > 0) {
      console.log(`\nFailed on ${label}:`);
      for (const failure of report.failures) console.log(`  ${failure}`);
    }
  }
  if (wasInterrupted()) parts.push('interrupted');
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
  return summary(!failed && advisories.length === 0, label, parts.join(' · '), started, installMs);
}

/**
 * The global npmrc of the npm on PATH (this machine's registry, certificates, proxies): the
 * line's npm, installed elsewhere, would look for one beside itself.
 */
export async function outerGlobalConfig(env) {
  const file =
    process.env.npm_config_globalconfig ??
    (await capture('npm', ['config', 'get', 'globalconfig'], { env })).stdout.trim();
  return file && existsSync(file) ? file : undefined;
}

export async function version(command, env) {
  const result = await capture(command, ['--version'], { env });
  return result.stdout.trim().replace(/^v/, '');
}
