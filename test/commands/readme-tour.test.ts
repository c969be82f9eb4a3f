import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempConfigDir } from '../helpers/cli.js';
import { type CliProcess, readLines } from '../helpers/serve-process.js';

// The README's tour, then the scripting guide's examples that go on from it: every fenced block
// tagged `sh tour`, run in order, line by line, in one shell's working folder and config folder,
// as a reader from a clone would paste them. PATH holds only the folders of Node, npm, jq and the
// shell's tools, and npm's global bin folder: `domainctl` gets there by the tour's own first line,
// `npm link`, run in this clone with a global folder of the test's (npm_config_prefix), and with
// --ignore-scripts --offline, since the suite's set-up has built dist/ already (a second build
// under the other test files' feet would swap their bundle mid-run). The other lines run in a
// folder of their own, so the files they write stay out of the clone. The server's line is
// changed only to listen on a free port rather than 7878 (which may be taken on this machine),
// and the other lines get that port in place of 7878. An `export` line is kept for the lines
// after it, as the shell would keep it, and so is a line that only sets a shell variable
// (`API_KEY=…`), unexported. The environment holds nothing a reader's shell would not: no
// variable a line uses comes from the test (TZ, NO_COLOR and the config folder only keep the
// output the same and the reader's own profiles out of it).

/** This clone: where the tour's `npm link` runs. */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
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

/**
 * The folders of a reader's PATH that the tour needs: Node's (the one running the tests), and
 * this shell's for npm, jq and the shell's own tools, without node_modules/.bin (which npm and
 * vitest add) and without any folder that holds a `domainctl` already.
 */
function readerPath(): string[] {
  const folders = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir && !dir.includes('node_modules'))
    .filter((dir) => !existsSync(join(dir, 'domainctl')));
  return [dirname(process.execPath), ...folders];
}

/** A line run by `sh` in the background, read as spawnCli reads the bin's output. */
function spawnShell(line: string, options: { cwd: string; env: Record<string, string> }) {
  return readLines(
    spawn('sh', ['-c', `exec ${line}`], { ...options, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
}

let server: CliProcess | undefined;
afterAll(async () => {
  server?.child.kill('SIGTERM');
  if (server) expect(await server.exited).toEqual({ code: 0, signal: null });
  removeTempDirs();
});

describe("the README's tour runs as written against the demo server", () => {
  const lines = tourLines();

  it('has a tour: domainctl on PATH, the server, a profile, a domain added and verified, and how to stop', () => {
    expect(lines[0]).toMatch(/^npm link +#/);
    expect(lines[1]).toBe(
      'domainctl serve --seed demo --db :memory: --port 7878 --log-file serve.log &',
    );
    expect(lines).toContain(
      'domainctl domains wait shop.example.com    # verified within seconds: see below',
    );
    expect(lines.filter((line) => line.trimEnd().endsWith('&'))).toHaveLength(1);
    // How to stop it, said after the block that starts it (it runs to the end of this test).
    expect(TOUR).toMatch(/The server runs until you stop it: `kill %1`/);
  });

  it('runs every line of it, each exiting 0', { tags: ['jq'], timeout: 180_000 }, async () => {
    const home = tempConfigDir();
    const work = tempConfigDir();
    // npm's global folder, where `npm link` puts the bin: its bin folder is on a reader's PATH.
    const globalPrefix = join(home, 'npm-global');
    const globalBin = join(globalPrefix, 'bin');
    const env: Record<string, string> = {
      PATH: [globalBin, ...readerPath()].join(delimiter),
      HOME: home,
      TZ: 'UTC',
      NO_COLOR: '1',
      DOMAINCTL_CONFIG_DIR: join(home, 'config'),
      npm_config_prefix: globalPrefix,
    };
    const sh = (line: string, cwd = work, timeout = 60_000) =>
      spawnSync('sh', ['-c', line], { cwd, env, encoding: 'utf8', timeout });
    // Nothing on that PATH is domainctl before the tour's first line says how to put it there.
    expect(sh('command -v domainctl').status).not.toBe(0);

    const [linkLine = '', serveLine = '', ...rest] = lines;
    // npm reads the whole tree it links (the clone's node_modules): on a loaded machine, running
    // the suite's other files, that took over a minute once (Node 24, npm 12).
    const linkStarted = Date.now();
    const linked = sh(
      `${linkLine.replace(/ *#.*$/, '')} --ignore-scripts --offline`,
      repoRoot,
      120_000,
    );
    expect({
      line: linkLine,
      code: linked.status,
      signal: linked.signal,
      output: linked.stderr,
      ms: Date.now() - linkStarted,
    }).toMatchObject({ code: 0 });
    expect(sh('command -v domainctl').stdout).toBe(`${join(globalBin, 'domainctl')}\n`);

    // The server as the line starts it, through the shell and the linked bin, in the background.
    server = spawnShell(serveLine.replace(/ &$/, '').replace('--port 7878', '--port 0'), {
      cwd: work,
      env,
    });
    // The shell variables the lines set so far, as `sh` lines run before each later one.
    const shellVariables: string[] = [];

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
    // The request log went to serve.log, none of it into the commands' output: the server's
    // stdout had its listening line only.
    expect(server.stdout).toEqual([started]);
    expect(readFileSync(join(work, 'serve.log'), 'utf8')).toMatch(
      / POST \/v1\/projects\/prj_demo_scale\/domains 201 /,
    );
    // About 45 commands, each a Node start: slow on a busy machine.
  });
});
