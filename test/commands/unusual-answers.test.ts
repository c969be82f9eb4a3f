import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli } from '../helpers/cli.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { type FakeApi, startFakeApi } from '../helpers/fake-api.js';
import {
  fortyDaysOn,
  UNUSUAL_PROJECT,
  unusualPending,
  unusualRecords,
  unusualVerified,
} from '../helpers/unusual-domains.js';

// Answers that the API's description allows but the reference server never writes: times
// without milliseconds, with offsets or with microseconds; nullable fields left out; a UUID as
// the verification token; ids and page tokens with `+/=`; fields the client does not know. Every
// command must read them (exit 0, the data shown), and --json must keep what it does not know.

const PROJECT = UNUSUAL_PROJECT;

/** An instant written with a UTC offset and no fractional seconds: `2026-05-01T12:00:00+02:00`. */
function withOffset(ms: number, minutes: number): string {
  const local = new Date(ms + minutes * 60_000).toISOString().slice(0, 19);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

// 40 days and a bit from now, written at +02:00.
const EXPIRY_MS = fortyDaysOn();
const EXPIRY = withOffset(EXPIRY_MS, 120);
const EXPIRY_DAY = new Date(EXPIRY_MS).toISOString().slice(0, 10);

const verified = unusualVerified(EXPIRY);
const pending = unusualPending(
  'pending.example.test',
  'dom_Zm9v+YmFy/',
  'c0ffee00-0000-4000-8000-000000000001',
);
const third = {
  ...pending,
  id: 'dom_3==',
  domain: 'third.example.test',
  verified_at: null,
  tls_cert_expiry: null,
  dns_instructions: unusualRecords('third.example.test'),
  created_at: '2026-02-28 10:00:00+00:00',
};
const domains = [verified, pending, third];
const FIRST_TOKEN = 'eyJvIjoyfQ==+/';

let api: FakeApi;
let dns: TestDnsServer;
beforeAll(async () => {
  api = await startFakeApi({
    projects: [{ id: PROJECT, name: 'Unusual', plan: 'scale' }],
    domains: { [PROJECT]: domains },
    pageSize: 2,
    token: (n) => (n === 2 ? FIRST_TOKEN : `t${n}+=`),
    pageExtra: { total_count: 3 },
    added: { status: 201, body: { ...pending, domain: 'new.example.test' } },
    routes: {
      'GET /v1/projects/prj_bad/domains': {
        body: { domains: [{ ...pending, verified: 'yes' }], next_page_token: '' },
      },
      'GET /v1/projects/prj_html/domains': {
        headers: { 'content-type': 'text/html' },
        body: '<html>maintenance</html>',
      },
      'GET /v1/projects/prj_shape/domains': { body: { items: [] } },
      'POST /v1/projects/prj_half/domains': {
        status: 201,
        body: { ...pending, domain: 'half.example.test', created_at: 'yesterday' },
      },
      'POST /v1/projects/prj_empty/domains': { status: 201, body: '' },
    },
  });
  const i = verified.dns_instructions;
  dns = await startDnsServer({
    cname: { [i.cname_host]: i.cname_target, [i.acme_cname_host]: i.acme_cname_target },
    txt: { [i.txt_host]: i.txt_value },
  });
});
afterAll(async () => {
  await dns?.stop();
  await api?.close();
  removeTempDirs();
});

const compact = (value: unknown) => `${JSON.stringify(value)}\n`;
const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Columns padded to their widest cell, two spaces apart, the last one not padded. */
function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  return rows
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))))
    .map((row) => `${row.join('  ').trimEnd()}\n`)
    .join('');
}

const HEADER = ['DOMAIN', 'STATUS', 'VERIFIED AT', 'TLS EXPIRY', 'CREATED'];
const ROWS = {
  verified: [
    'verified.example.test',
    'verified',
    '2026-03-02',
    `${EXPIRY_DAY} (40 days left)`,
    '2026-03-02',
  ],
  // Created 23:30 in New York on March 1st: March 2nd in UTC.
  pending: ['pending.example.test', 'pending', '-', '-', '2026-03-02'],
  third: ['third.example.test', 'pending', '-', '-', '2026-02-28'],
};

