import { spawn } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, removeTempDirs, runCli, tempConfigDir } from '../helpers/cli.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { startRawServer, type RawServer } from '../helpers/raw-server.js';
import { TESTER_KEY } from '../helpers/server.js';
import { startTerminal, type Terminal } from '../helpers/tmux.js';

// Shell completion in real shells: bash, zsh and fish load the script `domainctl completion
// <shell>` prints, and the candidates of a Tab are read back from the shell itself. `domainctl`
// is on the shells' PATH (a link to the bin), as it is for a user.

const BASH_COMPLETION = '/usr/share/bash-completion/bash_completion';

const server = seededServerForFile();
/** A server that answers the project list at once until `slow` is set, then after 5 s. */
let flaky: RawServer;
let slow = false;
let env: Record<string, string>;
let cacheDir: string;
/** A folder with a host file in it, where the shells complete `--from-file hos`. */
let workDir: string;
/** The scripts `domainctl completion bash` and `… fish` print, in files of those names. */
let scripts: string;

beforeAll(async () => {
  flaky = await startRawServer((_req, res) => {
    setTimeout(
      () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            // Two IDs no shell may get as candidates: a control sequence, and a space.
            projects: [
              { id: 'prj_cached' },
              { id: 'prj_\u001b]2;owned\u0007' },
              { id: 'two words' },
            ],
            next_page_token: '',
          }),
        );
      },
      slow ? 5_000 : 0,
    );
  });
  const bin = tempConfigDir();
  symlinkSync(BIN, join(bin, 'domainctl'));
  const config = tempConfigDir();
  cacheDir = tempConfigDir();
  workDir = tempConfigDir();
  writeFileSync(join(workDir, 'hosts.txt'), 'shop.example.com\n');
  env = {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    HOME: tempConfigDir(),
    TZ: 'UTC',
    NO_COLOR: '1',
    DOMAINCTL_CONFIG_DIR: config,
    XDG_CACHE_HOME: cacheDir,
  };
  for (const [name, url, project] of [
    ['demo', server.url, 'prj_demo_scale'],
    ['flaky', flaky.url, 'prj_cached'],
  ] as const) {
    const added = await runCli(
      ['profile', 'add', name, '--base-url', url, '--token', TESTER_KEY, '--project', project],
      { env: { DOMAINCTL_CONFIG_DIR: config } },
    );
    expect(added.code).toBe(0);
  }
  // Printed once, into files, as the scripting guide installs them: each bash and fish below
  // loads the file (the terminals load the script with `source <(…)`, as it is printed).
  scripts = tempConfigDir();
  const printed = await shell('bash', [
    '--norc',
    '--noprofile',
    '-c',
    `domainctl completion bash > ${join(scripts, 'bash')} && domainctl completion fish > ${join(scripts, 'fish')}`,
  ]);
  expect(printed.stderr).toBe('');
});
afterAll(async () => {
  await Promise.all([server.close(), flaky.close()]);
  removeTempDirs();
});

/**
 * Runs a shell, without blocking this process: the test servers answer from it, so a spawnSync
 * would keep them from answering the completion's request.
 */
function shell(program: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve({ stdout, stderr }));
  });
}

/**
 * The candidates bash offers for `line` (the cursor at its end): bash-completion and our script
 * loaded, COMP_* set as bash sets them on a Tab, our function called, COMPREPLY read back.
 */
