// What scripts/node-line.mjs makes of vitest's JSON report, and its summary line per Node line.
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';

/**
 * The files, tests and failures in vitest's JSON report, or undefined if it wrote none. Tests
 * vitest never ran show as `pending` (their worker exited under them: the file still says
 * "passed"), which its own numPendingTests lumps with skipped ones; they are counted apart.
 */
export async function readReport(file, cwd) {
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
export const counts = ({ passed, failed, skipped, notRun }) =>
  `${passed} passed, ${failed} failed, ${skipped} skipped${notRun > 0 ? `, ${notRun} not run` : ''}`;

const duration = (ms) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
};

/** The summary line of a line: PASS or FAIL, what ran, what came of it, how long it all took. */
export function summary(ok, label, what, started, installMs) {
  const time = duration(Date.now() - started);
  const install = installMs === undefined ? '' : ` (npm ci ${duration(installMs)})`;
  return { ok, line: `${ok ? 'PASS' : 'FAIL'}  ${label}: ${what} · ${time}${install}` };
}
