import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, type OnTestFinishedHandler } from 'vitest';
import { type SuggestedCommand, suggest } from '../../src/core/suggested-commands.js';
import { binOnPath, type CliResult, runCli, runShell, tempConfigDir } from '../helpers/cli.js';
import { type DnsZone, startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { spawnCli } from '../helpers/serve-process.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { startTerminal } from '../helpers/tmux.js';

// Every command a message suggests, run as the message prints it (its capitalised words filled
// in) in the situation that prints it, against a real server and config folder: it must succeed,
// and where it is meant to fix something, the command that failed must then succeed too.

const server = seededServerForFile();
/** The DNS server the waits ask: it has no records. */
let dns: TestDnsServer;
/** A second server whose verifier asks a DNS server of its own, for `domains wait`. */
let verifying: TestServer;
let verifierDns: TestDnsServer;
beforeAll(async () => {
  [dns, verifierDns] = await Promise.all([startDnsServer({}), startDnsServer({})]);
  verifying = await startTestServer({
    dnsServer: verifierDns.address,
    verifyIntervalSeconds: 0.2,
  });
});
afterAll(async () => {
  await Promise.all([verifying.close(), dns.stop(), verifierDns.stop()]);
});

const PROJECT = 'prj_demo_scale';

/** A config folder, with these profiles (the first active), and a runner bound to it. */
function configFolder(profiles: Record<string, Record<string, string>> = {}) {
  const dir = tempConfigDir();
  const names = Object.keys(profiles);
  if (names.length > 0) {
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ active: names[0], profiles }));
  }
  return (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
    runCli(args, { input: options.input, env: { DOMAINCTL_CONFIG_DIR: dir, ...options.env } });
}
type Run = ReturnType<typeof configFolder>;

/**
 * A DNS server of the test's own serving `zone`: the user's records, as they create them; stopped
 * once the test is over.
 */
async function dnsServing(
  zone: DnsZone,
  onTestFinished: (fn: OnTestFinishedHandler) => void,
): Promise<TestDnsServer> {
  const own = await startDnsServer(zone);
  onTestFinished(() => own.stop());
  return own;
}

/**
 * Runs a suggested command: it must appear in `said` as the table writes it; its capitalised
 * words are replaced by `values`, and it must then succeed.
 */
async function runSuggested(
  run: Run,
  said: CliResult,
  command: string,
  values: Record<string, string> = {},
  options: { input?: string; env?: Record<string, string> } = {},
): Promise<CliResult> {
  expect(`${said.stdout}${said.stderr}`).toContain(command);
  const filled = command.replace(/\b[A-Z]{2,}\b/g, (word) => {
    const value = values[word];
    if (value === undefined) throw new Error(`no value for ${word} in: ${command}`);
    return value;
  });
  const [program, ...args] = filled.split(' ');
  expect(program).toBe('domainctl');
  const result = await run(args, options);
  expect(result, filled).toMatchObject({ code: 0 });
  return result;
}

// Each command of the table has a test of its own below, named after it.
const COVERED = {
  profileAdd: true,
  profileAddFull: true,
  demo: true,
  profileList: true,
  profileUse: true,
  profileShow: true,
  profileSetToken: true,
  profileSetProject: true,
  profileSetWritable: true,
  apiRequest: true,
  apiRequestSaved: true,
  apiHistory: true,
  domainsList: true,
  domainsNextPage: true,
  domainsAdd: true,
  domainsRecords: true,
  domainsCheck: true,
  domainsWait: true,
  domainsStatus: true,
  serveDemo: true,
} satisfies Record<SuggestedCommand, true>;

