import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempConfigDir } from '../helpers/cli.js';
import {
  type CompletionShells,
  completionShells,
  needsBashCompletion,
  needsZsh,
  offered,
} from '../helpers/completion-shells.js';
import { literally } from '../helpers/hostile.js';
import { startRawServer, type RawServer } from '../helpers/raw-server.js';
import { startTerminal, type Terminal } from '../helpers/tmux.js';

// Tab must never run what the API (or a cache file, or a pasted line) says. A hostile API on
// loopback lists project IDs and domain names that are shell commands; bash, zsh and fish
// complete them with the scripts `domainctl completion <shell>` prints, and none of the
// commands may run: each would create a file in the shells' working folder, which must hold only
// what the test put there.

/** Each one creates a file named MARKER… in the working folder, when a shell evaluates it. */
const HOSTILE_PROJECTS = ['prj_$(touch${IFS}MARKER1)', 'prj_`id>MARKER2`', 'prj_x;id>MARKER3'];
const HOSTILE_DOMAINS = ['$(touch${IFS}MARKER4).example.com', 'a`id>MARKER5`.example.com'];

let hostile: RawServer;
let shells: CompletionShells;

beforeAll(async () => {
  hostile = await startRawServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const url = req.url ?? '';
    res.end(
      JSON.stringify(
        url.startsWith('/v1/projects/prj_ok/domains')
          ? {
              domains: [...HOSTILE_DOMAINS, 'ok.example.com'].map((domain) => ({ domain })),
              next_page_token: '',
            }
          : {
              projects: [...HOSTILE_PROJECTS, 'prj_ok'].map((id) => ({ id })),
              next_page_token: '',
            },
      ),
    );
  });
  shells = await completionShells([['hostile', hostile.url, 'prj_ok']]);
});
afterAll(async () => {
  await hostile.close();
  removeTempDirs();
});

/** What the working folder holds: hosts.txt, and a MARKER file for each command that ran. */
const workFiles = () => readdirSync(shells.workDir).sort();

/** A fresh XDG_CACHE_HOME for the shells from here on, so the next Tab asks the API. */
function freshCache(): string {
  const dir = tempConfigDir();
  shells.env.XDG_CACHE_HOME = dir;
  return join(dir, 'domainctl', 'completion');
}

/**
 * Writes every completion cache file under `dir` again, with the hostile values as well as the
 * one good value (a cache someone else wrote): it is fresh, so the next Tab reads it.
 */
function poisonCache(dir: string): void {
  const files = readdirSync(dir);
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const values = JSON.parse(readFileSync(join(dir, file), 'utf8')) as string[];
    const poison = file.startsWith('projects-') ? HOSTILE_PROJECTS : HOSTILE_DOMAINS;
    writeFileSync(join(dir, file), JSON.stringify([...poison, ...values]));
  }
}

// One after the other: each test gives the shells a cache folder of its own.
describe('completion of a hostile API’s values runs nothing', () => {
  it(
    'in bash: only the IDs and host names the contract allows, from the API and the cache',
    { tags: ['bash-completion'] },
    async () => {
      const cache = freshCache();
      const asked = hostile.requests.length;
      const projects = await offered(
        async () => (await shells.bash('domainctl --profile hostile --project ')).candidates,
      );
      expect(projects.candidates).toEqual(['prj_ok']);
      const hosts = await offered(
        async () => (await shells.bash('domainctl --profile hostile domains records ')).candidates,
      );
      expect(hosts.candidates).toEqual(['ok.example.com']);
      // One request a list (one more for each answer that came too late to offer).
      expect(hostile.requests).toHaveLength(asked + projects.asks + hosts.asks);
      // What is cached is only what was offered.
      expect(
        readdirSync(cache).map((file) => JSON.parse(readFileSync(join(cache, file), 'utf8'))),
      ).toEqual(expect.arrayContaining([['prj_ok'], ['ok.example.com']]));
      poisonCache(cache);
      expect((await shells.bash('domainctl --profile hostile --project prj')).candidates).toEqual([
        'prj_ok',
      ]);
      expect((await shells.bash('domainctl --profile hostile domains check ')).candidates).toEqual([
        'ok.example.com',
      ]);
      // Served from the cache: the API was not asked again.
      expect(hostile.requests).toHaveLength(asked + projects.asks + hosts.asks);
      expect(workFiles()).toEqual(['hosts.txt']);
    },
  );

  it(
    'in bash: the words on the line reach domainctl as they are, never evaluated',
    { tags: ['bash-completion'] },
    async () => {
      needsBashCompletion();
      const { candidates } = await shells.bash(
        'domainctl --profile hostile api request GET /v1/$(touch${IFS}MARKER6)',
      );
      expect(candidates).toEqual([]);
      const quoted = await shells.bash(
        'domainctl --profile hostile --project "prj_$(touch${IFS}MARKER7)" ',
      );
      expect(quoted.candidates).toContain('domains');
      expect(workFiles()).toEqual(['hosts.txt']);
    },
  );

  it(
    'in fish: only the IDs and host names the contract allows, from the API and the cache',
    { tags: ['fish'] },
    async () => {
      const cache = freshCache();
      expect(
        (await offered(() => shells.fish('domainctl --profile hostile --project '))).candidates,
      ).toEqual(['prj_ok']);
      expect(
        (await offered(() => shells.fish('domainctl --profile hostile domains wait '))).candidates,
      ).toEqual(['ok.example.com']);
      poisonCache(cache);
      expect(await shells.fish('domainctl --profile hostile --project ')).toEqual(['prj_ok']);
      expect(await shells.fish('domainctl --profile hostile domains wait ')).toEqual([
        'ok.example.com',
      ]);
      expect(workFiles()).toEqual(['hosts.txt']);
    },
  );

  describe('in zsh, on a real Tab', { tags: ['zsh', 'tmux'] }, () => {
    let terminal: Terminal | undefined;
    afterAll(() => terminal?.kill());

    it('inserts only the IDs and host names the contract allows, and Enter runs only domainctl', async () => {
      needsZsh();
      const cache = freshCache();
      terminal = startTerminal({
        name: 'zsh-hostile',
        columns: 120,
        rows: 30,
        env: shells.env,
        cwd: shells.workDir,
      });
      await terminal.send({ text: `exec env PS1='z> ' zsh -f` }, 'Enter');
      await terminal.send(
        {
          text: 'autoload -U compinit && compinit -u && source <(domainctl completion zsh) && echo loaded',
        },
        'Enter',
      );
      await terminal.waitForScreen(/^loaded$/m);
      const tab = async (line: string, inserted: string) => {
        await terminal?.send('C-l', { text: line }, 'Tab');
        await terminal?.waitForScreen(new RegExp(`^z> ${literally(line + inserted)}$`, 'm'));
        // Run what Tab made of the line (its help, so nothing else happens) and see it end.
        await terminal?.send({ text: ' --help > /dev/null; echo ran' }, 'Enter');
        await terminal?.waitForScreen(/^ran$/m);
      };
      // The one candidate left is inserted whole; the others are never offered.
      await tab('domainctl --profile hostile --project prj', '_ok');
      await tab('domainctl --profile hostile domains records ', 'ok.example.com');
      poisonCache(cache);
      await tab('domainctl --profile hostile --project prj', '_ok');
      await tab('domainctl --profile hostile domains records ', 'ok.example.com');
      expect(workFiles()).toEqual(['hosts.txt']);
    });
  });
});
