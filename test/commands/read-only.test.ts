import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { profileHome, sendsNothing } from '../helpers/command-runs.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';

const server = seededServerForFile();

/** A config folder with profile "prod" (the seeded server, its tester key, prj_demo_scale). */
async function configHome() {
  const home = await profileHome(server, 'prod');
  const stored = () => JSON.parse(readFileSync(join(home.dir, 'config.json'), 'utf8'));
  return { ...home, stored };
}

const refusal = (method: string) =>
  `domainctl: profile "prod" is read-only: ${method} requests are not sent (allow them with: domainctl profile set prod --no-read-only)\n`;

describe('a read-only profile', () => {
  it('refuses POST, PUT, PATCH and DELETE with one line and exit code 2, and sends GET', async () => {
    const { run, stored } = await configHome();
    expect(await run(['profile', 'set', 'prod', '--read-only'])).toEqual({
      stdout:
        'Updated profile "prod": read-only (no POST, PUT, PATCH or DELETE); its other settings are kept.\n',
      stderr: '',
      code: 0,
    });
    expect(stored().profiles.prod.read_only).toBe(true);

    const body = ['-d', '{"name":"never"}'];
    for (const [method, path, extra] of [
      ['POST', '/v1/projects/{project_id}/databases', body],
      ['put', '/v1/projects/prj_demo_scale', body],
      ['PATCH', '/v1/projects/prj_demo_scale', body],
      ['DELETE', '/v1/projects/prj_demo_scale/databases/db_x', []],
    ] as const) {
      expect(
        await sendsNothing(server, () => run(['api', 'request', method, path, ...extra])),
        method,
      ).toEqual({ stdout: '', stderr: refusal(method.toUpperCase()), code: 2 });
    }
    // Also without a token, where a POST would be "no credentials" (4): refused first.
    expect((await run(['profile', 'add', 'bare', '--base-url', server.url])).code).toBe(0);
    expect((await run(['profile', 'set', 'bare', '--read-only'])).code).toBe(0);
    const bare = await sendsNothing(server, () =>
      run([
        'api',
        'request',
        'POST',
        '/v1/projects/prj_demo_scale/databases',
        ...body,
        '--profile',
        'bare',
      ]),
    );
    expect(bare).toEqual({
      stdout: '',
      stderr: refusal('POST').replace('"prod"', '"bare"').replace('set prod', 'set bare'),
      code: 2,
    });

    const before = server.requests.length;
    const listed = await run(['api', 'request', 'GET', '/v1/regions', '--json']);
    expect(listed.code).toBe(0);
    expect(server.requests.slice(before)).toEqual(['GET /v1/regions 200']);
  });

  it('refuses domains add, one domain or many, before anything is read or sent', async () => {
    const { dir, run } = await configHome();
    expect((await run(['profile', 'set', 'prod', '--read-only'])).code).toBe(0);
    expect(await sendsNothing(server, () => run(['domains', 'add', 'ro.example.com']))).toEqual({
      stdout: '',
      stderr: refusal('POST'),
      code: 2,
    });
    const hosts = join(dir, 'hosts.txt');
    writeFileSync(hosts, 'a.example.com\nb.example.com\n');
    expect(
      await sendsNothing(server, () => run(['domains', 'add', '--from-file', hosts, '--json'])),
    ).toEqual({ stdout: '', stderr: refusal('POST'), code: 2 });
    // Reading stays open: list, records.
    expect((await run(['domains', 'list', '--json'])).code).toBe(0);
  });

  it('refuses a saved POST run with --saved, as the same command line, sending nothing', async () => {
    const { run } = await configHome();
    const saved = await sendsNothing(server, () =>
      run([
        'api',
        'request',
        'POST',
        '/v1/projects/{project_id}/databases',
        '-d',
        '{"name":"saved-never"}',
        '--save',
        'add-db',
      ]),
    );
    expect(saved.code).toBe(0);
    expect((await run(['profile', 'set', 'prod', '--read-only'])).code).toBe(0);
    expect(await sendsNothing(server, () => run(['api', 'request', '--saved', 'add-db']))).toEqual({
      stdout: '',
      stderr: refusal('POST'),
      code: 2,
    });
  });

  it('--no-read-only sends every method again', async () => {
    const { run, stored } = await configHome();
    expect((await run(['profile', 'set', 'prod', '--read-only'])).code).toBe(0);
    expect(await run(['profile', 'set', 'prod', '--no-read-only'])).toEqual({
      stdout: 'Updated profile "prod": not read-only; its other settings are kept.\n',
      stderr: '',
      code: 0,
    });
    expect(stored().profiles.prod).not.toHaveProperty('read_only');
    const created = await run([
      'api',
      'request',
      'POST',
      '/v1/projects/{project_id}/databases',
      '-d',
      '{"name":"after-ro"}',
      '--jq',
      '.name',
    ]);
    expect(created).toEqual({ stdout: 'after-ro\n', stderr: '', code: 0 });
  });
});

describe('profile labels and colours', () => {
  it('are set, shown and removed; a colour outside the list or a bad label is refused (2)', async () => {
    const { run, stored } = await configHome();
    expect(
      await run([
        'profile',
        'set',
        'prod',
        '--label',
        'production',
        '--color',
        'red',
        '--no-color',
      ]),
    ).toEqual({
      stdout: 'Updated profile "prod": label production, color red; its other settings are kept.\n',
      stderr: '',
      code: 0,
    });
    expect(stored().profiles.prod).toMatchObject({ label: 'production', color: 'red' });
    const shown = await run(['profile', 'show', '--json', '--jq', '[.read_only, .label, .color]']);
    expect(shown).toEqual({ stdout: '[false,"production","red"]\n', stderr: '', code: 0 });
    expect((await run(['profile', 'show'])).stdout).toContain('label:     production (red)\n');

    expect(await run(['profile', 'set', 'prod', '--color', 'chartreuse'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: option '--color <name>' argument 'chartreuse' is invalid. Allowed choices are red, green, yellow, blue, magenta, cyan, gray.\n(run with --help for usage)\n",
      code: 2,
    });
    expect(await run(['profile', 'set', 'prod', '--label', 'prod\u001b[2J'])).toEqual({
      stdout: '',
      stderr: 'domainctl: --label: a label cannot hold control or invisible characters\n',
      code: 2,
    });
    expect(await run(['profile', 'set', 'prod', '--unset', 'label', '--unset', 'color'])).toEqual({
      stdout:
        'Updated profile "prod": label removed, color removed; its other settings are kept.\n',
      stderr: '',
      code: 0,
    });
    expect(stored().profiles.prod).not.toHaveProperty('label');
    expect(stored().profiles.prod).not.toHaveProperty('color');
  });
});
