import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli } from '../helpers/cli.js';

afterAll(removeTempDirs);

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const GLOBAL_OPTIONS = `Global Options:
  -v, --version               print the version
  --profile <name>            use this profile instead of the active one (env
                              DOMAINCTL_PROFILE)
  --base-url <url>            API base URL (env DOMAINCTL_BASE_URL)
  --token <token>             bearer token or API key (env DOMAINCTL_TOKEN)
  --project <id>              project for {project_id} and domain commands (env
                              DOMAINCTL_PROJECT)
  --org <id>                  organisation for {org_id}
  --json                      print compact JSON
  --no-color                  never colour the output (also NO_COLOR)
  --debug                     trace requests and responses on stderr,
                              credentials masked
  --max-response-size <size>  the most one API answer may be once decoded
                              (default 64M; env DOMAINCTL_MAX_RESPONSE_SIZE)
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
  domain                      host name of a domain of the project

Options:
  --format <format>           how to print them; zone is a BIND zone-file
                              snippet (default: table, or json with --json)
                              (choices: "table", "json", "zone")
  -h, --help                  display help for command

${GLOBAL_OPTIONS}
Examples:
  $ domainctl domains records shop.example.com --project prj_demo_scale
  $ domainctl domains records shop.example.com --format zone >> example.com.zone
`,
      stderr: '',
      code: 0,
    });
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
    ['profile', 'list'],
    ['profile', 'use'],
    ['profile', 'show'],
    ['profile', 'remove'],
    ['serve'],
  ];
  it.each(commands.map((c) => [c.join(' '), c]))(
    '%s --help has an example and the global options',
    async (name, args) => {
      const result = await runCli([...(args as string[]), '--help']);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^Usage: domainctl /);
      const examples = result.stdout.split(/\nExamples?:\n/)[1] ?? '';
      expect(examples).toMatch(new RegExp(`^ {2}\\$ (.*\\| )?domainctl ${name}( |$)`, 'm'));
      expect(result.stdout).toContain('--token <token>');
      expect(result.stdout).toContain('--no-color');
    },
  );

  it('says to use the commands when run with no command and no terminal (2)', async () => {
    expect(await runCli([])).toEqual({
      stdout: '',
      stderr: 'domainctl: no command given. Run domainctl --help for the commands.\n',
      code: 2,
    });
  });

  it('stops quietly when the reader of the help closes the pipe (| head)', async () => {
    expect(await runCli(['domains', '--help'], { closeStdout: true })).toEqual({
      stdout: '',
      stderr: '',
      code: 0,
    });
  });

  it('names an unknown command and lists the real ones (2)', async () => {
    expect(await runCli(['nope'])).toEqual({
      stdout: '',
      stderr:
        'domainctl: unknown command "nope"; the commands are api, domains, profile, serve, demo\n',
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
