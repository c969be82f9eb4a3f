import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, tempConfigDir } from '../helpers/cli.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

const server = seededServerForFile();

/** A config directory holding profile "work" (a token, an org and a key of a later version). */
function configHome() {
  const dir = tempConfigDir();
  const file = join(dir, 'config.json');
  writeFileSync(
    file,
    `${JSON.stringify({
      active: 'work',
      profiles: {
        work: { base_url: server.url, token: TESTER_KEY, org: 'org_demo', colour: 'blue' },
        other: { base_url: 'https://api.example.com' },
      },
      recent_projects: { work: ['prj_demo_free'] },
    })}\n`,
    { mode: 0o600 },
  );
  const run = (args: string[], options: { input?: string } = {}) =>
    runCli(args, { input: options.input, env: { DOMAINCTL_CONFIG_DIR: dir } });
  const stored = () => JSON.parse(readFileSync(file, 'utf8'));
  return { dir, file, run, stored };
}

describe('profile set', () => {
  it('changes the settings given and keeps every other one', async () => {
    const { file, run, stored } = configHome();
    expect(await run(['profile', 'set', 'work', '--project', 'prj_demo_scale'])).toEqual({
      stdout: 'Updated profile "work": project prj_demo_scale; its other settings are kept.\n',
      stderr: '',
      code: 0,
    });
    expect(stored()).toEqual({
      active: 'work',
      profiles: {
        work: {
          base_url: server.url,
          token: TESTER_KEY,
          org: 'org_demo',
          colour: 'blue',
          project: 'prj_demo_scale',
        },
        other: { base_url: 'https://api.example.com' },
      },
      recent_projects: { work: ['prj_demo_free'] },
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The token was kept: the profile still works, now with its project.
    const listed = await run(['domains', 'list', '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).domains).toHaveLength(20);

    expect(
      await run(['profile', 'set', 'other', '--token-stdin', '--org', 'org_x'], {
        input: `${TESTER_KEY}\n`,
      }),
    ).toEqual({
      stdout: 'Updated profile "other": token ****ster, org org_x; its other settings are kept.\n',
      stderr: '',
      code: 0,
    });
    expect(stored().profiles.other).toEqual({
      base_url: 'https://api.example.com',
      token: TESTER_KEY,
      org: 'org_x',
    });
    expect(stored().active).toBe('work');
  });

  it('removes an optional setting with --unset or an empty value', async () => {
    const { run, stored } = configHome();
    expect(
      await run([
        'profile',
        'set',
        'work',
        '--unset',
        'org',
        '--token',
        '',
        '--base-url',
        'http://127.0.0.1:1/',
      ]),
    ).toEqual({
      stdout:
        'Updated profile "work": base URL http://127.0.0.1:1, token removed, org removed; its other settings are kept.\n',
      stderr: '',
      code: 0,
    });
    expect(stored().profiles.work).toEqual({ base_url: 'http://127.0.0.1:1', colour: 'blue' });
  });

  it('refuses what it cannot do (2), and leaves the file as it was', async () => {
    const { file, run } = configHome();
    const before = readFileSync(file, 'utf8');
    const refused = async (args: string[], line: string, hint = '') =>
      expect(await run(['profile', 'set', ...args])).toEqual({
        stdout: '',
        stderr: `domainctl: ${line}\n${hint}`,
        code: 2,
      });
    await refused(
      ['work'],
      'profile set needs a setting to change: --base-url, --token, --token-stdin, --project, --org, --read-only, --no-read-only, --label, --color or --unset SETTING',
    );
    await refused(
      ['nope', '--project', 'prj_x'],
      'no profile named "nope" (see domainctl profile list)',
    );
    await refused(['work', '--base-url', ''], '--base-url cannot be removed: a profile needs one');
    await refused(
      ['work', '--base-url', 'api.example.com'],
      '--base-url "api.example.com" is not a URL (e.g. https://api.example.com)',
    );
    await refused(
      ['work', '--project', 'prj_x', '--unset', 'project'],
      '--project and --unset project say opposite things; give one',
    );
    await refused(
      ['work', '--unset', 'base_url'],
      "option '--unset <setting>' argument 'base_url' is invalid. Allowed choices are token, project, org, label, color.",
      '(run with --help for usage)\n',
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('leaves no trace when the write fails: the old file whole, no temporary file beside it', () => {
    const { dir, file } = configHome();
    const before = readFileSync(file, 'utf8');
    // A file-size limit of 0 makes every write of a byte fail (EFBIG), as a full disk would.
    const result = spawnSync(
      'sh',
      [
        '-c',
        `ulimit -f 0; exec "$0" "$@"`,
        process.execPath,
        BIN,
        'profile',
        'set',
        'work',
        '--project',
        'prj_x',
      ],
      {
        env: { PATH: process.env.PATH, DOMAINCTL_CONFIG_DIR: dir, NO_COLOR: '1' },
        encoding: 'utf8',
      },
    );
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`domainctl: cannot use ${file}: EFBIG: file too large, write\n`);
    // The kernel also raises SIGXFSZ, which Node ignores: the run ends as on a full disk, with
    // exit code 2 (before, conf's exit hook re-raised it and the run could end before its
    // temporary file was removed).
    expect([result.status, result.signal]).toEqual([2, null]);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('leaves the old file byte for byte when the write stops short of its end', () => {
    const { dir, file } = configHome();
    const before = readFileSync(file, 'utf8');
    // A file-size limit one byte below the file's size: the kernel lets the write that crosses it
    // write up to the limit and return a short count (Node ignores the SIGXFSZ that comes with it),
    // and only the next write fails, as a disk that fills up mid-write does. A limit of 0 (above)
    // fails the first byte and cannot tell a writer that loops from one that writes once.
    const limit = Buffer.byteLength(before) - 1;
    const result = spawnSync(
      'prlimit',
      [`--fsize=${limit}`, process.execPath, BIN, 'profile', 'set', 'work', '--project', 'prj_x'],
      {
        env: { PATH: process.env.PATH, DOMAINCTL_CONFIG_DIR: dir, NO_COLOR: '1' },
        encoding: 'utf8',
      },
    );
    expect(result.error, 'prlimit (util-linux) is needed to set a file-size limit').toBeUndefined();
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`domainctl: cannot use ${file}: EFBIG: file too large, write\n`);
    expect([result.status, result.signal]).toEqual([2, null]);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(readdirSync(dir)).toEqual(['config.json']);
  });
});
