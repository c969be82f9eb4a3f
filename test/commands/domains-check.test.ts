import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '../../src/contract/schemas.js';
import { type CliResult, runCli } from '../helpers/cli.js';
import { sendsNothing } from '../helpers/command-runs.js';
import {
  deadPort,
  startBlackhole,
  startDnsServer,
  type TestDnsServer,
} from '../helpers/dns-server.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { OUTSIDER_KEY, TESTER_KEY } from '../helpers/server.js';

const PROJECT = 'prj_demo_scale';

const server = seededServerForFile();
let dns: TestDnsServer;
/** Domains added through the API for this file, by host name: their tokens are random. */
const added = new Map<string, Domain>();

async function addDomain(name: string): Promise<Domain> {
  const res = await fetch(`${server.url}/v1/projects/${PROJECT}/domains`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ domain: name }),
  });
  expect(res.status).toBe(201);
  const domain = (await res.json()) as Domain;
  added.set(name, domain);
  return domain;
}

const dnsOf = (name: string) => (added.get(name) as Domain).dns_instructions;

/** The three records exactly as the API handed them out. */
function correct(name: string) {
  const i = dnsOf(name);
  return {
    cname: { [i.cname_host]: i.cname_target, [i.acme_cname_host]: i.acme_cname_target },
    txt: { [i.txt_host]: i.txt_value },
  };
}

beforeAll(async () => {
  for (const name of [
    'good.check.test',
    'bare.check.test',
    'wrongtxt.check.test',
    'leftover.check.test',
    'shop.denied.test',
  ]) {
    await addDomain(name);
  }
  const good = correct('good.check.test');
  const wrongTxt = correct('wrongtxt.check.test');
  const leftover = correct('leftover.check.test');
  const denied = correct('shop.denied.test');
  dns = await startDnsServer({
    cname: {
      ...good.cname,
      ...wrongTxt.cname,
      // The CNAME of the domain itself is right; the _acme-challenge name holds a TXT instead.
      [dnsOf('leftover.check.test').cname_host]: dnsOf('leftover.check.test').cname_target,
      ...denied.cname,
    },
    txt: {
      ...good.txt,
      // Only the TXT record: both CNAMEs are missing.
      [dnsOf('bare.check.test').txt_host]: dnsOf('bare.check.test').txt_value,
      [dnsOf('wrongtxt.check.test').txt_host]: 'domainctl-verify=tokenofanearlieradd',
      ...leftover.txt,
      [dnsOf('leftover.check.test').acme_cname_host]: 'old-challenge-value',
      ...denied.txt,
    },
    caa: { 'denied.test': [{ tag: 'issue', value: 'sectigo.com' }] },
  });
});
afterAll(async () => {
  await dns?.stop();
});

