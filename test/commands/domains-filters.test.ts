import { beforeAll, describe, expect, it } from 'vitest';
import type { Domain, DomainPage } from '../../src/contract/schemas.js';
import { type CliResult, type RunOptions, runCli } from '../helpers/cli.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { startRawServer } from '../helpers/raw-server.js';
import { TESTER_KEY } from '../helpers/server.js';

// `domains list` filters (--status, --expiring-within, --host), formats (--format) and
// --fail-on-match, against the seeded server: 45 domains in prj_demo_scale, the oldest of
// which has a certificate that expires in 6 days.

const server = seededServerForFile();
let all: Domain[];
beforeAll(async () => {
  const response = await fetch(`${server.url}/v1/projects/prj_demo_scale/domains?page_size=100`, {
    headers: { authorization: `Bearer ${TESTER_KEY}` },
  });
  all = ((await response.json()) as DomainPage).domains;
  expect(all).toHaveLength(45);
});

function list(
  args: string[],
  baseUrl = server.url,
  options: Pick<RunOptions, 'closeStderr'> = {},
): Promise<CliResult> {
  return runCli(['domains', 'list', ...args], {
    env: {
      DOMAINCTL_BASE_URL: baseUrl,
      DOMAINCTL_TOKEN: TESTER_KEY,
      DOMAINCTL_PROJECT: 'prj_demo_scale',
    },
    ...options,
  });
}

const ndjson = (domains: Domain[]) => domains.map((d) => `${JSON.stringify(d)}\n`).join('');
const DAY_MS = 86_400_000;
const expiringWithin = (days: number) =>
  all.filter(
    (d) => d.tls_cert_expiry && Date.parse(d.tls_cert_expiry) <= Date.now() + days * DAY_MS,
  );

describe('domains list filters', () => {
  it('--status keeps pending or verified domains, over every page', async () => {
    const pending = all.filter((d) => !d.verified);
    expect(pending.length).toBeGreaterThan(0);
    expect(await list(['--status', 'pending', '--format', 'ndjson', '--page-size', '10'])).toEqual({
      stdout: ndjson(pending),
      stderr: '',
      code: 0,
    });
    const verified = all.filter((d) => d.verified);
    expect(await list(['--status', 'verified', '--json'])).toEqual({
      stdout: `${JSON.stringify({ domains: verified, next_page_token: '' })}\n`,
      stderr: '',
      code: 0,
    });
  });

  it('--expiring-within keeps the certificates that expire within the window', async () => {
    const soon = expiringWithin(14);
    expect(soon.map((d) => d.domain)).toEqual([all.at(-1)?.domain]);
    expect(await list(['--expiring-within', '14d', '--format', 'ndjson'])).toEqual({
      stdout: ndjson(soon),
      stderr: '',
      code: 0,
    });
    const quarter = expiringWithin(90);
    expect(quarter.length).toBeGreaterThan(soon.length);
    expect(await list(['--expiring-within', '13w', '--format', 'ndjson'])).toEqual({
      stdout: ndjson(expiringWithin(91)),
      stderr: '',
      code: 0,
    });
  });

  it('--host matches a glob: * any characters (dots too), ? one', async () => {
    const www = all.filter((d) => d.domain.startsWith('www.'));
    expect(www.length).toBeGreaterThan(1);
    expect(await list(['--host', 'WWW.*', '--format', 'ndjson'])).toEqual({
      stdout: ndjson(www),
      stderr: '',
      code: 0,
    });
    const shop = all.filter((d) => /^.*\.acme-shop\.co.$/.test(d.domain));
    expect(await list(['--host', '*.acme-shop.co?', '--format', 'ndjson'])).toEqual({
      stdout: ndjson(shop),
      stderr: '',
      code: 0,
    });
  });

  it('--host matches a name added in Unicode (IDN) as typed, and as the API stores it', async () => {
    // Another project: the 45 domains the other tests count stay as they are.
    const added = await fetch(`${server.url}/v1/projects/prj_demo_enterprise/domains`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ domain: 'bücher.idn-filter.test' }),
    });
    expect(added.status).toBe(201);
    const csv = (args: string[]) =>
      list([...args, '--project', 'prj_demo_enterprise', '--format', 'csv']).then((r) => ({
        ...r,
        stdout: r.stdout.split('\n')[1]?.split(',')[0],
      }));
    for (const glob of ['bücher.*', 'BÜCHER.idn-filter.test', 'b?cher.*', 'xn--bcher-kva.*']) {
      expect(await csv(['--host', glob]), glob).toEqual({
        stdout: 'xn--bcher-kva.idn-filter.test',
        stderr: '',
        code: 0,
      });
    }
  });

  it('combines filters, and says on stderr when nothing matches', async () => {
    expect(await list(['--expiring-within', '14d', '--status', 'pending'])).toEqual({
      stdout: '',
      stderr: 'No domains of prj_demo_scale match.\n',
      code: 0,
    });
  });

  it('refuses a duration it cannot read, before anything is sent', async () => {
    const before = server.requests.length;
    expect(await list(['--expiring-within', '14 days'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: option '--expiring-within <duration>' argument '14 days' is invalid. expected a duration: a whole number with s, m, h, d or w after it (e.g. 14d, 12h)\n(run with --help for usage)\n",
      code: 2,
    });
    expect(server.requests.slice(before)).toEqual([]);
  });
});

