import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { removeTempDirs, runCli, tempConfigDir } from '../helpers/cli.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { runMeasured } from '../helpers/measured-cli.js';
import { TESTER_KEY } from '../helpers/server.js';

// --jq runs in a worker thread that the command's deadline and a memory bound end. Before, jq ran
// on the main thread: `def f: f; f` with --timeout 3 was still running at 40 s, and
// `[range(1e9)]`, `repeat(1)` and `"x" * 1e9` took the bin to 1.6-3.7 GB and V8's out-of-memory
// death. The real bin, measured: the time from its spawn to its exit, and its peak memory.

const server = seededServerForFile();
afterAll(() => removeTempDirs());

const env = () => ({ DOMAINCTL_BASE_URL: server.url, DOMAINCTL_TOKEN: TESTER_KEY });
const deadlineLine = (seconds: number) =>
  `domainctl: --jq: the expression had not finished when the command's time ran out (--timeout ${seconds} s); it was stopped\n`;
/** The bin's own ~80 MB, jq's bound over a small answer (64 MiB), and what one check may miss. */
const MAX_PEAK_MB = 300;

/**
 * The most a run stopped at its deadline may take from spawn to exit: the deadline plus what the
 * same command with a filter that ends takes (the process's start, its request, jq's worker and
 * exit, measured in the same conditions), three times that for a busy machine's swings (twice
 * was passed by 60 ms once, with the whole suite running), and 2 s at the least. A deadline that
 * did not hold would take the default 30 s.
 */
async function deadlineBoundMs(seconds: number): Promise<number> {
  const plain = await runMeasured(
    ['api', 'request', 'GET', '/v1/regions', '--jq', '.', '--timeout', String(seconds)],
    { env: env() },
  );
  expect(plain.code).toBe(0);
  return seconds * 1_000 + Math.max(2_000, plain.elapsedMs * 3);
}

describe('--jq is bounded', () => {
  it('a filter that never ends is stopped by --timeout 3: exit 3 once the 3 s and the command start-up are over', async () => {
    const bound = await deadlineBoundMs(3);
    const run = await runMeasured(
      ['api', 'request', 'GET', '/v1/regions', '--jq', 'def f: f; f', '--timeout', '3'],
      { env: env() },
    );
    expect(run).toMatchObject({ stdout: '', stderr: deadlineLine(3), code: 3 });
    expect(run.elapsedMs).toBeLessThan(bound);
  });

  it("a saved request's filter that never ends is stopped the same way", async () => {
    const dir = join(tempConfigDir(), 'requests');
    const saving = ['api', 'request', 'GET', '/v1/regions', '--jq', 'def f: f; f'];
    expect(
      await runCli([...saving, '--save', 'forever', '--requests-dir', dir], { env: env() }),
    ).toMatchObject({ stderr: '', code: 0 });
    // 5 s here: its request must be answered before the deadline for jq to be what it stops,
    // and on a machine running the whole suite the bin's start and request alone once passed 3 s.
    const bound = await deadlineBoundMs(5);
    const run = await runMeasured(
      ['api', 'request', '--saved', 'forever', '--requests-dir', dir, '--timeout', '5'],
      { env: env() },
    );
    expect(run).toMatchObject({ stdout: '', stderr: deadlineLine(5), code: 3 });
    expect(run.elapsedMs).toBeLessThan(bound);
  });

  it.each(['[range(1e9)]', 'repeat(1)', '"x" * 1e9', 'def f: 1 + f; f'])(
    '%s is stopped at its memory bound: exit 1, one line, under 300 MB',
    async (expression) => {
      const run = await runMeasured(['api', 'request', 'GET', '/v1/regions', '--jq', expression], {
        env: env(),
        timeoutMs: 40_000,
      });
      expect(run).toMatchObject({
        stdout: '',
        stderr:
          'domainctl: --jq: the expression needed more than 64 MiB of memory, the most domainctl gives jq over this document; it was stopped\n',
        code: 1,
      });
      expect(run.peakRssMb).toBeLessThan(MAX_PEAK_MB);
    },
    60_000,
  );

  it('with --timeout, a filter that ends prints its answer as before', async () => {
    expect(
      await runCli(
        [
          'api',
          'request',
          'GET',
          '/v1/regions',
          '--jq',
          '[.regions[].id] | length',
          '--timeout',
          '20',
        ],
        { env: env() },
      ),
    ).toEqual({ stdout: '3\n', stderr: '', code: 0 });
  });
});