/** `domainctl domains check …` as the demo tester. */
function check(
  args: string[],
  options: { env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<CliResult> {
  return runCli(['domains', 'check', ...args], {
    env: {
      DOMAINCTL_BASE_URL: server.url,
      DOMAINCTL_TOKEN: TESTER_KEY,
      DOMAINCTL_PROJECT: PROJECT,
      ...options.env,
    },
    timeoutMs: options.timeoutMs,
  });
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

type Row = [found: string, status: string];

/** What `domains check` prints: header, table, notes and warnings, verdict. */
function report(
  name: string,
  server: string,
  rows: [Row, Row, Row],
  notes: string[],
  verdict: string,
): string {
  const i = dnsOf(name);
  const [cname, txt, acme] = rows;
  return (
    `DNS records of ${name}, as ${server} answers:\n\n` +
    table([
      ['TYPE', 'HOST', 'EXPECTED', 'FOUND', 'STATUS'],
      ['CNAME', i.cname_host, i.cname_target, ...cname],
      ['TXT', i.txt_host, i.txt_value, ...txt],
      ['CNAME', i.acme_cname_host, i.acme_cname_target, ...acme],
    ]) +
    (notes.length > 0 ? `\n${notes.join('\n')}\n` : '') +
    `\n${verdict}\n`
  );
}

const allRight = (name: string) =>
  `All 3 records are right. The API verifies the domain once it sees the TXT record; to wait for that: domainctl domains wait ${name} --project ${PROJECT}`;

describe('domains check against a real DNS server', () => {
  it('reports three ok records and exits 0 when everything is right', async () => {
    const name = 'good.check.test';
    const i = dnsOf(name);
    expect(await check([name, '--dns-server', dns.address])).toEqual({
      stdout: report(
        name,
        dns.address,
        [
          [i.cname_target, 'ok'],
          [i.txt_value, 'ok'],
          [i.acme_cname_target, 'ok'],
        ],
        [],
        allRight(name),
      ),
      stderr: '',
      code: 0,
    });
  });

  it('reports missing CNAMEs and exits 1', async () => {
    const name = 'bare.check.test';
    const i = dnsOf(name);
    expect(await check([name, '--dns-server', dns.address])).toEqual({
      stdout: report(
        name,
        dns.address,
        [
          ['-', 'missing'],
          [i.txt_value, 'ok'],
          ['-', 'missing'],
        ],
        [
          // The name exists (the TXT record lives under it), with no CNAME: no data, not NXDOMAIN.
          `${name} has no CNAME record`,
          `${i.acme_cname_host} does not exist in DNS (NXDOMAIN)`,
        ],
        "2 records of 3 are not right yet: create or fix them at your DNS provider, then check again (a change can take up to the old record's TTL to show).",
      ),
      stderr: '',
      code: 1,
    });
  });

  it('shows the TXT value found when it is not the expected one', async () => {
    const name = 'wrongtxt.check.test';
    const i = dnsOf(name);
    expect(await check([name, '--dns-server', dns.address])).toEqual({
      stdout: report(
        name,
        dns.address,
        [
          [i.cname_target, 'ok'],
          ['domainctl-verify=tokenofanearlieradd', 'wrong'],
          [i.acme_cname_target, 'ok'],
        ],
        [
          `the TXT record at ${i.txt_host} holds another token (from an earlier registration of this domain?); it must be ${i.txt_value}`,
        ],
        "1 record of 3 is not right yet: create or fix it at your DNS provider, then check again (a change can take up to the old record's TTL to show).",
      ),
      stderr: '',
      code: 1,
    });
  });

  it('explains a TXT record left at _acme-challenge, where the CNAME must go', async () => {
    const name = 'leftover.check.test';
    const i = dnsOf(name);
    expect(await check([name, '--dns-server', dns.address])).toEqual({
      stdout: report(
        name,
        dns.address,
        [
          [i.cname_target, 'ok'],
          [i.txt_value, 'ok'],
          ['TXT "old-challenge-value"', 'wrong'],
        ],
        [
          `${i.acme_cname_host} has a TXT record (left from an earlier certificate set-up?) and a CNAME cannot coexist with other records: delete the TXT record, then create the CNAME to ${i.acme_cname_target}`,
        ],
        "1 record of 3 is not right yet: create or fix it at your DNS provider, then check again (a change can take up to the old record's TTL to show).",
      ),
      stderr: '',
      code: 1,
    });
  });

  it('warns about a CAA record that forbids issuance, though the records are right (0)', async () => {
    const name = 'shop.denied.test';
    const i = dnsOf(name);
    expect(await check([name, '--dns-server', dns.address])).toEqual({
      stdout: report(
        name,
        dns.address,
        [
          [i.cname_target, 'ok'],
          [i.txt_value, 'ok'],
          [i.acme_cname_target, 'ok'],
        ],
        [
          'warning: the CAA records at denied.test allow only "sectigo.com" to issue certificates, so letsencrypt.org will refuse to issue one for this domain: add denied.test. CAA 0 issue "letsencrypt.org"',
        ],
        allRight(name),
      ),
      stderr: '',
      code: 0,
    });
  });

  it('prints a stable JSON document with --json', async () => {
    const name = 'wrongtxt.check.test';
    const i = dnsOf(name);
    const result = await check([name, '--dns-server', dns.address, '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout.endsWith('\n')).toBe(true);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stdout)).toEqual({
      domain: name,
      verified: false,
      dns_server: dns.address,
      ok: false,
      // dnsmasq answers NXDOMAIN for every SOA: no zone to ask, the resolver's answers stand.
      source: { kind: 'resolver', resolver: dns.address },
      records: [
        {
          record: 'cname',
          type: 'CNAME',
          host: i.cname_host,
          expected: i.cname_target,
          status: 'ok',
          found: [i.cname_target],
          detail: null,
          recursive: null,
        },
        {
          record: 'txt',
          type: 'TXT',
          host: i.txt_host,
          expected: i.txt_value,
          status: 'wrong',
          found: ['domainctl-verify=tokenofanearlieradd'],
          detail: `the TXT record at ${i.txt_host} holds another token (from an earlier registration of this domain?); it must be ${i.txt_value}`,
          recursive: null,
        },
        {
          record: 'acme_cname',
          type: 'CNAME',
          host: i.acme_cname_host,
          expected: i.acme_cname_target,
          status: 'ok',
          found: [i.acme_cname_target],
          detail: null,
          recursive: null,
        },
      ],
      warnings: [],
      findings: [],
    });

    const good = JSON.parse(
      (await check(['good.check.test', '--dns-server', dns.address, '--json'])).stdout,
    ) as { ok: boolean; records: { status: string }[] };
    expect(good.ok).toBe(true);
    expect(good.records.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
  });

  it('takes the DNS server from DOMAINCTL_DNS_SERVER; --dns-server wins over it', async () => {
    const fromEnv = await check(['good.check.test', '--json'], {
      env: { DOMAINCTL_DNS_SERVER: dns.address },
    });
    expect({ code: fromEnv.code, dns_server: JSON.parse(fromEnv.stdout).dns_server }).toEqual({
      code: 0,
      dns_server: dns.address,
    });

    const dead = await deadPort();
    const overridden = await check(['good.check.test', '--dns-server', dns.address, '--json'], {
      env: { DOMAINCTL_DNS_SERVER: dead },
    });
    expect({ code: overridden.code, ok: JSON.parse(overridden.stdout).ok }).toEqual({
      code: 0,
      ok: true,
    });
  });
});

describe('domains check when DNS does not answer', () => {
  const rows = (status: string): [Row, Row, Row] => [
    ['-', status],
    ['-', status],
    ['-', status],
  ];

  it('gives error rows and exit 1 within the timeout when the server never answers', async () => {
    const blackhole = await startBlackhole();
    try {
      const name = 'good.check.test';
      const started = Date.now();
      const result = await check([name, '--dns-server', blackhole.address, '--timeout', '1'], {
        timeoutMs: 10_000,
      });
      // One second a query, all at once: well within this bound, never a hang.
      expect(Date.now() - started).toBeLessThan(8_000);
      const reason = `no answer from ${blackhole.address} within 1 s`;
      expect(result).toEqual({
        stdout: report(
          name,
          blackhole.address,
          rows('error'),
          [
            `could not look up any of the 3 records: ${reason}`,
            `warning: the CAA records of ${name} could not be checked (${reason}); a CA will not issue while its own CAA lookup fails`,
          ],
          'None of the 3 records could be looked up: try again, or ask another DNS server with --dns-server.',
        ),
        stderr: '',
        code: 1,
      });
    } finally {
      await blackhole.close();
    }
  });

  it('gives error rows and exit 1 at once when the port refuses', async () => {
    const dead = await deadPort();
    const name = 'good.check.test';
    const result = await check([name, '--dns-server', dead], { timeoutMs: 10_000 });
    const reason = `connection refused by ${dead} (is a DNS server listening there?)`;
    expect(result).toEqual({
      stdout: report(
        name,
        dead,
        rows('error'),
        [
          `could not look up any of the 3 records: ${reason}`,
          `warning: the CAA records of ${name} could not be checked (${reason}); a CA will not issue while its own CAA lookup fails`,
        ],
        'None of the 3 records could be looked up: try again, or ask another DNS server with --dns-server.',
      ),
      stderr: '',
      code: 1,
    });
  });
});

describe('domains check errors', () => {
  it('refuses a bad --dns-server or DOMAINCTL_DNS_SERVER (2, nothing sent)', async () => {
    expect(
      await sendsNothing(server, () =>
        check(['good.check.test', '--dns-server', 'dns.example.com']),
      ),
    ).toEqual({
      stdout: '',
      stderr:
        'domainctl: --dns-server "dns.example.com": expected an IP address, optionally with :PORT (e.g. 127.0.0.1:5353 or [::1]:53); "dns.example.com" is not one\n',
      code: 2,
    });
    expect(
      await sendsNothing(server, () =>
        check(['good.check.test'], { env: { DOMAINCTL_DNS_SERVER: '127.0.0.1:99999' } }),
      ),
    ).toEqual({
      stdout: '',
      stderr:
        'domainctl: DOMAINCTL_DNS_SERVER "127.0.0.1:99999": expected a port from 1 to 65535, not "99999"\n',
      code: 2,
    });
    expect(
      await sendsNothing(server, () =>
        check(['good.check.test', '--timeout', '0', '--dns-server', dns.address]),
      ),
    ).toEqual({
      stdout: '',
      stderr:
        "domainctl: option '--timeout <seconds>' argument '0' is invalid. expected a number of seconds greater than 0\n(run with --help for usage)\n",
      code: 2,
    });
  });

  it('exits 1 for a domain the project does not have, before any DNS query', async () => {
    expect(await check(['nope.check.test', '--dns-server', dns.address])).toEqual({
      stdout: '',
      stderr: `domainctl: no domain nope.check.test in ${PROJECT} (see domainctl domains list --project ${PROJECT})\n`,
      code: 1,
    });
  });

  it('keeps the HTTP exit codes: 4 without credentials, 1 with the summary line, 3 network', async () => {
    expect(
      await sendsNothing(server, () =>
        check(['good.check.test', '--dns-server', dns.address], {
          env: { DOMAINCTL_TOKEN: undefined },
        }),
      ),
    ).toEqual({
      stdout: '',
      stderr:
        'domainctl: GET /v1/projects/{project_id}/domains needs credentials and none were given\n' +
        'Pass --token, set DOMAINCTL_TOKEN, or add a profile with domainctl profile add NAME --base-url URL --token-stdin.\n',
      code: 4,
    });

    const outsider = await check(['good.check.test', '--dns-server', dns.address], {
      env: { DOMAINCTL_TOKEN: OUTSIDER_KEY },
    });
    expect(outsider).toEqual({
      stdout: '',
      stderr: expect.stringMatching(/^HTTP 403 feature_not_enabled: .+\n$/),
      code: 1,
    });

    // deadPort() is free on TCP too: nothing accepts the connection.
    const nowhere = `http://${await deadPort()}`;
    const network = await check(['good.check.test', '--dns-server', dns.address], {
      env: { DOMAINCTL_BASE_URL: nowhere },
    });
    expect(network).toEqual({
      stdout: '',
      stderr: `domainctl: cannot reach ${nowhere}: connection refused\n`,
      code: 3,
    });
  });
});
