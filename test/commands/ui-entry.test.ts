import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/domainctl.js', import.meta.url));
const configDir = mkdtempSync(join(tmpdir(), 'domainctl-entry-'));
afterAll(() => rmSync(configDir, { recursive: true, force: true }));

// Spawned with pipes: stdin and stdout are not terminals, as in a script.
const run = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DOMAINCTL_CONFIG_DIR: configDir },
    input: '',
  });

describe('the UI entry points without a terminal', () => {
  it('no command prints the hint and exits 2, never opening the UI', () => {
    const result = run();
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'domainctl: no command given. Run domainctl --help for the commands.\n',
    );
  });

  it('demo refuses to run and exits 2', () => {
    const result = run('demo');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'domainctl: demo needs a terminal; for scripts, run `domainctl serve --seed demo --db :memory:` and the non-interactive commands\n',
    );
  });

  it('demo is listed in the help', () => {
    const result = run('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      /demo(?: \[options\])?\s+Open the terminal UI on a reference API/,
    );
  });
});