describe('domains list --format', () => {
  it('json: the document --json prints, indented unless --json is given too', async () => {
    const document = { domains: all.filter((d) => d.verified), next_page_token: '' };
    const json = await list(['--status', 'verified', '--json']);
    expect(json).toEqual({ stdout: `${JSON.stringify(document)}\n`, stderr: '', code: 0 });
    expect(await list(['--status', 'verified', '--format', 'json', '--json'])).toEqual(json);
    expect(await list(['--status', 'verified', '--format', 'json'])).toEqual({
      stdout: `${JSON.stringify(document, null, 2)}\n`,
      stderr: '',
      code: 0,
    });
  });

  it('table: a header, then one row a domain, columns padded to their widest cell', async () => {
    const pending = all.filter((d) => !d.verified);
    expect(pending.length).toBeGreaterThan(1);
    // Pending domains have no verification time and no certificate: those cells show "-".
    const rows = [
      ['DOMAIN', 'STATUS', 'VERIFIED AT', 'TLS EXPIRY', 'CREATED'],
      ...pending.map((d) => [d.domain, 'pending', '-', '-', d.created_at.slice(0, 10)]),
    ];
    const widths = rows.map((row) => row.map((cell) => cell.length));
    const width = (i: number) => Math.max(...widths.map((w) => w[i] ?? 0));
    const table = rows
      .map((row) =>
        row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(width(i)))).join('  '),
      )
      .map((line) => `${line}\n`)
      .join('');
    expect(await list(['--status', 'pending', '--format', 'table'])).toEqual({
      stdout: table,
      stderr: '',
      code: 0,
    });
  });

  it('csv: a header, then one record a domain, times as the API sent them', async () => {
    const result = await list(['--format', 'csv', '--all']);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('domain,status,verified_at,tls_cert_expiry,created_at');
    expect(lines.slice(1, -1)).toEqual(
      all.map((d) =>
        [
          d.domain,
          d.verified ? 'verified' : 'pending',
          d.verified_at ?? '',
          d.tls_cert_expiry ?? '',
          d.created_at,
        ].join(','),
      ),
    );
    expect(result).toMatchObject({ stderr: '', code: 0 });
  });

  it('csv quotes a field with a comma or a quote (quotes doubled), and escapes controls', async () => {
    const domain = (name: string) => ({
      ...all[0],
      domain: name,
      verified: false,
      verified_at: null,
      tls_cert_expiry: null,
    });
    const raw = await startRawServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          domains: [
            domain('a,b.example.com'),
            domain('say "hi".example.com'),
            domain('x\u001b[2J.example.com'),
          ],
          next_page_token: '',
        }),
      );
    });
    try {
      const created = all[0]?.created_at;
      expect(await list(['--format', 'csv'], raw.url)).toEqual({
        stdout:
          'domain,status,verified_at,tls_cert_expiry,created_at\n' +
          `"a,b.example.com",pending,,,${created}\n` +
          `"say ""hi"".example.com",pending,,,${created}\n` +
          `x\\u001b[2J.example.com,pending,,,${created}\n`,
        stderr: '',
        code: 0,
      });
    } finally {
      await raw.close();
    }
  });

  it('streams the kept domains a page at a time: a later page that fails leaves what came', async () => {
    const raw = await startRawServer((req, res, index) => {
      if (index === 0) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ domains: all.slice(0, 10), next_page_token: 'next' }));
        return;
      }
      // A 400 is not retried: one request for page 2.
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'invalid_request', message: 'page two broke' } }));
    });
    try {
      const result = await list(['--status', 'verified', '--format', 'ndjson'], raw.url);
      expect(result).toEqual({
        stdout: ndjson(all.slice(0, 10).filter((d) => d.verified)),
        stderr:
          'domainctl: page 2 of the domains failed; the output above is incomplete\nHTTP 400 invalid_request: page two broke\n',
        code: 1,
      });
      expect(raw.requests.map((r) => r.url)).toEqual([
        '/v1/projects/prj_demo_scale/domains?page_size=100',
        '/v1/projects/prj_demo_scale/domains?page_size=100&page_token=next',
      ]);
    } finally {
      await raw.close();
    }
  });

  it('--jq filters the JSON only', async () => {
    expect(await list(['--format', 'csv', '--jq', '.'])).toEqual({
      stdout: '',
      stderr: 'domainctl: --jq filters the JSON of the list; --format csv is not JSON\n',
      code: 2,
    });
  });
});

