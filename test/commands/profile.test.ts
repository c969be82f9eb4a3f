import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

const server = seededServerForFile();

/** A fresh config directory, and a runner bound to it. */
function configHome() {
  const dir = tempConfigDir();
  const file = join(dir, 'config.json');
  const run = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
    runCli(args, { input: options.input, env: { DOMAINCTL_CONFIG_DIR: dir, ...options.env } });
  const stored = () => JSON.parse(readFileSync(file, 'utf8'));
  return { dir, file, run, stored };
}

describe('profile add', () => {
  it('makes the first profile active and writes the file with mode 0600', async () => {
    const { dir, file, run, stored } = configHome();
    expect(
      await run(['profile', 'add', 'local', '--base-url', `${server.url}/`, '--token', TESTER_KEY]),
    ).toEqual({
      stdout: `Added profile "local": ${server.url}, token ****ster; it is the active profile.\n`,
      stderr: '',
      code: 0,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(stored()).toEqual({
      active: 'local',
      profiles: { local: { base_url: server.url, token: TESTER_KEY } },
      recent_projects: {},
    });

    expect(
      await run([
        'profile',
        'add',
        'prod',
        '--base-url',
        'https://api.example.com/v2',
        '--project',
        'prj_a',
        '--org',
        'org_a',
      ]),
    ).toEqual({
      stdout:
        'Added profile "prod": https://api.example.com/v2, no token. Make it the active profile with: domainctl profile use prod\n',
      stderr: '',
      code: 0,
    });
    expect(stored().active).toBe('local');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('replaces a profile of the same name and says so', async () => {
    const { run, stored } = configHome();
    await run([
      'profile',
      'add',
      'local',
      '--base-url',
      server.url,
      '--token',
      TESTER_KEY,
      '--project',
      'prj_demo_scale',
    ]);
    expect(await run(['profile', 'add', 'local', '--base-url', 'http://127.0.0.1:1234'])).toEqual({
      stdout:
        'Updated profile "local" (its previous settings were replaced): http://127.0.0.1:1234, no token; it is the active profile.\n',
      stderr: '',
      code: 0,
    });
    expect(stored().profiles).toEqual({ local: { base_url: 'http://127.0.0.1:1234' } });
  });

  it('reads the token from stdin with --token-stdin, without the newline', async () => {
    const { run, stored } = configHome();
    expect(
      await run(['profile', 'add', 'ci', '--base-url', server.url, '--token-stdin'], {
        input: `${TESTER_KEY}\n`,
      }),
    ).toEqual({
      stdout: `Added profile "ci": ${server.url}, token ****ster; it is the active profile.\n`,
      stderr: '',
      code: 0,
    });
    expect(stored().profiles.ci.token).toBe(TESTER_KEY);
    // The stored token works.
    const expected = await (
      await fetch(`${server.url}/v1/projects`, {
        headers: { authorization: `Bearer ${TESTER_KEY}` },
      })
    ).json();
    expect(await run(['api', 'request', 'GET', '/v1/projects', '--json'])).toEqual({
      stdout: `${JSON.stringify(expected)}\n`,
      stderr: '',
      code: 0,
    });
  });

  it('refuses an empty --token-stdin, both token flags, a bad URL and a bad name (2)', async () => {
    const { file, run } = configHome();
    const cases: [string[], string][] = [
      [['--base-url', server.url, '--token-stdin'], '--token-stdin read an empty token from stdin'],
      [
        ['--base-url', server.url, '--token', 'a', '--token-stdin'],
        'give the token with --token or --token-stdin, not both',
      ],
      [[], 'profile add needs --base-url URL (e.g. https://api.example.com)'],
      [
        ['--base-url', 'api.example.com'],
        '--base-url "api.example.com" is not a URL (e.g. https://api.example.com)',
      ],
      [
        ['--base-url', 'ftp://api.example.com'],
        '--base-url "ftp://api.example.com" must start with http:// or https://',
      ],
      [
        ['--base-url', 'https://me:pw@api.example.com'],
        '--base-url must not carry a user name or password: use --token',
      ],
      [
        ['--base-url', 'https://api.example.com/?a=1'],
        '--base-url "https://api.example.com/?a=1" must not have a query string or fragment',
      ],
    ];
    for (const [flags, message] of cases) {
      expect(await run(['profile', 'add', 'x', ...flags], { input: '  \n' })).toEqual({
        stdout: '',
        stderr: `domainctl: ${message}\n`,
        code: 2,
      });
    }
    expect(await run(['profile', 'add', '-bad', '--base-url', server.url])).toEqual({
      stdout: '',
      stderr: "domainctl: unknown option '-bad'\n(run with --help for usage)\n",
      code: 2,
    });
    expect(await run(['profile', 'add', 'a b', '--base-url', server.url])).toEqual({
      stdout: '',
      stderr:
        'domainctl: profile name "a b" may hold letters, digits, ".", "_" and "-" (up to 64, starting with a letter or digit)\n',
      code: 2,
    });
    expect(() => statSync(file)).toThrow();
  });
});

describe('profile add, with the settings profile set takes', () => {
  it('adds a read-only profile with a label and a colour, and says so', async () => {
    const { run, dir } = configHome();
    const added = await run([
      'profile',
      'add',
      'live',
      '--base-url',
      server.url,
      '--token',
      TESTER_KEY,
      '--read-only',
      '--label',
      'production',
      '--color',
      'red',
    ]);
    expect(added).toEqual({
      stdout: `Added profile "live": ${server.url}, token ****ster, read-only (no POST, PUT, PATCH or DELETE), label production (red); it is the active profile.\n`,
      stderr: '',
      code: 0,
    });
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toMatchObject({
      profiles: { live: { read_only: true, label: 'production', color: 'red' } },
    });
    // Read-only from the start: a POST is refused before anything is sent.
    const refused = await run(['domains', 'add', 'ro.example.com', '--project', 'prj_demo_scale']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('read-only');
  });

  it('refuses a label or a colour that profile set refuses (2)', async () => {
    const { run } = configHome();
    const add = ['profile', 'add', 'x', '--base-url', server.url];
    expect(await run([...add, '--color', 'pink'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: option '--color <name>' argument 'pink' is invalid. Allowed choices are red, green, yellow, blue, magenta, cyan, gray.\n(run with --help for usage)\n",
      code: 2,
    });
    const set = await run(['profile', 'set', 'x', '--label', '\u001b[31m']);
    const added = await run([...add, '--label', '\u001b[31m']);
    expect(added.code).toBe(2);
    expect(added.stderr).toMatch(/^domainctl: --label: /);
    expect(set.code).toBe(2);
  });
});

describe('profile list, use, show, remove', () => {
  async function twoProfiles() {
    const home = configHome();
    await home.run([
      'profile',
      'add',
      'local',
      '--base-url',
      server.url,
      '--token',
      TESTER_KEY,
      '--project',
      'prj_demo_scale',
    ]);
    await home.run([
      'profile',
      'add',
      'prod',
      '--base-url',
      'https://api.example.com',
      '--token',
      'secret-prod-token-9876',
      '--org',
      'org_prod',
      // Set as `profile set` sets them, at once.
      '--read-only',
      '--label',
      'production',
      '--color',
      'red',
    ]);
    return home;
  }

  it('lists the profiles with the active one marked and tokens masked', async () => {
    const { run } = await twoProfiles();
    const width = Math.max(server.url.length, 'https://api.example.com'.length);
    const url = (text: string) => text.padEnd(width);
    expect(await run(['profile', 'list'])).toEqual({
      stdout:
        `   NAME   ${url('BASE URL')}  PROJECT         TOKEN     LABEL             ACCESS\n` +
        `*  local  ${url(server.url)}  prj_demo_scale  ****ster  -                 read-write\n` +
        `   prod   ${url('https://api.example.com')}  -               ****9876  production (red)  read-only\n`,
      stderr: '',
      code: 0,
    });
    expect(await run(['profile', 'list', '--json'])).toEqual({
      stdout: `${JSON.stringify([
        {
          name: 'local',
          active: true,
          base_url: server.url,
          token: '****ster',
          project: 'prj_demo_scale',
          org: null,
          read_only: false,
          label: null,
          color: null,
        },
        {
          name: 'prod',
          active: false,
          base_url: 'https://api.example.com',
          token: '****9876',
          project: null,
          org: 'org_prod',
          read_only: true,
          label: 'production',
          color: 'red',
        },
      ])}\n`,
      stderr: '',
      code: 0,
    });
  });

  it('says how to add one when there are none', async () => {
    const { run } = configHome();
    expect(await run(['profile', 'list'])).toEqual({
      stdout: '',
      stderr:
        'No profiles yet. Add one with: domainctl profile add NAME --base-url URL --token-stdin\n',
      code: 0,
    });
    expect(await run(['profile', 'list', '--json'])).toEqual({
      stdout: '[]\n',
      stderr: '',
      code: 0,
    });
    expect(await run(['profile', 'show'])).toEqual({
      stdout: '',
      stderr:
        'domainctl: no active profile: add one with domainctl profile add NAME --base-url URL --token-stdin\n',
      code: 2,
    });
  });

  it('shows a profile with the token masked, never whole', async () => {
    const { run } = await twoProfiles();
    const active = await run(['profile', 'show']);
    expect(active).toEqual({
      stdout:
        'name:      local\n' +
        'active:    yes\n' +
        `base URL:  ${server.url}\n` +
        'token:     ****ster\n' +
        'project:   prj_demo_scale\n' +
        'org:       -\n' +
        'read-only: no\n' +
        'label:     -\n',
      stderr: '',
      code: 0,
    });
    const prod = await run(['profile', 'show', 'prod', '--json']);
    expect(prod).toEqual({
      stdout: `${JSON.stringify({ name: 'prod', active: false, base_url: 'https://api.example.com', token: '****9876', project: null, org: 'org_prod', read_only: true, label: 'production', color: 'red' })}\n`,
      stderr: '',
      code: 0,
    });
    // --profile and DOMAINCTL_PROFILE choose which one `show` means.
    const byEnv = await run(['profile', 'show', '--json'], { env: { DOMAINCTL_PROFILE: 'prod' } });
    expect(byEnv).toEqual(prod);
    const byFlag = await run(['profile', 'show', '--json', '--profile', 'prod']);
    expect(byFlag).toEqual(prod);
    for (const result of [active, prod, byEnv, byFlag]) {
      expect(result.stdout + result.stderr).not.toContain(TESTER_KEY);
      expect(result.stdout + result.stderr).not.toContain('secret-prod-token-9876');
    }
    expect(await run(['profile', 'show', 'nope'])).toEqual({
      stdout: '',
      stderr: 'domainctl: no profile named "nope" (see domainctl profile list)\n',
      code: 2,
    });
  });

  it('switches the active profile with use', async () => {
    const { run, stored } = await twoProfiles();
    expect(await run(['profile', 'use', 'prod'])).toEqual({
      stdout: 'Active profile: prod\n',
      stderr: '',
      code: 0,
    });
    expect(stored().active).toBe('prod');
    expect(await run(['profile', 'use', 'nope'])).toEqual({
      stdout: '',
      stderr: 'domainctl: no profile named "nope" (see domainctl profile list)\n',
      code: 2,
    });
  });

  it('removes a profile; removing the active one activates the next by name', async () => {
    const { run, stored } = await twoProfiles();
    expect(await run(['profile', 'remove', 'local'])).toEqual({
      stdout: 'Removed profile "local". Active profile: prod.\n',
      stderr: '',
      code: 0,
    });
    expect(await run(['profile', 'remove', 'prod'])).toEqual({
      stdout: 'Removed profile "prod". No profiles are left.\n',
      stderr: '',
      code: 0,
    });
    expect(stored().profiles).toEqual({});
    expect(await run(['profile', 'remove', 'prod'])).toEqual({
      stdout: '',
      stderr: 'domainctl: no profile named "prod" (see domainctl profile list)\n',
      code: 2,
    });
  });
});

describe('a corrupt config file', () => {
  const commands = [
    ['profile', 'list'],
    ['profile', 'show'],
    ['profile', 'use', 'x'],
    ['profile', 'remove', 'x'],
    ['profile', 'add', 'x', '--base-url', 'https://api.example.com'],
    ['api', 'request', 'GET', '/v1/regions', '--base-url', 'https://api.example.com'],
    ['domains', 'list', '--project', 'prj_demo_scale'],
  ];

  async function expectRefused(text: string, reason: string) {
    const { file, run } = configHome();
    writeFileSync(file, text, { mode: 0o600 });
    const before = statSync(file);
    for (const args of commands) {
      expect(await run(args)).toEqual({
        stdout: '',
        stderr: `domainctl: ${file} ${reason}; fix it or move it away\n`,
        code: 2,
      });
    }
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
  }

  it('that is not JSON stops every command with its path named, and is left as it is', async () => {
    const text = '{"profiles": {"local": {"base_url": "http://x"}';
    let reason = '';
    try {
      JSON.parse(text);
    } catch (error) {
      reason = (error as Error).message;
    }
    await expectRefused(text, `is not valid JSON (${reason})`);
  });

  it('that is JSON of the wrong shape stops every command too', async () => {
    await expectRefused(
      '{"profiles": []}\n',
      'is not a valid domainctl config: profiles: Invalid input: expected record, received array',
    );
    await expectRefused(
      '{"active": "a", "profiles": {"a": {"base_url": "ftp://x", "token": "t"}}}',
      'is not a valid domainctl config: profiles.a.base_url: Invalid URL',
    );
  });

  it('that is empty or only whitespace is not JSON either: refused, never written over', async () => {
    await expectRefused('', 'is not valid JSON (Unexpected end of JSON input)');
    await expectRefused(' \n\t\n', 'is not valid JSON (Unexpected end of JSON input)');
  });

  it('keeps keys it does not know when it writes the file back', async () => {
    const { file, run, stored } = configHome();
    writeFileSync(
      file,
      JSON.stringify({
        profiles: { a: { base_url: 'http://a.example', color: 'blue' } },
        future: 1,
      }),
    );
    expect((await run(['profile', 'use', 'a'])).code).toBe(0);
    expect(stored()).toEqual({
      active: 'a',
      profiles: { a: { base_url: 'http://a.example', color: 'blue' } },
      recent_projects: {},
      future: 1,
    });
  });
});

describe('a config.json that is not a regular file', () => {
  const commands = [
    ['profile', 'add', 'x', '--base-url', 'https://api.example.com', '--token', 'dk_new'],
    ['profile', 'use', 'a'],
    ['profile', 'list'],
    ['domains', 'list', '--project', 'prj_demo_scale'],
  ];

  it('a symbolic link is refused (2) and never followed: the file it points to stays as it was', async () => {
    const { file, run } = configHome();
    const elsewhere = join(tempConfigDir(), 'dotfiles-config.json');
    const text = JSON.stringify({ active: 'a', profiles: { a: { base_url: 'http://a.example' } } });
    writeFileSync(elsewhere, text, { mode: 0o644 });
    const before = statSync(elsewhere);
    symlinkSync(elsewhere, file);
    for (const args of commands) {
      expect(await run(args)).toEqual({
        stdout: '',
        stderr: `domainctl: ${file} is a symbolic link: domainctl neither reads nor writes its profiles through one; put the file itself there, or point DOMAINCTL_CONFIG_DIR at the directory it is in\n`,
        code: 2,
      });
    }
    expect(readFileSync(elsewhere, 'utf8')).toBe(text);
    expect(statSync(elsewhere).mtimeMs).toBe(before.mtimeMs);
    expect(statSync(elsewhere).mode & 0o777).toBe(0o644);
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    expect(readlinkSync(file)).toBe(elsewhere);
  });

  it('a dangling symbolic link is refused too, and nothing is created where it points', async () => {
    const { file, run } = configHome();
    const target = join(tempConfigDir(), 'not-there.json');
    symlinkSync(target, file);
    const result = await run(commands[0] as string[]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is a symbolic link');
    expect(() => statSync(target)).toThrow(/ENOENT/);
  });

  it('a directory or a FIFO is refused (2) at once, never read or written', async () => {
    const { file, run } = configHome();
    mkdirSync(file);
    expect(await run(['profile', 'list'])).toEqual({
      stdout: '',
      stderr: `domainctl: ${file} is not a regular file; move it away\n`,
      code: 2,
    });

    const fifo = configHome();
    // Reading a FIFO with no writer would block for ever.
    execFileSync('mkfifo', [fifo.file]);
    expect(await fifo.run(['profile', 'list'])).toEqual({
      stdout: '',
      stderr: `domainctl: ${fifo.file} is not a regular file; move it away\n`,
      code: 2,
    });
  });
});
