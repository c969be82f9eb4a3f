// @module-tag tmux
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTerminal, type Terminal } from '../helpers/tmux.js';

// The UI is a bundle of its own (scripts/build.mjs), with its own copy of the error classes: a
// setting it cannot use must still end as every command's does, in one line with exit code 2,
// never as a stack trace with 70, and the terminal must be left as it was.
const root = fileURLToPath(new URL('../..', import.meta.url));

let configDir: string;
let brokenDir: string;
let term: Terminal;
beforeAll(() => {
  configDir = mkdtempSync(join(tmpdir(), 'domainctl-usage-'));
  brokenDir = mkdtempSync(join(tmpdir(), 'domainctl-usage-broken-'));
  writeFileSync(join(brokenDir, 'config.json'), '{ not json');
  // Wide enough that the one line stays one row.
  term = startTerminal({ name: 'usage', columns: 250, rows: 20, env: {} });
});

afterAll(() => {
  term?.kill();
  for (const dir of [configDir, brokenDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

let runs = 0;

/** Runs a command line in the terminal; returns the rows it wrote, and its exit status. */
async function run(command: string): Promise<{ rows: string[]; exit: string }> {
  const mark = `EXIT${++runs}`;
  await term.send({ text: `clear; ${command}; echo ${mark}:$?` }, 'Enter');
  const done = new RegExp(`^${mark}:\\d+$`);
  const lines = (await term.waitForScreen(new RegExp(done.source, 'm'))).split('\n');
  const start = lines.findIndex((line) => line.includes(`echo ${mark}:`));
  const end = lines.findIndex((line) => done.test(line));
  return { rows: lines.slice(start + 1, end), exit: lines[end]?.replace(mark, 'EXIT') ?? '' };
}

it('demo with a DOMAINCTL_DNS_SERVER that is not an address: one line, exit 2', async () => {
  await term.waitForScreen('$');
  const { rows, exit } = await run(
    `cd ${root} && DOMAINCTL_CONFIG_DIR=${configDir} DOMAINCTL_DNS_SERVER=dns.example.com node bin/domainctl.js demo`,
  );
  expect(rows).toEqual([
    'domainctl: DOMAINCTL_DNS_SERVER "dns.example.com": expected an IP address, optionally with :PORT (e.g. 127.0.0.1:5353 or [::1]:53); "dns.example.com" is not one',
  ]);
  expect(exit).toBe('EXIT:2');
  expect(term.display('#{alternate_on}')).toBe('0');
}, 30_000);

it('a config.json that is not JSON, then domainctl: one line naming the file, exit 2', async () => {
  const { rows, exit } = await run(
    `cd ${root} && DOMAINCTL_CONFIG_DIR=${brokenDir} node bin/domainctl.js`,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatch(
    new RegExp(
      `^domainctl: ${brokenDir}/config\\.json is not valid JSON \\(.+\\); fix it or move it away$`,
    ),
  );
  expect(exit).toBe('EXIT:2');
  expect(term.display('#{alternate_on}')).toBe('0');
}, 30_000);
