import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli, runBin } from '../helpers/cli.js';

afterAll(removeTempDirs);

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// As gh shows inherited flags: a short block after the command's own; `domainctl --help`
// describes them.
const GLOBAL_OPTIONS = `Global Options (see domainctl --help):
  --profile <name>  --base-url <url>  --token <token>  --project <id>
  --org <id>  --json  --no-color  --debug  --max-response-size <size>
`;

describe('help and version', () => {
  it('prints the version', async () => {
    for (const flag of ['--version', '-v']) {
      expect(await runCli([flag])).toEqual({ stdout: `${pkg.version}\n`, stderr: '', code: 0 });
    }
  });

  it('shows a command, its options, the global options and examples', async () => {
    expect(await runCli(['domains', 'records', '--help'])).toEqual({
      stdout: `Usage: domainctl domains records [options] <domain>

Show the DNS records a domain needs

Arguments:
  domain                host name of a domain of the project

Options:
  --format <format>     how to print them; zone is a BIND zone-file snippet
                        (default: table, or json with --json) (choices: "table",
                        "json", "zone")
  --jq <expression>     filter the JSON through this jq expression; strings
                        print raw (as jq -r)
  --arg <name> <value>  a string for $name in the --jq expression, as jq --arg
                        (repeatable)
  -h, --help            display help for command

${GLOBAL_OPTIONS}
Examples:
  $ domainctl domains records shop.example.com --project prj_demo_scale
  $ domainctl domains records shop.example.com --format zone >> example.com.zone
`,
      stderr: '',
      code: 0,
    });
  });

  it('says at the top that plain domainctl opens the UI, describes the global options, and has examples', async () => {
    const result = await runCli(['--help']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '  --profile <name>            use this profile instead of the active one (env\n                              DOMAINCTL_PROFILE)\n',
    );
    expect(result.stdout).toContain(
      '\nWith no command, on a terminal, domainctl opens the terminal UI with the active profile',
    );
    expect(result.stdout).toMatch(
      /\nExamples:\n {2}\$ domainctl {34}# the terminal UI\n {2}\$ domainctl demo /,
    );
    expect(result.stdout).not.toContain('Global Options');
  });

  it('shows -H without a (default: [])', async () => {
    const result = await runCli(['api', 'request', '--help']);
    expect(result.stdout).toContain(
      "\n  -H, --header <header>        extra header 'Name: value' (repeatable)\n",
    );
    expect(result.stdout).not.toContain('default: []');
  });

  const commands = [
    ['api'],
    ['api', 'request'],
    ['domains'],
    ['domains', 'list'],
    ['domains', 'add'],
    ['domains', 'records'],
    ['domains', 'check'],
    ['domains', 'wait'],
    ['profile'],
    ['profile', 'add'],
    ['profile', 'set'],
    ['profile', 'list'],
    ['profile', 'use'],
    ['profile', 'show'],
    ['profile', 'remove'],
    ['serve'],
    ['help'],
  ];
  it.each(commands.map((c) => [c.join(' '), c]))(
    '%s --help has an example and the short block of global options',
    async (name, args) => {
      const result = await runCli([...(args as string[]), '--help']);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^Usage: domainctl /);
      const examples = result.stdout.split(/\nExamples?:\n/)[1] ?? '';
      expect(examples).toMatch(new RegExp(`^ {2}\\$ (.*\\| )?domainctl ${name}( |$)`, 'm'));
      // The global options once, in the short block, never described again in full.
      expect(result.stdout).toContain(`\n\n${GLOBAL_OPTIONS}`);
      expect(result.stdout).not.toContain('use this profile instead of the active one');
    },
  );

  // Every group's help lists `help [command]`; from the top it answers any command, at any depth.
  it('help COMMAND... prints what COMMAND... --help prints (0)', async () => {
    for (const words of [[], ['domains'], ['domains', 'list'], ['profile', 'set'], ['help']]) {
      const asked = await runCli(['help', ...words]);
      expect(asked, words.join(' ')).toEqual(await runCli([...words, '--help']));
      expect(asked.code).toBe(0);
      // A command with an alias shows it after a bar: `domains list|ls`.
      expect(asked.stdout).toMatch(new RegExp(`^Usage: ${['domainctl', ...words].join(' ')}[ |]`));
    }
    // And within a group, as that group's help lists it.
    expect(await runCli(['domains', 'help', 'list'])).toEqual(
      await runCli(['domains', 'list', '--help']),
    );
  });

  it('help with a word that names no command: the same error as the words alone (2)', async () => {
    expect(await runCli(['help', 'domian'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: unknown command 'domian'\n(Did you mean domains?)\n(run with --help for usage)\n",
      code: 2,
    });
    expect(await runCli(['help', 'domains', 'lst'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: unknown command 'lst'\n(Did you mean one of list, ls?)\n(run with --help for usage)\n",
      code: 2,
    });
  });

  it('says to use the commands when run with no command and no terminal (2)', async () => {
    expect(await runCli([])).toEqual({
      stdout: '',
      stderr: 'domainctl: no command given. Run domainctl --help for the commands.\n',
      code: 2,
    });
  });

  // A process boundary: EPIPE on the process's own stdout, and how the process then exits.
  it('stops quietly when the reader of the help closes the pipe (| head)', async () => {
    expect(await runBin(['domains', '--help'], { closeStdout: true })).toEqual({
      stdout: '',
      stderr: '',
      code: 0,
    });
  });

  it('names an unknown command and lists the real ones (2)', async () => {
    expect(await runCli(['nope'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: unknown command 'nope'\n(the commands are api, domains, profile, serve, demo, completion)\n(run with --help for usage)\n",
      code: 2,
    });
  });

  it('suggests the command meant for a misspelt one, on a line of its own (2)', async () => {
    expect(await runCli(['domian', 'list'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: unknown command 'domian'\n(Did you mean domains?)\n(run with --help for usage)\n",
      code: 2,
    });
    expect(await runCli(['domains', 'lst'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: unknown command 'lst'\n(Did you mean one of list, ls?)\n(run with --help for usage)\n",
      code: 2,
    });
  });

  it('suggests the option meant for a misspelt one, on a line of its own (2)', async () => {
    expect(await runCli(['domains', 'list', '--pagesize', '5'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: unknown option '--pagesize'\n(Did you mean --page-size?)\n(run with --help for usage)\n",
      code: 2,
    });
  });

  it('answers --version the same with other arguments after it', async () => {
    expect(await runCli(['--version', '--json'])).toEqual({
      stdout: `${pkg.version}\n`,
      stderr: '',
      code: 0,
    });
  });

  it('treats a group without its subcommand as a usage error (2)', async () => {
    const result = await runCli(['domains']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Usage: domainctl domains \[options\] \[command\]\n/);
  });
});
