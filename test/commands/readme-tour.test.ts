import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, removeTempDirs, tempConfigDir } from '../helpers/cli.js';
import { type CliProcess, spawnCli } from '../helpers/serve-process.js';

// The README's tour: every fenced block tagged `sh tour`, run in order, line by line, in one
// shell's working folder and config folder, as a reader would paste them. The one line the test
// changes is the server's: it listens on a free port rather than 7878 (which may be taken on
// this machine), and the other lines get that port in place of 7878.

const README = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

/** The lines of every `sh tour` block, in the README's order. */
function tourLines(): string[] {
  const lines: string[] = [];
  for (const match of README.matchAll(/^```sh tour\n([\s\S]*?)^```$/gm)) {
    for (const line of (match[1] ?? '').split('\n')) if (line.trim()) lines.push(line);
  }
  return lines;
}

/** What a line must print (stdout and stderr together), beyond exiting 0. */
const EXPECTED: [RegExp, RegExp][] = [
  [/^domainctl domains list +#/, /www\.acme-shop\.com/],
  [/^domainctl domains add shop\.example\.com/, /Create these DNS records at your DNS provider/],
  [
    /^domainctl domains wait shop\.example\.com/,
    /^shop\.example\.com reached "ownership verified"\.\nIt is verified \(at /m,
  ],
  [/^domainctl profile list/, /^\* +demo +http/m],
  [/\| jq '\.domains \| length'/, /^\d+\n$/],
  [/--page-size 5 /, /More domains follow\. Next page: domainctl domains list /],
  [/--format zone >> example\.com\.zone/, /^$/],
];

let server: CliProcess | undefined;
afterAll(async () => {
  server?.child.kill('SIGTERM');
  if (server) expect(await server.exited).toEqual({ code: 0, signal: null });
  removeTempDirs();
});

describe("the README's tour runs as written against the demo server", () => {
  const lines = tourLines();

  it('has a tour: the server, a profile, a domain added and verified', () => {
    expect(lines[0]).toBe('domainctl serve --seed demo --db :memory: --port 7878 &');
    expect(lines).toContain(
      'domainctl domains wait shop.example.com    # verified within seconds: see below',
    );
    expect(lines.filter((line) => line.trimEnd().endsWith('&'))).toHaveLength(1);
  });

  it('runs every line of it, each exiting 0', async () => {
    const home = tempConfigDir();
    const work = tempConfigDir();
    // `domainctl` on PATH, as `npm install -g` puts it there: the built bin.
    const binDir = join(home, 'bin');
    mkdirSync(binDir);
    writeFileSync(
      join(binDir, 'domainctl'),
      `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`,
    );
    chmodSync(join(binDir, 'domainctl'), 0o755);
    const env = {
      PATH: `${binDir}:${process.env.PATH ?? ''}`,
      HOME: home,
      TZ: 'UTC',
      NO_COLOR: '1',
      DOMAINCTL_CONFIG_DIR: join(home, 'config'),
      API_KEY: 'dk_demo_tester',
    };

    const [serveLine = '', ...rest] = lines;
    const serveArgs = serveLine.replace(/ &$/, '').replace('--port 7878', '--port 0').split(' ');
    server = spawnCli(serveArgs.slice(1), { env });
    const started = await server.waitForStdout(/^domainctl serve listening on /);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+) /.exec(started)?.[1] ?? '';
    expect(started).toContain("verifying DNS every 2 s via the demo's DNS at 127.0.0.1:");
    // The commands' own DNS checks ask the demo's DNS too: no query leaves the machine.
    const demoDns = /the demo's DNS at (127\.0\.0\.1:\d+)/.exec(started)?.[1];
    Object.assign(env, { DOMAINCTL_DNS_SERVER: demoDns });

    for (const line of rest) {
      const command = line.replaceAll('http://127.0.0.1:7878', url);
      const run = spawnSync('sh', ['-c', command], {
        cwd: work,
        env,
        encoding: 'utf8',
        timeout: 30_000,
      });
      const output = `${run.stdout}${run.stderr}`;
      expect({ line, code: run.status, output }).toMatchObject({ line, code: 0 });
      const printed = EXPECTED.filter(([which]) => which.test(line)).map(([, text]) => text);
      for (const text of printed) expect(output, line).toMatch(text);
    }
    // What the lines left behind is what they said they would.
    expect(readFileSync(join(work, 'example.com.zone'), 'utf8')).toMatch(
      /^_domainctl-verify\.www\.example\.com\.\s+3600\s+IN\s+TXT\s+"domainctl-verify=/m,
    );
    expect(existsSync(join(work, 'body.json'))).toBe(true);
    // About 25 commands, each a Node start: slow on a busy machine.
  }, 90_000);
});
