import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, removeTempDirs, runCli, runShell, tempConfigDir } from '../helpers/cli.js';
import { type DnsZone, startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';

// The hints of the domains commands, when the base URL, the token or the profile came from
// flags: each is followed word for word, as a person pastes it into the same shell (only its
// capitalised words filled in: TOKEN with the token they passed), and must succeed. The token
// itself is never printed.

let server: TestServer;
/** The user's DNS, holding the records of the domains these tests add. */
let dns: TestDnsServer;
/** A server whose verifier asks a DNS of its own, which learns the records only when told. */
let verifying: TestServer;
let verifierDns: TestDnsServer;
beforeAll(async () => {
  [dns, verifierDns] = await Promise.all([startDnsServer({}), startDnsServer({})]);
  [server, verifying] = await Promise.all([
    startTestServer(),
    startTestServer({ dnsServer: verifierDns.address, verifyIntervalSeconds: 0.2 }),
  ]);
});
afterAll(async () => {
  await Promise.all([server.close(), verifying.close(), dns.stop(), verifierDns.stop()]);
  removeTempDirs();
});

const PROJECT = 'prj_demo_scale';

/** An empty config folder: everything comes from the flags. */
function shell() {
  const env = { DOMAINCTL_CONFIG_DIR: tempConfigDir() };
  return {
    env,
    run: (args: string[], more: Record<string, string> = {}) =>
      runCli(args, { env: { ...env, ...more } }),
    /** A line as pasted into the shell: TOKEN filled in as its user would, with the key. */
    follow: (line: string, more: Record<string, string> = {}) =>
      runShell(line.replaceAll(/\bTOKEN\b/g, TESTER_KEY), { env: { ...env, ...more } }),
  };
}

/** The command a run printed that starts with `start`, as far as its line goes. */
function hint(said: CliResult, start: string): string {
  const output = `${said.stdout}${said.stderr}`;
  // Never the token itself, wherever it was given.
  expect(output).not.toContain(TESTER_KEY);
  const at = output.indexOf(start);
  expect(at, `"${start}" in:\n${output}`).toBeGreaterThanOrEqual(0);
  // A sentence may go on after the command, in brackets: `(see …)`, `(or --all …)`.
  const line = output.slice(at).split('\n')[0] ?? '';
  return line.split(' (')[0]?.replace(/\)$/, '') ?? '';
}

/** The zone that holds a domain's three records, as the API hands them out. */
async function zoneOf(url: string, name: string): Promise<DnsZone> {
  const shown = await runCli([
    'domains',
    'records',
    name,
    '--project',
    PROJECT,
    '--format',
    'json',
    '--base-url',
    url,
    '--token',
    TESTER_KEY,
  ]);
  const { records } = JSON.parse(shown.stdout) as {
    records: { type: string; host: string; value: string }[];
  };
  const zone: Required<Pick<DnsZone, 'cname' | 'txt'>> = { cname: {}, txt: {} };
  for (const record of records) {
    if (record.type === 'CNAME') zone.cname[record.host] = record.value;
    else zone.txt[record.host] = record.value;
  }
  return zone;
}

