import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { staleness } from '../../scripts/dist-staleness.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const BUILT_AT = Date.parse('2026-01-02T03:04:05Z');

/** A checkout in miniature: one source, one bundle and a lockfile, built at BUILT_AT. */
function checkout() {
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-staleness-'));
  made.push(dir);
  const write = (file: string, text: string, at = BUILT_AT - 60_000) => {
    const path = join(dir, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    utimesSync(path, at / 1000, at / 1000);
  };
  write('src/cli.ts', 'export {};\n');
  write('package-lock.json', '{}\n');
  write('dist/cli.js', '', BUILT_AT + 1000);
  write(
    'dist/stamp.json',
    JSON.stringify({
      startedAt: BUILT_AT,
      inputs: ['src/cli.ts'],
      outputs: ['dist/cli.js'],
    }),
    BUILT_AT + 1000,
  );
  return { dir, write };
}

describe('npm start builds only when dist/ is not current', () => {
  it('finds a dist/ built after every input current', () => {
    expect(staleness(checkout().dir)).toBeUndefined();
  });

  it('finds it stale when a source, the lockfile or a bundle changed since the build began', () => {
    const source = checkout();
    // Saved while the build ran: after it began, before it ended.
    source.write('src/cli.ts', 'export const x = 1;\n', BUILT_AT + 500);
    expect(staleness(source.dir)).toBe('src/cli.ts changed');

    const lock = checkout();
    lock.write('package-lock.json', '{"lockfileVersion":3}\n', BUILT_AT + 5000);
    expect(staleness(lock.dir)).toBe('package-lock.json changed');

    const gone = checkout();
    rmSync(join(gone.dir, 'dist/cli.js'));
    expect(staleness(gone.dir)).toBe('dist/cli.js is missing');

    const removed = checkout();
    rmSync(join(removed.dir, 'src/cli.ts'));
    expect(staleness(removed.dir)).toBe('src/cli.ts changed');

    const unbuilt = checkout();
    rmSync(join(unbuilt.dir, 'dist'), { recursive: true });
    expect(staleness(unbuilt.dir)).toBe('there is no dist/stamp.json');
  });

  it('starts the bin at once from a current dist/ (this checkout, built by the global setup)', () => {
    const run = spawnSync(process.execPath, ['scripts/start.mjs', '--version'], {
      cwd: root,
      encoding: 'utf8',
    });
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect({ stdout: run.stdout, stderr: run.stderr, code: run.status }).toEqual({
      stdout: `${version}\n`,
      stderr: '',
      code: 0,
    });
  });
});
