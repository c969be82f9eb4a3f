import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { Domain, DomainPage } from '../../src/contract/schemas.js';
import { type CliResult, runCli, tempConfigDir } from '../helpers/cli.js';
import { sendsNothing } from '../helpers/command-runs.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { OUTSIDER_KEY, TESTER_KEY } from '../helpers/server.js';
import { toolPath } from '../helpers/tools.js';

const server = seededServerForFile();

const DAY_MS = 24 * 60 * 60 * 1000;
const compact = (value: unknown) => `${JSON.stringify(value)}\n`;
const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** `domainctl domains …` as the demo tester, against the seeded server. */
function domains(
  args: string[],
  { project = 'prj_demo_scale', token = TESTER_KEY }: { project?: string; token?: string } = {},
): Promise<CliResult> {
  const env: Record<string, string> = { DOMAINCTL_BASE_URL: server.url };
  if (token) env.DOMAINCTL_TOKEN = token;
  if (project) env.DOMAINCTL_PROJECT = project;
  return runCli(['domains', ...args], { env });
}

/** A page of the project's domains as the server answers it. */
async function serverPage(query = '', project = 'prj_demo_scale'): Promise<DomainPage> {
  const response = await fetch(`${server.url}/v1/projects/${project}/domains${query}`, {
    headers: { authorization: `Bearer ${TESTER_KEY}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as DomainPage;
}

async function serverDomain(name: string): Promise<Domain> {
  const found = (await serverPage('?page_size=100')).domains.find((d) => d.domain === name);
  if (!found) throw new Error(`the server has no domain ${name}`);
  return found;
}

/** Columns padded to their widest cell, two spaces apart, the last one not padded. */
function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '),
    )
    .map((line) => `${line.trimEnd()}\n`)
    .join('');
}

function expectedDomainsTable(list: Domain[]): string {
  const now = Date.now();
  const expiry = (iso: string | null) => {
    if (!iso) return '-';
    const days = Math.floor((Date.parse(iso) - now) / DAY_MS);
    return `${iso.slice(0, 10)} (${days} day${days === 1 ? '' : 's'} left)`;
  };
  return table([
    ['DOMAIN', 'STATUS', 'VERIFIED AT', 'TLS EXPIRY', 'CREATED'],
    ...list.map((d) => [
      d.domain,
      d.verified ? 'verified' : 'pending',
      d.verified_at?.slice(0, 10) ?? '-',
      expiry(d.tls_cert_expiry),
      d.created_at.slice(0, 10),
    ]),
  ]);
}

function expectedRecordsTable(d: Domain): string {
  const i = d.dns_instructions;
  return table([
    ['TYPE', 'HOST', 'VALUE'],
    ['CNAME', i.cname_host, i.cname_target],
    ['TXT', i.txt_host, i.txt_value],
    ['CNAME', i.acme_cname_host, i.acme_cname_target],
  ]);
}

describe('domains list', () => {
  it('prints the first page as a table and says on stderr how to get the next', async () => {
    const page = await serverPage();
    expect(page.domains).toHaveLength(20);
    expect(await domains(['list'])).toEqual({
      stdout: expectedDomainsTable(page.domains),
      stderr: `More domains follow. Next page: domainctl domains list --project prj_demo_scale --page-token ${page.next_page_token} (or --all for every page)\n`,
      code: 0,
    });
  });

  it('shows a certificate close to expiry with its days left', async () => {
    const result = await domains(['list', '--all']);
    // The oldest seeded domain's certificate expires in 6 days: the demo data has one within 14
    // days, to show the warning (src/server/seed.ts).
    const oldest = (await serverPage('?page_size=100')).domains.at(-1) as Domain;
    const line = result.stdout.split('\n').find((l) => l.startsWith(`${oldest.domain} `));
    expect(line?.split(/ {2,}/)).toEqual([
      oldest.domain,
      'verified',
      oldest.verified_at?.slice(0, 10),
      `${oldest.tls_cert_expiry?.slice(0, 10)} (6 days left)`,
      oldest.created_at.slice(0, 10),
    ]);
  });

  it('prints the page as the API sends it with --json', async () => {
    const page = await serverPage();
    expect(await domains(['list', '--json'])).toEqual({
      stdout: compact(page),
      stderr: `More domains follow. Next page: domainctl domains list --project prj_demo_scale --page-token ${page.next_page_token} (or --all for every page)\n`,
      code: 0,
    });
  });

  it('follows every page with --all', async () => {
    const all = await serverPage('?page_size=100');
    expect(all.domains).toHaveLength(45);
    const before = server.requests.length;
    expect(await domains(['list', '--all', '--json'])).toEqual({
      stdout: compact(all),
      stderr: '',
      code: 0,
    });
    expect(server.requests.slice(before)).toEqual(['GET /v1/projects/prj_demo_scale/domains 200']);

    expect(await domains(['list', '--all', '--page-size', '20'])).toEqual({
      stdout: expectedDomainsTable(all.domains),
      stderr: '',
      code: 0,
    });
  });

  it('pages with --page-size and --page-token', async () => {
    const first = await serverPage('?page_size=5');
    const second = await serverPage(`?page_size=5&page_token=${first.next_page_token}`);
    expect(
      await domains(['list', '--page-size', '5', '--page-token', first.next_page_token]),
    ).toEqual({
      stdout: expectedDomainsTable(second.domains),
      stderr: `More domains follow. Next page: domainctl domains list --project prj_demo_scale --page-size 5 --page-token ${second.next_page_token} (or --all for every page)\n`,
      code: 0,
    });
  });

  it('names the next page with the base URL given as a flag, and the token as TOKEN', async () => {
    const first = await serverPage('?page_size=5');
    const second = await serverPage(`?page_size=5&page_token=${first.next_page_token}`);
    const flags = ['--base-url', server.url, '--token', TESTER_KEY, '--project', 'prj_demo_scale'];
    const args = ['domains', 'list', ...flags, '--page-size', '5'];
    const hint = (token: string) =>
      `More domains follow. Next page: domainctl domains list --project prj_demo_scale --base-url ${server.url} --token TOKEN --page-size 5 --page-token ${token} (or --all for every page)\n`;
    const config = { env: { DOMAINCTL_CONFIG_DIR: tempConfigDir() } };
    expect(await runCli(args, config)).toEqual({
      stdout: expectedDomainsTable(first.domains),
      stderr: hint(first.next_page_token),
      code: 0,
    });
    // As it says, with the token filled in: it is never printed.
    const next = await runCli([...args, '--page-token', first.next_page_token], config);
    expect(next).toEqual({
      stdout: expectedDomainsTable(second.domains),
      stderr: hint(second.next_page_token),
      code: 0,
    });
    expect(next.stderr).not.toContain(TESTER_KEY);
  });

  it('says so when the project has no domains', async () => {
    expect(await domains(['list'], { project: 'prj_demo_enterprise' })).toEqual({
      stdout: '',
      stderr:
        'No domains in prj_demo_enterprise yet. Add one with: domainctl domains add DOMAIN --project prj_demo_enterprise\n',
      code: 0,
    });
    expect(await domains(['list', '--json'], { project: 'prj_demo_enterprise' })).toEqual({
      stdout: compact({ domains: [], next_page_token: '' }),
      stderr: '',
      code: 0,
    });
  });

  it('on a plan without custom domains, says so as the UI does, and suggests no add', async () => {
    const said =
      'No domains in prj_demo_free: it is on the Free plan, and custom domains need Scale or Enterprise.\n';
    expect(await domains(['list'], { project: 'prj_demo_free' })).toEqual({
      stdout: '',
      stderr: said,
      code: 0,
    });
    expect(await domains(['list', '--all'], { project: 'prj_demo_free' })).toEqual({
      stdout: '',
      stderr: said,
      code: 0,
    });
  });

  it('with nothing set up, the first error leads to profile add and the demo, in one message (2)', async () => {
    const setUp = (missing: string) =>
      `domainctl: no profile yet, and no ${missing} given: add a profile with domainctl profile add NAME --base-url URL --token-stdin --project ID, or try domainctl on demo data with domainctl demo\n`;
    expect(await runCli(['domains', 'list'])).toEqual({
      stdout: '',
      stderr: setUp('project, API or token'),
      code: 2,
    });
    // Each setting given in turn still meets the same message, naming what is left.
    expect(await runCli(['domains', 'list', '--project', 'prj_demo_scale'])).toEqual({
      stdout: '',
      stderr: setUp('API or token'),
      code: 2,
    });
    expect(await runCli(['domains', 'records', 'www.example.com', '--token', TESTER_KEY])).toEqual({
      stdout: '',
      stderr: setUp('project or API'),
      code: 2,
    });
    expect(await runCli(['api', 'request', '/v1/regions'])).toEqual({
      stdout: '',
      stderr: setUp('API or token'),
      code: 2,
    });
  });

  it('refuses a missing project and a bad page size (2, nothing sent)', async () => {
    expect(await sendsNothing(server, () => domains(['list'], { project: '' }))).toEqual({
      stdout: '',
      stderr: 'domainctl: no project: pass --project ID or set DOMAINCTL_PROJECT\n',
      code: 2,
    });
    expect(await sendsNothing(server, () => domains(['list', '--page-size', '101']))).toEqual({
      stdout: '',
      stderr:
        "domainctl: option '--page-size <n>' argument '101' is invalid. expected a whole number from 1 to 100\n(run with --help for usage)\n",
      code: 2,
    });
  });

  it('needs credentials (4) and reports an HTTP error in one line (1)', async () => {
    expect(await sendsNothing(server, () => domains(['list'], { token: '' }))).toEqual({
      stdout: '',
      stderr:
        'domainctl: GET /v1/projects/{project_id}/domains needs credentials and none were given\n' +
        'Pass --token, set DOMAINCTL_TOKEN, or add a profile with domainctl profile add NAME --base-url URL --token-stdin.\n',
      code: 4,
    });
    const flagOff =
      'custom domains are a preview feature: the custom-domains feature flag is not enabled for this account';
    expect(await domains(['list'], { token: OUTSIDER_KEY })).toEqual({
      stdout: '',
      stderr: `HTTP 403 feature_not_enabled: ${flagOff}\n`,
      code: 1,
    });
    // With --json the error body is on stdout, as api request prints it.
    expect(await domains(['list', '--json'], { token: OUTSIDER_KEY })).toEqual({
      stdout: compact({ error: { code: 'feature_not_enabled', message: flagOff } }),
      stderr: `HTTP 403 feature_not_enabled: ${flagOff}\n`,
      code: 1,
    });
  });

  it('takes the project from the profile', async () => {
    const dir = tempConfigDir();
    const env = { DOMAINCTL_CONFIG_DIR: dir };
    await runCli(
      [
        'profile',
        'add',
        'demo',
        '--base-url',
        server.url,
        '--token',
        TESTER_KEY,
        '--project',
        'prj_demo_scale',
      ],
      { env },
    );
    const all = await serverPage('?page_size=100');
    expect(await runCli(['domains', 'list', '--all', '--json'], { env })).toEqual({
      stdout: compact(all),
      stderr: '',
      code: 0,
    });
  });
});

describe('domains add', () => {
  it('on a free project exits 1 naming the plan it needs', async () => {
    const result = await domains(['add', 'free.example.com'], { project: 'prj_demo_free' });
    expect(result).toEqual({
      stdout: '',
      stderr:
        'HTTP 402 plan_upgrade_required: custom domains need the Scale or Enterprise plan; project prj_demo_free is on the Free plan\n',
      code: 1,
    });
  });

  it('on a scale project prints the CNAME, TXT and _acme-challenge records in full', async () => {
    const result = await domains(['add', 'Shop.Example.COM.']);
    const added = await serverDomain('shop.example.com');
    expect(added.dns_instructions.acme_cname_host).toBe('_acme-challenge.shop.example.com');
    expect(result).toEqual({
      stdout:
        'Added shop.example.com to prj_demo_scale; it is pending verification.\n\n' +
        'Create these DNS records at your DNS provider:\n\n' +
        expectedRecordsTable(added) +
        '\nNext: once the records are live, check them with\n' +
        '  domainctl domains check shop.example.com --project prj_demo_scale\n' +
        'The records again, any time: domainctl domains records shop.example.com --project prj_demo_scale\n',
      stderr: '',
      code: 0,
    });
    for (const value of Object.values(added.dns_instructions))
      expect(result.stdout).toContain(value);
  });

  it('prints the Domain with --json', async () => {
    const result = await domains(['add', 'api.example.org', '--json']);
    expect(result).toEqual({
      stdout: compact(await serverDomain('api.example.org')),
      stderr: '',
      code: 0,
    });
  });

  it('refuses an invalid host name before sending anything (2)', async () => {
    const cases: [string, string][] = [
      [
        'https://shop.example.com/',
        'domain must be a host name, not a URL: drop the scheme and path (e.g. shop.example.com)',
      ],
      ['*.example.com', 'wildcard domains are not supported: add each host name on its own'],
      ['localhost', 'domain needs at least two labels (e.g. example.com)'],
      ['192.0.2.1', 'domain must be a host name, not an IP address'],
    ];
    for (const [name, reason] of cases) {
      expect(await sendsNothing(server, () => domains(['add', name]))).toEqual({
        stdout: '',
        stderr: `domainctl: invalid domain "${name}": ${reason}\n`,
        code: 2,
      });
    }
  });

  it('needs credentials (4, nothing sent) and reports a duplicate (1)', async () => {
    expect(
      await sendsNothing(server, () => domains(['add', 'new.example.com'], { token: '' })),
    ).toEqual({
      stdout: '',
      stderr:
        'domainctl: POST /v1/projects/{project_id}/domains needs credentials and none were given\n' +
        'Pass --token, set DOMAINCTL_TOKEN, or add a profile with domainctl profile add NAME --base-url URL --token-stdin.\n',
      code: 4,
    });
    expect(await domains(['add', 'www.acme-shop.com'])).toEqual({
      stdout: '',
      stderr: 'HTTP 409 domain_already_exists: www.acme-shop.com is already registered\n',
      code: 1,
    });
  });
});

describe('domains records', () => {
  it('prints the records as a table, in full', async () => {
    const domain = await serverDomain('docs.northwind.io');
    expect(await domains(['records', 'docs.northwind.io'])).toEqual({
      stdout: expectedRecordsTable(domain),
      stderr: '',
      code: 0,
    });
  });

  it('prints them as JSON with --format json (compact with --json)', async () => {
    const domain = await serverDomain('docs.northwind.io');
    const i = domain.dns_instructions;
    const expected = {
      domain: 'docs.northwind.io',
      verified: false,
      records: [
        { type: 'CNAME', host: i.cname_host, value: i.cname_target },
        { type: 'TXT', host: i.txt_host, value: i.txt_value },
        { type: 'CNAME', host: i.acme_cname_host, value: i.acme_cname_target },
      ],
    };
    expect(await domains(['records', 'docs.northwind.io', '--format', 'json'])).toEqual({
      stdout: pretty(expected),
      stderr: '',
      code: 0,
    });
    expect(await domains(['records', 'docs.northwind.io', '--json'])).toEqual({
      stdout: compact(expected),
      stderr: '',
      code: 0,
    });
  });

  it(
    'prints a zone snippet that named-checkzone loads, with the records it should hold',
    { tags: ['named-checkzone'] },
    async () => {
      // The last domain of a list page lies deep in the list: findDomain walks pages to reach it.
      const name = 'mail.globex.org';
      const domain = await serverDomain(name);
      const result = await domains(['records', name, '--format', 'zone']);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout.startsWith(`; DNS records for ${name} (domainctl)\n`)).toBe(true);

      const file = join(tempConfigDir(), 'globex.org.zone');
      writeFileSync(
        file,
        '$ORIGIN globex.org.\n$TTL 3600\n' +
          '@ IN SOA ns1 hostmaster 1 7200 3600 1209600 3600\n@ IN NS ns1\nns1 IN A 192.0.2.1\n' +
          result.stdout,
      );
      const checked = spawnSync(
        toolPath('named-checkzone'),
        ['-k', 'fail', '-D', '-o', '-', 'globex.org', file],
        {
          encoding: 'utf8',
        },
      );
      expect(checked.stderr).toBe('zone globex.org/IN: loaded serial 1\nOK\n');
      expect(checked.status).toBe(0);
      // The zone as BIND read it, one record a line: our three, fully qualified, nothing else.
      const records = checked.stdout
        .trim()
        .split('\n')
        .map((line) => line.split(/\s+/).join(' '))
        .filter((line) => !/ IN (SOA|NS|A) /.test(line))
        .sort();
      const i = domain.dns_instructions;
      expect(records).toEqual(
        [
          `${i.cname_host}. 3600 IN CNAME ${i.cname_target}.`,
          `${i.txt_host}. 3600 IN TXT "${i.txt_value}"`,
          `${i.acme_cname_host}. 3600 IN CNAME ${i.acme_cname_target}.`,
        ].sort(),
      );
    },
  );

  it('exits 1 for a domain the project does not have, and 2 for an invalid name', async () => {
    expect(await domains(['records', 'nope.example.com'])).toEqual({
      stdout: '',
      stderr:
        'domainctl: no domain nope.example.com in prj_demo_scale (see domainctl domains list --project prj_demo_scale)\n',
      code: 1,
    });
    expect(await sendsNothing(server, () => domains(['records', 'nope']))).toEqual({
      stdout: '',
      stderr:
        'domainctl: invalid domain "nope": domain needs at least two labels (e.g. example.com)\n',
      code: 2,
    });
    expect(
      await sendsNothing(server, () => domains(['records', 'a.example.com', '--format', 'yaml'])),
    ).toEqual({
      stdout: '',
      stderr:
        "domainctl: option '--format <format>' argument 'yaml' is invalid. Allowed choices are table, json, zone.\n(run with --help for usage)\n",
      code: 2,
    });
  });
});