async function bash(line: string): Promise<{ candidates: string[] }> {
  const script = `
source ${BASH_COMPLETION}
source ${join(scripts, 'bash')}
COMP_LINE="$1"; COMP_POINT=\${#COMP_LINE}
read -ra COMP_WORDS <<< "$COMP_LINE"; [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
__domainctl_complete 2>/dev/null
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = await shell('bash', ['--norc', '--noprofile', '-c', script, 'bash', line]);
  expect(result.stderr).toBe('');
  return { candidates: result.stdout.split('\n').filter((c) => c !== '') };
}

/**
 * A `domainctl` for the shells' PATH that runs the bin and notes how long each run that answers a
 * Tab (`domainctl complete …`, not the `completion bash` that loads the script) took, in ms: the
 * time of the node process, without the shell's own around it.
 */
function timedBin(): { dir: string; runs: () => number[] } {
  const dir = tempConfigDir();
  const log = join(dir, 'runs.txt');
  writeFileSync(log, '');
  writeFileSync(
    join(dir, 'domainctl'),
    `#!/usr/bin/env bash
started=$EPOCHREALTIME
${JSON.stringify(BIN)} "$@"
code=$?
ended=$EPOCHREALTIME
[[ "$1" == complete ]] && echo $(( (\${ended/./} - \${started/./}) / 1000 )) >> ${JSON.stringify(log)}
exit $code
`,
  );
  chmodSync(join(dir, 'domainctl'), 0o755);
  const runs = () =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map(Number);
  return { dir, runs };
}

/** The candidates fish offers (`complete -C`), values only. */
async function fish(line: string): Promise<string[]> {
  const result = await shell('fish', [
    '--no-config',
    '-c',
    `source ${join(scripts, 'fish')}; complete -C $argv[1]`,
    line,
  ]);
  expect(result.stderr).toBe('');
  return result.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split('\t')[0] as string);
}

const PROJECTS = ['prj_demo_scale', 'prj_demo_enterprise', 'prj_demo_free'];
const PATHS = [
  '/v1/projects',
  '/v1/projects/{project_id}',
  '/v1/projects/{project_id}/databases',
  '/v1/projects/{project_id}/domains',
  '/v1/projects/prj_demo_scale',
  '/v1/projects/prj_demo_scale/databases',
  '/v1/projects/prj_demo_scale/domains',
];

// The two tests of the project cache run first, one after the other: the first wants the API
// asked once (no other shell may fill the cache before it), and the second times each Tab's
// process against its 1 s budget, so no other shell of this file runs beside it. The shells after
// them run side by side: they only read the config and the cache (or ask the demo API, which
// gives the same candidates), each in a shell, or a terminal, of its own.
describe('completion in bash, of --project from the API', { tags: ['bash-completion'] }, () => {
  it('asks the API of the profile for --project, then serves it from the cache', async () => {
    const before = server.requests.length;
    expect((await bash('domainctl --project ')).candidates).toEqual(PROJECTS);
    expect(server.requests.slice(before)).toEqual(['GET /v1/projects 200']);
    const again = await bash('domainctl domains list --project prj_demo_');
    expect(again.candidates).toEqual(PROJECTS);
    // Served from the cache: the API was not asked again.
    expect(server.requests.slice(before)).toHaveLength(1);
    expect(readdirSync(join(cacheDir, 'domainctl', 'completion'))).toHaveLength(1);
  });

  it('answers --project within 1 s when the API is slow: from the cache, however old, or nothing', async () => {
    slow = false;
    expect((await bash('domainctl --profile flaky --project ')).candidates).toEqual(['prj_cached']);
    slow = true;
    // From here the shells run the timed bin: each Tab's answer is one run of it, within 1 s.
    const timed = timedBin();
    const path = env.PATH as string;
    env.PATH = `${timed.dir}:${path}`;
    const tab = async () => {
      const before = timed.runs().length;
      const { candidates } = await bash('domainctl --profile flaky --project ');
      const runs = timed.runs().slice(before);
      expect(runs).toHaveLength(1);
      return { candidates, ms: runs[0] as number };
    };
    try {
      // The cache is fresh for five minutes: the slow API is not even asked.
      const asked = flaky.requests.length;
      const cached = await tab();
      expect(cached.candidates).toEqual(['prj_cached']);
      expect(cached.ms).toBeLessThan(1_000);
      expect(flaky.requests).toHaveLength(asked);
      // An old cache is served when the API does not answer in time.
      const dir = join(cacheDir, 'domainctl', 'completion');
      const old = Date.now() / 1000 - 3600;
      for (const file of readdirSync(dir)) utimesSync(join(dir, file), old, old);
      const stale = await tab();
      expect(stale.candidates).toEqual(['prj_cached']);
      expect(stale.ms).toBeLessThan(1_000);
      expect(flaky.requests).toHaveLength(asked + 1);
      // No cache at all: nothing, within the second.
      const empty = tempConfigDir();
      mkdirSync(join(empty, 'domainctl'));
      const saved = env.XDG_CACHE_HOME as string;
      env.XDG_CACHE_HOME = empty;
      try {
        const none = await tab();
        expect(none.candidates).toEqual([]);
        expect(none.ms).toBeLessThan(1_000);
      } finally {
        env.XDG_CACHE_HOME = saved;
      }
    } finally {
      env.PATH = path;
    }
  });
});

describe.concurrent('completion in bash', { tags: ['bash-completion'] }, () => {
  it('completes commands, global options on a subcommand, and profile names', async ({
    expect,
  }) => {
    const [commands, options, status, profiles, formats] = await Promise.all([
      bash('domainctl do'),
      bash('domainctl domains list --pro'),
      bash('domainctl domains list --st'),
      bash('domainctl --profile '),
      bash('domainctl domains list --format '),
    ]);
    expect(commands.candidates).toEqual(['domains']);
    expect(options.candidates).toEqual(['--profile', '--project']);
    expect(status.candidates).toEqual(['--status']);
    expect(profiles.candidates).toEqual(['demo', 'flaky']);
    expect(formats.candidates).toEqual(['table', 'json', 'ndjson', 'csv']);
  });

  it('completes methods and the route table’s paths, filled with the active project', async ({
    expect,
  }) => {
    const [methods, paths, filled] = await Promise.all([
      bash('domainctl api request '),
      bash('domainctl api request GET /v1/pro'),
      bash('domainctl api request DELETE /v1/projects/prj_demo_scale/d'),
    ]);
    expect(methods.candidates).toEqual(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);
    expect(paths.candidates).toEqual(PATHS);
    expect(filled.candidates).toEqual(['/v1/projects/prj_demo_scale/databases/{database_id}']);
  });
});

describe.concurrent(
  'completion in bash, on a real Tab',
  { tags: ['bash-completion', 'tmux'] },
  () => {
    let terminal: Terminal | undefined;
    afterAll(() => terminal?.kill());

    it('completes file names after --from-file, none where a value is ours, and --format=c', async () => {
      terminal = startTerminal({ name: 'bash-completion', columns: 120, rows: 30, env });
      await terminal.send(
        {
          text: `cd ${workDir} && source ${BASH_COMPLETION} && source <(domainctl completion bash) && echo loaded`,
        },
        'Enter',
      );
      await terminal.waitForScreen(/^loaded$/m);
      await terminal.send('C-l', { text: 'domainctl domains add --from-file hos' }, 'Tab');
      await terminal.waitForScreen(/^\$ domainctl domains add --from-file hosts\.txt$/m);
      // A profile name is ours to offer: a file name never is. The Z typed after the Tabs shows
      // where the line ended up once bash had handled them.
      await terminal.send('C-u', { text: 'domainctl profile use hos' }, 'Tab', 'Tab', {
        text: 'Z',
      });
      await terminal.waitForScreen(/^\$ domainctl profile use hosZ$/m);
      // An option's value after `=`, as readline splits the word there.
      await terminal.send('C-u', { text: 'domainctl domains list --format=c' }, 'Tab');
      await terminal.waitForScreen(/^\$ domainctl domains list --format=csv$/m);
    });
  },
);

describe.concurrent('completion in fish', { tags: ['fish'] }, () => {
  it('offers the same candidates', async ({ expect }) => {
    const [commands, options, profiles, paths, projects, files] = await Promise.all([
      fish('domainctl do'),
      fish('domainctl domains list --pro'),
      fish('domainctl --profile '),
      fish('domainctl api request GET /v1/pro'),
      fish('domainctl --project '),
      fish('domainctl domains add --from-file hos'),
    ]);
    expect(commands).toEqual(['domains']);
    expect(options).toEqual(['--profile', '--project']);
    expect(profiles).toEqual(['demo', 'flaky']);
    expect(paths.sort()).toEqual([...PATHS].sort());
    expect(projects.sort()).toEqual([...PROJECTS].sort());
    expect(files).toEqual(['hosts.txt']);
  });
});

describe.concurrent('completion in zsh', { tags: ['zsh', 'tmux'] }, () => {
  let terminal: Terminal | undefined;
  afterAll(() => terminal?.kill());

  it('completes on Tab in a real zsh', async ({ expect }) => {
    terminal = startTerminal({ name: 'zsh-completion', columns: 120, rows: 30, env });
    await terminal.send({ text: `cd ${workDir} && exec env PS1='z> ' zsh -f` }, 'Enter');
    // zsh -f reads no rc file: compinit and the script are loaded by hand, as a .zshrc would.
    await terminal.send(
      {
        text: 'autoload -U compinit && compinit -u && source <(domainctl completion zsh) && echo loaded',
      },
      'Enter',
    );
    await terminal.waitForScreen(/^loaded$/m);
    await terminal.send({ text: 'domainctl do' }, 'Tab');
    // tmux drops the space after the completed word from the line it captures.
    await terminal.waitForScreen(/^z> domainctl domains$/m);
    await terminal.send('C-u', { text: 'domainctl domains list --pro' }, 'Tab');
    const listed = await terminal.waitForScreen(/^--project +-- project for/m);
    expect(listed).toMatch(/^--profile +-- use this profile/m);
    await terminal.send(
      'C-u',
      { text: 'domainctl api request GET /v1/projects/prj_demo_scale/do' },
      'Tab',
    );
    await terminal.waitForScreen(
      /^z> domainctl api request GET \/v1\/projects\/prj_demo_scale\/domains$/m,
    );
    await terminal.send('C-u', { text: 'domainctl --project ' }, 'Tab');
    // zsh first inserts what every candidate starts with, and lists them on the next Tab.
    await terminal.waitForScreen(/^z> domainctl --project prj_demo_$/m);
    await terminal.send('Tab');
    const projects = await terminal.waitForScreen(/prj_demo_free/);
    expect(projects).toMatch(/prj_demo_scale/);
    expect(projects).toMatch(/prj_demo_enterprise/);
    // Values without a description are listed as they are: no `--` after them as if one followed.
    await terminal.send('C-u', 'C-l', { text: 'domainctl --profile ' }, 'Tab');
    await terminal.waitForScreen(/^demo +flaky$/m);
    await terminal.send('C-u', 'C-l', { text: 'domainctl domains add --from-file hos' }, 'Tab');
    await terminal.waitForScreen(/^z> domainctl domains add --from-file hosts\.txt$/m);
  });
});