describe('domains list --fail-on-match', () => {
  it('exits 8 when a certificate expires within the window, with the domains printed', async () => {
    const oldest = all.at(-1) as Domain;
    const result = await list(['--expiring-within', '14d', '--fail-on-match', '--format', 'csv']);
    expect(result).toEqual({
      stdout: `domain,status,verified_at,tls_cert_expiry,created_at\n${oldest.domain},verified,${oldest.verified_at},${oldest.tls_cert_expiry},${oldest.created_at}\n`,
      stderr: 'domainctl: 1 domain matches (--fail-on-match)\n',
      code: 8,
    });
  });

  it('keeps its exit code when nobody reads stderr (`2>&1 | head`, a closed stderr)', async () => {
    const oldest = all.at(-1) as Domain;
    const csv = `domain,status,verified_at,tls_cert_expiry,created_at\n${oldest.domain},verified,${oldest.verified_at},${oldest.tls_cert_expiry},${oldest.created_at}\n`;
    const args = ['--expiring-within', '14d', '--fail-on-match', '--format', 'csv'];
    expect(await list(args, server.url, { closeStderr: true })).toEqual({
      stdout: csv,
      stderr: '',
      code: 8,
    });
    // The line that says more pages follow goes to the closed stderr: the page is still all
    // there, and the run still succeeded.
    const page = await list(['--page-size', '2', '--format', 'csv'], server.url, {
      closeStderr: true,
    });
    expect(page).toMatchObject({ stderr: '', code: 0 });
    expect(page.stdout.split('\n')).toHaveLength(4);
  });

  it('exits 0 when nothing matches', async () => {
    expect(await list(['--expiring-within', '1d', '--fail-on-match', '--json'])).toEqual({
      stdout: '{"domains":[],"next_page_token":""}\n',
      stderr: '',
      code: 0,
    });
  });
});
