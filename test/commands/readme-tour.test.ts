import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, removeTempDirs, tempConfigDir } from '../helpers/cli.js';
import { type CliProcess, spawnCli } from '../helpers/serve-process.js';

// The README's tour, then the scripting guide's examples that go on from it: every fenced block
// tagged `sh tour`, run in order, line by line, in one shell's working folder and config folder,
// as a reader would paste them. The one line the test changes is the server's: it listens on a
// free port rather than 7878 (which may be taken on this machine), and the other lines get that
// port in place of 7878. An `export` line is kept for the lines after it, as the shell would
// keep it, and so is a line that only sets a shell variable (`API_KEY=…`), unexported. The
// environment holds nothing a reader's shell would not: no variable a line uses comes from the
// test (TZ, NO_COLOR and the config folder only keep the output the same and the reader's own
// profiles out of it).

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const TOUR = [read('../../README.md'), read('../../docs/scripting.md')].join('\n');

/**
 * The lines of every `sh tour` block, in order; a line that ends in a backslash is one command
 * with the next, as the shell reads it.
 */
function tourLines(): string[] {
  const lines: string[] = [];
  for (const match of TOUR.matchAll(/^```sh tour\n([\s\S]*?)^```$/gm)) {
    const text = (match[1] ?? '').replaceAll('\\\n', '');
    for (const line of text.split('\n')) if (line.trim()) lines.push(line);
  }
  return lines;
}

/** What a line must print (stdout and stderr together), beyond exiting 0. */
const EXPECTED: [RegExp, RegExp][] = [
  [/^domainctl domains list +#/, /www\.acme-shop\.com/],
  [/^domainctl domains add shop\.example\.com/, /Create these DNS records at your DNS provider/],
  // What `domains add` says to run next is the tour's next line, word for word.
  [
    /^domainctl domains add shop\.example\.com/,
    /check them with\n {2}domainctl domains check shop\.example\.com --project prj_demo_scale\n/,
  ],
  [
    /^domainctl domains check shop\.example\.com --project prj_demo_scale +#/,
    /All 3 records are right/,
  ],
  [
    /^domainctl domains wait shop\.example\.com/,
    /^shop\.example\.com reached "ownership verified"\.\nIt is verified \(at /m,
  ],
  [/^domainctl profile list +#/, /^\* +demo +http/m],
  // The key the line before it sets, read from stdin.
  [
    /^echo "\$API_KEY" \| domainctl profile add prod /,
    /^Added profile "prod": https:\/\/api\.example\.com, token \*\*\*\*mple\./,
  ],
  [/\| jq '\.domains \| length'/, /^\d+\n$/],
  [/--page-size 5 /, /More domains follow\. Next page: domainctl domains list /],
  [/--format zone >> example\.com\.zone/, /^$/],
  // The scripting guide.
  [/--arg zone \.acme-shop\.com$/, /^9\n$/],
  [
    /^domainctl profile list --jq/,
    /^demo\thttp:\/\/127\.0\.0\.1:\d+\nlocal\thttp:\/\/127\.0\.0\.1:\d+\n$/,
  ],
  [/-F name=@name\.txt/, /^ {2}"name": "analytics",$/m],
  [/--host '\*\.acme-shop\.com' --format ndjson/, /^www\.acme-shop\.com\napi\.acme-shop\.com\n/],
  [
    /--fail-on-match \|\| echo/,
    /^mail\.globex\.org .*\(6 days left\)[^\n]*\ndomainctl: 1 domain matches \(--fail-on-match\)\nrenew these\n$/m,
  ],
  [
    /^domainctl domains add --from-file hosts\.txt/,
    /^a\.example\.net +added *\nb\.example\.net +added *\nstaging\.example\.net +added *\n3 added, /m,
  ],
  [
    /--wait --timeout 300 && echo/,
    /^new\.example\.com reached "ownership verified"\.\nIt is verified \(at [^\n]*\n.*\nverified: deploy it\n$/m,
  ],
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

  it('runs every line of it, each exiting 0', { tags: ['jq'], timeout: 150_000 }, async () => {
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
    const env: Record<string, string> = {
      PATH: `${binDir}:${process.env.PATH ?? ''}`,
      HOME: home,
      TZ: 'UTC',
      NO_COLOR: '1',
      DOMAINCTL_CONFIG_DIR: join(home, 'config'),
    };
    // The shell variables the lines set so far, as `sh` lines run before each later one.
    const shellVariables: string[] = [];

    const [serveLine = '', ...rest] = lines;
    const serveArgs = serveLine.replace(/ &$/, '').replace('--port 7878', '--port 0').split(' ');
    server = spawnCli(serveArgs.slice(1), { env });
    const started = await server.waitForStdout(/^domainctl serve listening on /);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+) /.exec(started)?.[1] ?? '';
    // The demo's DNS answers on the API's port number, over UDP, as the tour's export says.
    const port = new URL(url).port;
    expect(started).toContain(
      `verifying DNS every 2 s via the demo's DNS at 127.0.0.1:${port}, which answers`,
    );
    // The commands' own DNS checks ask the demo's DNS once the tour's export line has run, which
    // comes before any command that asks DNS: no query leaves the machine.
    const exportAt = rest.findIndex((line) => line.startsWith('export DOMAINCTL_DNS_SERVER='));
    expect(exportAt).toBeGreaterThanOrEqual(0);
    expect(rest.slice(0, exportAt).filter((line) => /^domainctl domains /.test(line))).toEqual([]);

    for (const line of rest) {
      const command = line.replaceAll('127.0.0.1:7878', `127.0.0.1:${port}`);
      const run = spawnSync('sh', ['-c', [...shellVariables, command].join('\n')], {
        cwd: work,
        env,
        encoding: 'utf8',
        timeout: 30_000,
      });
      const output = `${run.stdout}${run.stderr}`;
      expect({ line, code: run.status, output }).toMatchObject({ line, code: 0 });
      const printed = EXPECTED.filter(([which]) => which.test(line)).map(([, text]) => text);
      for (const text of printed) expect(output, line).toMatch(text);
      const exported = /^export (\w+)=(\S+)/.exec(command);
      if (exported) Object.assign(env, { [exported[1] as string]: exported[2] });
      else if (/^\w+=\S+(\s+#.*)?$/.test(command)) shellVariables.push(command);
    }
    // What the lines left behind is what they said they would.
    expect(readFileSync(join(work, 'example.com.zone'), 'utf8')).toMatch(
      /^_domainctl-verify\.www\.example\.com\.\s+3600\s+IN\s+TXT\s+"domainctl-verify=/m,
    );
    expect(existsSync(join(work, 'body.json'))).toBe(true);
    expect(readFileSync(join(work, 'expiring.csv'), 'utf8')).toMatch(
      /^domain,status,verified_at,tls_cert_expiry,created_at\nmail\.globex\.org,verified,/,
    );
    const results = readFileSync(join(work, 'results.ndjson'), 'utf8').trimEnd().split('\n');
    expect(results.map((line) => JSON.parse(line) as unknown)).toEqual([
      expect.objectContaining({ host: 'a.example.net', result: 'exists' }),
      expect.objectContaining({ host: 'b.example.net', result: 'exists' }),
    ]);
    // About 45 commands, each a Node start: slow on a busy machine.
  });
});