// Each test has a config folder and domains of its own, and most of its time is spent in the
// shells it starts and the waits it runs, so they run together, each with its own `expect`.
describe.concurrent('a hint repeats the settings given as flags, and runs as written', () => {
  it('add → check and records; check → wait; wait → status', async ({ expect }) => {
    const { run, follow } = shell();
    const flags = ['--base-url', verifying.url, '--token', TESTER_KEY, '--project', PROJECT];
    const name = 'flags.hint.test';
    const added = await run(['domains', 'add', name, ...flags]);
    expect(added.code).toBe(0);
    const check = hint(added, 'domainctl domains check');
    expect(check).toBe(
      `domainctl domains check ${name} --project ${PROJECT} --base-url ${verifying.url} --token TOKEN`,
    );
    const records = hint(added, 'domainctl domains records');
    expect(records).toBe(
      `domainctl domains records ${name} --project ${PROJECT} --base-url ${verifying.url} --token TOKEN`,
    );
    expect(await follow(records)).toMatchObject({ code: 0 });

    // The records are live in the user's DNS; the verifier's DNS does not have them yet.
    await dns.restart(await zoneOf(verifying.url, name));
    const dnsEnv = { DOMAINCTL_DNS_SERVER: dns.address };
    const waited = await run(['domains', 'wait', name, ...flags, '--timeout', '1'], dnsEnv);
    expect(waited.code).toBe(11);
    const status = hint(waited, 'domainctl domains status');
    expect(status).toBe(
      `domainctl domains status ${name} --project ${PROJECT} --base-url ${verifying.url} --token TOKEN`,
    );
    expect(await follow(status, dnsEnv)).toMatchObject({ code: 0 });
    const checked = await follow(check, dnsEnv);
    expect(checked).toMatchObject({ code: 0 });
    const wait = hint(checked, 'domainctl domains wait');
    expect(wait).toBe(
      `domainctl domains wait ${name} --project ${PROJECT} --base-url ${verifying.url} --token TOKEN`,
    );
    await verifierDns.restart(await zoneOf(verifying.url, name));
    const verified = await follow(wait, dnsEnv);
    expect(verified).toMatchObject({ code: 0 });
    expect(verified.stdout).toContain(`${name} reached "ownership verified"`);
  });

  it('records, check and wait of a domain the project lacks → list', async ({ expect }) => {
    const { run, follow } = shell();
    const flags = ['--base-url', server.url, '--token', TESTER_KEY, '--project', PROJECT];
    for (const command of ['records', 'check', 'wait']) {
      const failed = await run(['domains', command, 'nope.example.com', ...flags]);
      expect(failed.code).toBe(1);
      const list = hint(failed, 'domainctl domains list');
      expect(list).toBe(
        `domainctl domains list --project ${PROJECT} --base-url ${server.url} --token TOKEN`,
      );
      expect(await follow(list)).toMatchObject({ code: 0 });
    }
  });

  it('list → its next page, and an empty project → add', async ({ expect }) => {
    const { run, follow } = shell();
    const flags = ['--base-url', server.url, '--token', TESTER_KEY];
    const first = await run([
      'domains',
      'list',
      '--project',
      PROJECT,
      '--page-size',
      '5',
      ...flags,
    ]);
    const next = hint(first, 'domainctl domains list');
    expect(next).toMatch(
      new RegExp(
        `^domainctl domains list --project ${PROJECT} --base-url ${server.url} --token TOKEN --page-size 5 --page-token \\S+$`,
      ),
    );
    const second = await follow(next);
    expect(second).toMatchObject({ code: 0 });
    const hosts = (table: string) => table.split('\n').slice(1, -1);
    expect(hosts(second.stdout)).toHaveLength(5);
    expect(hosts(second.stdout)).not.toEqual(hosts(first.stdout));

    const empty = await run(['domains', 'list', '--project', 'prj_demo_enterprise', ...flags]);
    const add = hint(empty, 'domainctl domains add');
    expect(add).toBe(
      `domainctl domains add DOMAIN --project prj_demo_enterprise --base-url ${server.url} --token TOKEN`,
    );
    expect(await follow(add.replace('DOMAIN', 'empty.hint.test'))).toMatchObject({ code: 0 });
  });

  it('add --from-file → records of each host', async ({ expect }) => {
    const { run, follow, env } = shell();
    const file = join(env.DOMAINCTL_CONFIG_DIR, 'hosts.txt');
    writeFileSync(file, 'one.many.hint.test\ntwo.many.hint.test\n');
    const flags = ['--base-url', server.url, '--token', TESTER_KEY, '--project', PROJECT];
    const added = await run(['domains', 'add', '--from-file', file, ...flags]);
    expect(added.code).toBe(0);
    const records = hint(added, 'domainctl domains records');
    expect(records).toBe(
      `domainctl domains records HOST --project ${PROJECT} --base-url ${server.url} --token TOKEN`,
    );
    expect(await follow(records.replace('HOST', 'two.many.hint.test'))).toMatchObject({ code: 0 });
  });

  it('--profile: the hint names the profile, not the active one', async ({ expect }) => {
    const { run, follow, env } = shell();
    // The active profile has no token: a hint that dropped --profile would use it, and fail.
    writeFileSync(
      join(env.DOMAINCTL_CONFIG_DIR, 'config.json'),
      JSON.stringify({
        active: 'first',
        profiles: {
          first: { base_url: server.url },
          second: { base_url: server.url, token: TESTER_KEY, project: PROJECT },
        },
      }),
    );
    const added = await run(['domains', 'add', 'profile.hint.test', '--profile', 'second']);
    expect(added.code).toBe(0);
    const records = hint(added, 'domainctl domains records');
    expect(records).toBe(
      `domainctl domains records profile.hint.test --project ${PROJECT} --profile second`,
    );
    expect(await follow(records)).toMatchObject({ code: 0 });
  });

  it('a base URL with credentials in it is not printed: URL to fill in', async ({ expect }) => {
    const { run } = shell();
    const url = server.url.replace('http://', 'http://user:secret@');
    const failed = await run([
      'domains',
      'records',
      'nope.example.com',
      '--base-url',
      url,
      '--token',
      TESTER_KEY,
      '--project',
      PROJECT,
    ]);
    expect(`${failed.stdout}${failed.stderr}`).not.toContain('secret');
    expect(hint(failed, 'domainctl domains list')).toBe(
      `domainctl domains list --project ${PROJECT} --base-url URL --token TOKEN`,
    );
  });
});