// Each test has a config folder and domains of its own and spends its time on in-process runs
// and their waits: they run together, each with its own `expect`.
describe.concurrent('every suggested command runs as written', () => {
  it('has a test for every command of the table', () => {
    expect(Object.keys(COVERED).toSorted()).toEqual(Object.keys(suggest).toSorted());
  });

  it('profileAdd', async ({ expect }) => {
    const run = configFolder();
    const list = ['domains', 'list', '--project', PROJECT];
    const failed = await run(list);
    expect(failed.code).toBe(2);
    await runSuggested(
      run,
      failed,
      suggest.profileAdd(),
      { NAME: 'local', URL: server.url },
      { input: `${TESTER_KEY}\n` },
    );
    expect((await run(list)).code).toBe(0);
  });

  it('profileAddFull', async ({ expect }) => {
    const run = configFolder();
    const failed = await run(['domains', 'list']);
    expect(failed.code).toBe(2);
    await runSuggested(
      run,
      failed,
      suggest.profileAddFull(),
      { NAME: 'first', URL: server.url, ID: PROJECT },
      { input: `${TESTER_KEY}\n` },
    );
    // Everything the first error missed is set now: the same command, as typed, lists.
    expect((await run(['domains', 'list'])).code).toBe(0);
  });

  // `domainctl demo` needs a terminal: run as printed in one (tmux, CI unset), with the bin on PATH.
  it('demo', { tags: ['tmux'], timeout: 30_000 }, async ({ expect, onTestFinished }) => {
    const failed = await configFolder()(['domains', 'list']);
    expect(failed.stderr).toContain(`try domainctl on demo data with ${suggest.demo()}\n`);
    const term = startTerminal({
      name: 'suggested-demo',
      columns: 120,
      rows: 30,
      env: { DOMAINCTL_CONFIG_DIR: tempConfigDir(), PATH: `${binOnPath()}:${process.env.PATH}` },
    });
    onTestFinished(() => term.kill());
    await term.waitForScreen('$');
    await term.send({ text: `${suggest.demo()}; echo EXIT:$?` }, 'Enter');
    await term.waitForScreen(/› Demo Scale\s+prj_demo_scale/);
    await term.send('q');
    await term.waitForScreen(/^EXIT:0$/m);
  });

  it('apiRequest', async ({ expect }) => {
    const run = configFolder({ work: { base_url: server.url, token: TESTER_KEY } });
    const path = '/v1/projects/prj_demo_scale/domains?page_size=1';
    const failed = await run(['api', 'request', path, 'get']);
    expect(failed.code).toBe(2);
    const suggested = suggest.apiRequest('GET', path);
    expect(failed.stderr).toContain(`${suggested}\n`);
    // As a shell reads it: the path is quoted for one.
    const sent = await runShell(suggested, {
      env: { DOMAINCTL_BASE_URL: server.url, DOMAINCTL_TOKEN: TESTER_KEY },
    });
    expect(sent).toMatchObject({ stderr: '', code: 0 });
  });

  it('profileList', async ({ expect }) => {
    const run = configFolder({ work: { base_url: server.url, token: TESTER_KEY } });
    const failed = await run(['domains', 'list', '--profile', 'nope']);
    expect(failed.code).toBe(2);
    const listed = await runSuggested(run, failed, suggest.profileList());
    expect(listed.stdout).toContain('work');
  });

  it('profileUse', async ({ expect }) => {
    const run = configFolder({ work: { base_url: server.url } });
    const added = await run(['profile', 'add', 'second', '--base-url', server.url]);
    await runSuggested(run, added, suggest.profileUse('second'));
    expect((await run(['profile', 'show'])).stdout).toMatch(/^name: +second\n/);
  });

  it('profileShow', async ({ expect }) => {
    const run = configFolder({ work: { base_url: server.url, token: 'dk_wrong' } });
    const failed = await run(['domains', 'list', '--project', PROJECT]);
    expect(failed.code).toBe(1);
    const shown = await runSuggested(run, failed, suggest.profileShow('work'));
    expect(shown.stdout).toMatch(/\ntoken: +\*\*\*\*rong\n/);
  });

  it('profileSetToken', async ({ expect }) => {
    const list = ['domains', 'list', '--project', PROJECT];
    // After a 401 with the profile's token, and when the profile has none.
    for (const token of [{ token: 'dk_wrong' }, {}] as { token?: string }[]) {
      const run = configFolder({ work: { base_url: server.url, ...token } });
      const failed = await run(list);
      expect(failed.code).toBe(token.token ? 1 : 4);
      await runSuggested(run, failed, suggest.profileSetToken('work'), {}, { input: TESTER_KEY });
      expect((await run(list)).code).toBe(0);
    }
  });

  it('profileSetProject', async ({ expect }) => {
    const run = configFolder({
      work: { base_url: server.url, token: TESTER_KEY, org: 'org_demo' },
    });
    const failed = await run(['domains', 'list']);
    expect(failed.code).toBe(2);
    await runSuggested(run, failed, suggest.profileSetProject('work'), { ID: PROJECT });
    // The token and the org were kept: the command that failed now works as it was typed.
    expect((await run(['domains', 'list'])).code).toBe(0);
    expect((await run(['profile', 'show', '--json'])).stdout).toContain('"org":"org_demo"');
  });

  it('profileSetWritable', async ({ expect }) => {
    const run = configFolder({
      work: { base_url: server.url, token: TESTER_KEY, project: PROJECT },
    });
    expect((await run(['profile', 'set', 'work', '--read-only'])).code).toBe(0);
    const create = [
      'api',
      'request',
      'POST',
      '/v1/projects/{project_id}/databases',
      '-d',
      '{"name":"rw"}',
    ];
    const failed = await run(create);
    expect(failed.code).toBe(2);
    await runSuggested(run, failed, suggest.profileSetWritable('work'));
    expect((await run(create)).code).toBe(0);
  });

  it('apiRequestSaved', async ({ expect }) => {
    const run = configFolder({ work: { base_url: server.url, token: TESTER_KEY } });
    const regions = ['api', 'request', 'GET', '/v1/regions', '--jq', '.regions[0].id'];
    const saved = await run([...regions, '--save', 'first-region']);
    const sent = await runSuggested(run, saved, suggest.apiRequestSaved('first-region'));
    expect(sent.stdout).toBe((await run(regions)).stdout);
    // From another folder, the command names it.
    const elsewhere = join(tempConfigDir(), 'shared requests');
    const savedThere = await run([...regions, '--save', 'r', '--requests-dir', elsewhere]);
    expect(savedThere.stdout).toContain(suggest.apiRequestSaved('r', elsewhere));
    // The folder's name has a space: the suggestion quotes it, which split(' ') cannot run.
    expect(
      (await run(['api', 'request', '--saved', 'r', '--requests-dir', elsewhere])).stdout,
    ).toBe(sent.stdout);
  });

  it('apiHistory', async ({ expect }) => {
    const run = configFolder({ work: { base_url: server.url, token: TESTER_KEY } });
    const help = await run(['api', 'request', '--help']);
    expect((await run(['api', 'request', 'GET', '/v1/regions'])).code).toBe(0);
    const listed = await runSuggested(run, help, suggest.apiHistory());
    expect(listed.stdout).toContain('/v1/regions');
  });

  it('domainsList', async ({ expect }) => {
    const run = configFolder({ work: { base_url: server.url, token: TESTER_KEY } });
    const failed = await run(['domains', 'records', 'nope.example.com', '--project', PROJECT]);
    expect(failed.code).toBe(1);
    await runSuggested(run, failed, suggest.domainsList(PROJECT));
  });

  it('domainsNextPage', async ({ expect }) => {
    const run = configFolder({ work: { base_url: server.url, token: TESTER_KEY } });
    const first = await run([
      'domains',
      'list',
      '--project',
      PROJECT,
      '--page-size',
      '5',
      '--json',
    ]);
    const token = (JSON.parse(first.stdout) as { next_page_token: string }).next_page_token;
    const second = await runSuggested(run, first, suggest.domainsNextPage(PROJECT, token, 5));
    expect((JSON.parse(first.stdout) as { domains: unknown[] }).domains).toHaveLength(5);
    expect(second.stdout).not.toBe('');
  });

  it('domainsAdd', async ({ expect }) => {
    const run = configFolder({ work: { base_url: server.url, token: TESTER_KEY } });
    const empty = await run(['domains', 'list', '--project', 'prj_demo_enterprise']);
    const added = await runSuggested(run, empty, suggest.domainsAdd('prj_demo_enterprise'), {
      DOMAIN: 'suggested.example.com',
    });
    expect(added.stdout).toMatch(/^Added suggested\.example\.com to prj_demo_enterprise;/);
  });

  it('domainsRecords', async ({ expect }) => {
    const run = configFolder({ work: { base_url: server.url, token: TESTER_KEY } });
    const added = await run(['domains', 'add', 'records.hint.test', '--project', PROJECT]);
    const records = await runSuggested(
      run,
      added,
      suggest.domainsRecords('records.hint.test', PROJECT),
    );
    expect(records.stdout).toContain('_domainctl-verify.records.hint.test');
  });

  // `domains wait` says where to see why when it gives up.
  it('domainsStatus', async ({ expect }) => {
    const run = configFolder({ work: { base_url: verifying.url, token: TESTER_KEY } });
    const name = 'status.hint.test';
    await run(['domains', 'add', name, '--project', PROJECT]);
    const env = { DOMAINCTL_DNS_SERVER: dns.address };
    const waited = await run(['domains', 'wait', name, '--project', PROJECT, '--timeout', '1'], {
      env,
    });
    expect(waited.code).toBe(10);
    const status = await runSuggested(
      run,
      waited,
      suggest.domainsStatus(name, PROJECT),
      {},
      { env },
    );
    expect(status.stdout).toContain('Reached: none of the stages yet.');
  });

  it('domainsList with the --base-url given and --token TOKEN to fill in, when those were flags', async ({
    expect,
  }) => {
    const run = configFolder();
    const given = { baseUrl: server.url, token: TESTER_KEY };
    const missing = await run([
      'domains',
      'records',
      'nope.hint.test',
      '--project',
      PROJECT,
      '--base-url',
      server.url,
      '--token',
      TESTER_KEY,
    ]);
    expect(missing.code).toBe(1);
    // The token is never printed; the base URL is, as given (it holds no password).
    expect(missing.stderr).not.toContain(TESTER_KEY);
    expect(suggest.domainsList(PROJECT, given)).toContain(`--base-url ${server.url} --token TOKEN`);
    await runSuggested(run, missing, suggest.domainsList(PROJECT, given), { TOKEN: TESTER_KEY });
  });

  it('serveDemo', async ({ expect }) => {
    const run = configFolder();
    const refused = await run(['demo']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(suggest.serveDemo());
    // As written, on a free port rather than 7878, which may be taken on this machine.
    const served = spawnCli([...suggest.serveDemo().split(' ').slice(1), '--port', '0']);
    await served.waitForStdout(/^domainctl serve listening on http:\/\/127\.0\.0\.1:\d+ /);
    served.child.kill('SIGTERM');
    expect(await served.exited).toEqual({ code: 0, signal: null });
  });

  // These three serve the records they create from a DNS server of their own (dnsServing), so
  // the others' waits, which ask the shared one, still find none.

  // `domains add` says to check the records once they are live. Run against a server that verifies.
  it('domainsCheck', async ({ expect, onTestFinished }) => {
    const run = configFolder({ work: { base_url: verifying.url, token: TESTER_KEY } });
    const name = 'check.hint.test';
    const added = await run(['domains', 'add', name, '--project', PROJECT]);
    const live = await dnsServing(await zoneOf(run, name), onTestFinished);
    const env = { DOMAINCTL_DNS_SERVER: live.address };
    const checked = await runSuggested(
      run,
      added,
      suggest.domainsCheck(name, PROJECT),
      {},
      { env },
    );
    expect(checked.stdout).toContain('All 3 records are right.');
  });

  it('domainsWait', async ({ expect, onTestFinished }) => {
    const run = configFolder({ work: { base_url: verifying.url, token: TESTER_KEY } });
    const name = 'wait.hint.test';
    await run(['domains', 'add', name, '--project', PROJECT]);
    const zone = await zoneOf(run, name);
    const live = await dnsServing(zone, onTestFinished);
    const env = { DOMAINCTL_DNS_SERVER: live.address };
    const checked = await run(['domains', 'check', name, '--project', PROJECT], { env });
    // The verifier sees the records only now, so the check above found the domain pending.
    await verifierDns.restart(zone);
    const waited = await runSuggested(
      run,
      checked,
      suggest.domainsWait(name, PROJECT),
      {},
      { env },
    );
    expect(waited.stdout).toContain(`${name} reached "ownership verified".`);
  });

  // The active profile points at an API that cannot be reached: a suggested command that did not
  // repeat `--profile work` would fail there (exit code 3).
  it('domainsRecords, domainsStatus, domainsCheck and domainsList repeat a --profile given as a flag', async ({
    expect,
    onTestFinished,
  }) => {
    const run = configFolder({
      gone: { base_url: 'http://127.0.0.1:1', token: TESTER_KEY },
      work: { base_url: verifying.url, token: TESTER_KEY },
    });
    const work = { profile: 'work' };
    const name = 'profile.hint.test';
    const scope = ['--project', PROJECT, '--profile', 'work'];
    const added = await run(['domains', 'add', name, ...scope]);
    expect(added.code).toBe(0);
    await runSuggested(run, added, suggest.domainsRecords(name, PROJECT, work));
    const env = { DOMAINCTL_DNS_SERVER: dns.address };
    const waited = await run(['domains', 'wait', name, ...scope, '--timeout', '1'], { env });
    expect(waited.code).toBe(10);
    await runSuggested(run, waited, suggest.domainsStatus(name, PROJECT, work), {}, { env });
    const live = await dnsServing(await zoneOf(run, name, ['--profile', 'work']), onTestFinished);
    const liveEnv = { DOMAINCTL_DNS_SERVER: live.address };
    await runSuggested(run, added, suggest.domainsCheck(name, PROJECT, work), {}, { env: liveEnv });
    const missing = await run(['domains', 'records', 'nope.hint.test', ...scope]);
    expect(missing.code).toBe(1);
    await runSuggested(run, missing, suggest.domainsList(PROJECT, work));
  });
});

/** The zone that holds a domain's three records, as the API asks for them. */
async function zoneOf(run: Run, name: string, more: string[] = []): Promise<DnsZone> {
  const shown = await run([
    'domains',
    'records',
    name,
    '--project',
    PROJECT,
    '--format',
    'json',
    ...more,
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

describe('every command a message suggests comes from the table', () => {
  const src = fileURLToPath(new URL('../../src', import.meta.url));
  // A command named in quotes or backticks, without arguments, is a mention, not a suggestion
  // (`domainctl api request`, 'domainctl serve'). These two name one with its arguments.
  const BARE = /['`]domainctl [a-z]+( [a-z]+)?['`]/g;
  const MENTIONS = ['(see domainctl serve --seed demo) and stops', '`domainctl serve listening on'];

  it('finds no `domainctl <command>` in src/ outside the table, help examples and mentions', () => {
    const found: string[] = [];
    for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || file.endsWith('suggested-commands.ts')) continue;
      const lines = readFileSync(join(src, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (!/domainctl (profile|domains|api|serve|demo)\b/.test(line)) return;
        if (/^\s*(\/\/|\*|\/\*)/.test(line) || /^\s*\$ /.test(line)) return;
        const rest = line.replaceAll(BARE, '');
        if (!/domainctl (profile|domains|api|serve|demo)\b/.test(rest)) return;
        if (MENTIONS.some((mention) => line.includes(mention))) return;
        found.push(`${relative(src, join(src, file))}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
