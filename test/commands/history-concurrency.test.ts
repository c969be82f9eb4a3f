import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { HISTORY_LIMIT } from '../../src/config/request-history.js';
import { tempConfigDir } from '../helpers/cli.js';
import { it } from '../helpers/fixtures.js';

// Runs at once never lose each other's history lines, even when one of them compacts the file
// (reads it, keeps its newest lines, renames the result over it) while the others append: the
// real bin, 40 processes at once, on a history at the compaction point, ten times over.
const RUNS = 40;
const TRIES = 10;

it(
  `${RUNS} runs at once at the compaction point keep their ${RUNS} lines, ${TRIES} times out of ${TRIES}`,
  { timeout: 600_000 },
  async ({ server, bin }) => {
    const kept: number[] = [];
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const data = tempConfigDir();
      mkdirSync(join(data, 'history'), { recursive: true, mode: 0o700 });
      // The limit and its slack: the next line appended makes the file due for compaction.
      const old = Array.from({ length: HISTORY_LIMIT + 100 }, (_, i) =>
        JSON.stringify({ time: '2025-01-01T00:00:00.000Z', method: 'GET', path: `/v1/old/${i}` }),
      );
      const file = join(data, 'history', '_default.jsonl');
      writeFileSync(file, `${old.join('\n')}\n`, { mode: 0o600 });
      const results = await Promise.all(
        Array.from({ length: RUNS }, (_, run) =>
          bin(
            [
              'api',
              'request',
              'GET',
              '/v1/regions',
              '-H',
              `X-Run: ${run}`,
              '--base-url',
              server.url,
              '--silent',
            ],
            {
              env: { DOMAINCTL_DATA_DIR: data },
              timeoutMs: 120_000,
            },
          ),
        ),
      );
      for (const result of results) expect(result).toEqual({ stdout: '', stderr: '', code: 0 });
      const runs = readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { headers?: string[] }).headers?.[0] ?? '')
        .filter((header) => header.startsWith('X-Run: '));
      kept.push(new Set(runs).size);
    }
    expect(kept).toEqual(Array.from({ length: TRIES }, () => RUNS));
  },
);