function run(args: string[], project = PROJECT) {
  return runCli(args, {
    env: { DOMAINCTL_BASE_URL: api.url, DOMAINCTL_TOKEN: 'dk_test', DOMAINCTL_PROJECT: project },
  });
}

describe('valid but unusual answers', () => {
  it('domains list shows every time as its UTC date, and an absent one as -', async () => {
    expect(await run(['domains', 'list'])).toEqual({
      stdout: table([HEADER, ROWS.verified, ROWS.pending]),
      stderr: `More domains follow. Next page: domainctl domains list --project ${PROJECT} --page-token ${FIRST_TOKEN} (or --all for every page)\n`,
      code: 0,
    });
  });

  it('domains list --json prints the page exactly as it came: unknown fields, key order', async () => {
    expect(await run(['domains', 'list', '--json'])).toEqual({
      stdout: compact({
        domains: [verified, pending],
        next_page_token: FIRST_TOKEN,
        total_count: 3,
      }),
      stderr: expect.stringContaining('--page-token eyJvIjoyfQ==+/'),
      code: 0,
    });
    expect(await run(['domains', 'list', '--json', '--page-token', FIRST_TOKEN])).toEqual({
      stdout: compact({ domains: [third], next_page_token: '', total_count: 3 }),
      stderr: '',
      code: 0,
    });
  });

  it('domains list --all follows tokens with +/= and keeps every field', async () => {
    expect(await run(['domains', 'list', '--all', '--json'])).toEqual({
      stdout: compact({ domains, next_page_token: '' }),
      stderr: '',
      code: 0,
    });
    expect(await run(['domains', 'list', '--all'])).toEqual({
      stdout: table([HEADER, ROWS.verified, ROWS.pending, ROWS.third]),
      stderr: '',
      code: 0,
    });
  });

  it('domains add prints the records of an answer in that form, and --json keeps it whole', async () => {
    const added = await run(['domains', 'add', 'new.example.test']);
    expect(added.code).toBe(0);
    expect(added.stderr).toBe('');
    expect(added.stdout).toContain(
      'Added new.example.test to prj_unusual; it is pending verification.',
    );
    expect(added.stdout).toContain(
      'TXT    _v.pending.example.test               v=pending.example.test\n',
    );
    expect(await run(['domains', 'add', 'new.example.test', '--json'])).toEqual({
      stdout: compact({ ...pending, domain: 'new.example.test' }),
      stderr: '',
      code: 0,
    });
  });

  it('domains records prints the table, the JSON and the zone of a domain in that form', async () => {
    const table = await run(['domains', 'records', 'pending.example.test']);
    expect(table).toEqual({
      stdout:
        'TYPE   HOST                                  VALUE\n' +
        'CNAME  pending.example.test                  prj-unusual.edge.example.test\n' +
        'TXT    _v.pending.example.test               v=pending.example.test\n' +
        'CNAME  _acme-challenge.pending.example.test  pending.acme.example.test\n',
      stderr: '',
      code: 0,
    });
    const json = await run(['domains', 'records', 'third.example.test', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      domain: 'third.example.test',
      verified: false,
    });
    const zone = await run(['domains', 'records', 'verified.example.test', '--format', 'zone']);
    expect(zone.code).toBe(0);
    expect(zone.stdout).toContain(
      '_v.verified.example.test.              3600 IN TXT   "v=verified.example.test"\n',
    );
  });

  it('domains check finds the domain on the second page and checks its records (0)', async () => {
    const result = await run([
      'domains',
      'check',
      'verified.example.test',
      '--dns-server',
      dns.address,
    ]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(
      'All 3 records are right, and verified.example.test is verified.',
    );
    expect(result.code).toBe(0);
  });

  it('domains wait reads the times in any form and counts the days left from them', async () => {
    expect(await run(['domains', 'wait', 'verified.example.test'])).toEqual({
      stdout: expect.stringMatching(
        new RegExp(
          '^✓ records in DNS: the API saw them when it verified the domain \\(after [0-9.]+ s\\)\n' +
            '✓ ownership verified: verified at 2026-03-02T10:15:30Z \\(after [0-9.]+ s\\)\n' +
            'verified\\.example\\.test reached "ownership verified"\\.\n' +
            'It is verified \\(at 2026-03-02T10:15:30Z\\)\\.\n' +
            `Its TLS certificate expires at ${EXPIRY.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(40 days left\\)\\.\n$`,
        ),
      ),
      stderr: '',
      code: 0,
    });
    expect(await run(['domains', 'wait', 'verified.example.test', '--json'])).toEqual({
      stdout: compact(verified),
      stderr: '',
      code: 0,
    });
  });

  it('api request --paginate keeps every field of every item', async () => {
    expect(
      await run([
        'api',
        'request',
        'GET',
        `/v1/projects/${PROJECT}/domains`,
        '--paginate',
        '--json',
      ]),
    ).toEqual({ stdout: compact({ domains, next_page_token: '' }), stderr: '', code: 0 });
  });
});

describe('a success answer the client cannot use', () => {
  const notUnderstood = (path: string, detail: string, status = 200, method = 'GET') =>
    `domainctl: the API's answer to ${method} ${path} (HTTP ${status}) was not understood: ${detail}; the answer as it came is on stdout\n`;

  it('is its own exit code (6), with the body on stdout, never an HTTP error', async () => {
    const body = { domains: [{ ...pending, verified: 'yes' }], next_page_token: '' };
    expect(await run(['domains', 'list'], 'prj_bad')).toEqual({
      stdout: `${JSON.stringify(body, null, 2)}\n`,
      stderr: notUnderstood(
        '/v1/projects/prj_bad/domains',
        'domains.0.verified: Invalid input: expected boolean, received string',
      ),
      code: 6,
    });
    // --json needs only the page's shape: it prints what came, as it came.
    expect(await run(['domains', 'list', '--json'], 'prj_bad')).toEqual({
      stdout: compact(body),
      stderr: '',
      code: 0,
    });
    expect(await run(['domains', 'list', '--json'], 'prj_shape')).toEqual({
      stdout: compact({ items: [] }),
      stderr: notUnderstood(
        '/v1/projects/prj_shape/domains',
        'domains: Invalid input: expected array, received undefined',
      ),
      code: 6,
    });
    expect(await run(['domains', 'list'], 'prj_html')).toEqual({
      stdout: '<html>maintenance</html>\n',
      stderr: notUnderstood('/v1/projects/prj_html/domains', 'the body is not JSON'),
      code: 6,
    });
    expect(await run(['domains', 'wait', 'pending.example.test'], 'prj_bad')).toEqual({
      stdout: pretty(body),
      stderr: notUnderstood(
        '/v1/projects/prj_bad/domains?page_size=100',
        'domains.0.verified: Invalid input: expected boolean, received string',
      ),
      code: 6,
    });
  });

  it('domains add still prints the records when only the rest of the answer is broken (0)', async () => {
    const result = await run(['domains', 'add', 'half.example.test'], 'prj_half');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Added half.example.test to prj_half; it is pending verification.',
    );
    expect(result.stdout).toContain(
      'TXT    _v.pending.example.test               v=pending.example.test\n',
    );
    expect(result.stderr).toBe(
      "domainctl: warning: the API's answer to POST /v1/projects/prj_half/domains (HTTP 201) was not understood: created_at: expected an ISO 8601 date-time with an offset (e.g. 2026-03-02T10:15:30Z); the domain was added all the same\n",
    );
  });

  it('domains add with an empty 201 says the answer was not understood (6)', async () => {
    expect(await run(['domains', 'add', 'empty.example.test'], 'prj_empty')).toEqual({
      stdout: '',
      stderr: notUnderstood('/v1/projects/prj_empty/domains', 'the body is empty', 201, 'POST'),
      code: 6,
    });
  });
});
