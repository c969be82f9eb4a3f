import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, type ExpectStatic, it } from 'vitest';
import type { Domain, DomainPage } from '../../src/contract/schemas.js';
import { type CliResult, removeTempDirs, runCli, tempConfigDir } from '../helpers/cli.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { evil, expectNothingObeyed, shown } from '../helpers/hostile.js';
import { startRawServer } from '../helpers/raw-server.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';

// `domains add --from-file` and `domains add --wait`, against the seeded server, whose verifier
// asks a real DNS server (dnsmasq on loopback) every second, as in the domains wait tests.

const PROJECT = 'prj_demo_scale';
let server: TestServer;
let dns: TestDnsServer;
/** A DNS server that never has a record: the waits that must not see theirs ask it. */
let empty: TestDnsServer;
beforeAll(async () => {
  [dns, empty] = await Promise.all([startDnsServer({ txt: {} }), startDnsServer({})]);
  server = await startTestServer({ dnsServer: dns.address, verifyIntervalSeconds: 1 });
});
afterAll(async () => {
  await server?.close();
  await dns?.stop();
  await empty?.stop();
  removeTempDirs();
});

/** The TXT records dnsmasq serves, so far. */
const published: Record<string, string> = {};
let restarts = Promise.resolve();
/**
 * Serves the TXT records of `domains` too, from now on. dnsmasq reads its records only as it
 * starts, so it is restarted with all of them, one restart at a time (tests run at once).
 */
function publish(domains: Domain[]): Promise<void> {
  for (const { dns_instructions: i } of domains) published[i.txt_host] = i.txt_value;
  restarts = restarts.then(() => dns.restart({ txt: { ...published } }));
  return restarts;
}

function add(
  args: string[],
  options: { input?: string; baseUrl?: string; timeoutMs?: number; dnsServer?: string } = {},
): Promise<CliResult> {
  return runCli(['domains', 'add', ...args], {
    input: options.input,
    timeoutMs: options.timeoutMs,
    env: {
      DOMAINCTL_BASE_URL: options.baseUrl ?? server.url,
      DOMAINCTL_TOKEN: TESTER_KEY,
      DOMAINCTL_PROJECT: PROJECT,
      // --wait's DNS stage asks dnsmasq, never a resolver off this machine.
      DOMAINCTL_DNS_SERVER: options.dnsServer ?? dns.address,
    },
  });
}

async function serverDomains(): Promise<Domain[]> {
  const response = await fetch(`${server.url}/v1/projects/${PROJECT}/domains?page_size=100`, {
    headers: { authorization: `Bearer ${TESTER_KEY}` },
  });
  return ((await response.json()) as DomainPage).domains;
}

const hostFile = (text: string) => {
  const file = join(tempConfigDir(), 'hosts.txt');
  writeFileSync(file, text);
  return file;
};

/** Columns padded to their widest cell, two spaces apart, the last one not padded. */
function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  return rows
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))))
    .map((cells) => `${cells.join('  ').trimEnd()}\n`)
    .join('');
}

describe('domains add --from-file', () => {
  it('adds every host, skips comments and blanks, and says what became of each', async () => {
    const file = hostFile(
      [
        '# the shop',
        'one.bulk.test',
        '',
        '  two.bulk.test   # the second',
        'www.acme-shop.com',
        'not a host',
        'ONE.bulk.test',
      ].join('\n'),
    );
    const result = await add(['--from-file', file]);
    expect(result).toEqual({
      stdout: table([
        ['HOST', 'RESULT', 'DETAIL'],
        ['one.bulk.test', 'added', ''],
        ['two.bulk.test', 'added', ''],
        [
          'www.acme-shop.com',
          'exists',
          'HTTP 409 domain_already_exists: www.acme-shop.com is already registered',
        ],
        [
          'not a host',
          'invalid',
          'domain must not contain whitespace or control characters (it has a space inside)',
        ],
        ['ONE.bulk.test', 'duplicate', 'one.bulk.test is in the file already'],
      ]),
      stderr:
        'domainctl: 2 added, 1 already there, 1 repeated in the file, 1 failed (5 hosts, prj_demo_scale): 1 invalid host name\n',
      code: 1,
    });
    const names = (await serverDomains()).map((d) => d.domain);
    expect(names).toEqual(expect.arrayContaining(['one.bulk.test', 'two.bulk.test']));
    expect(names.filter((n) => n.endsWith('.bulk.test'))).toHaveLength(2);
  });

  it('exits 0 when every host was added or was there already; --strict makes "there" a failure', async () => {
    const file = hostFile('three.bulk.test\nwww.acme-shop.com\n');
    expect(await add(['--from-file', file])).toEqual({
      stdout: table([
        ['HOST', 'RESULT', 'DETAIL'],
        ['three.bulk.test', 'added', ''],
        [
          'www.acme-shop.com',
          'exists',
          'HTTP 409 domain_already_exists: www.acme-shop.com is already registered',
        ],
      ]),
      stderr:
        '1 added, 1 already there, 0 repeated in the file, 0 failed (2 hosts, prj_demo_scale)\n' +
        'The records to create for each: domainctl domains records HOST --project prj_demo_scale\n',
      code: 0,
    });
    const strict = await add(['--from-file', file, '--strict']);
    expect(strict.stderr).toBe(
      'domainctl: 0 added, 0 already there, 0 repeated in the file, 2 failed (2 hosts, prj_demo_scale): 2 already there (--strict counts them as failed)\n',
    );
    expect(strict.code).toBe(1);
  });

  it('reads stdin with -, and prints NDJSON with --json', async () => {
    const result = await add(['--from-file', '-', '--json'], {
      input: 'four.bulk.test\nwww.acme-shop.com\n',
    });
    const four = (await serverDomains()).find((d) => d.domain === 'four.bulk.test');
    expect(result).toEqual({
      stdout:
        `${JSON.stringify({ host: 'four.bulk.test', result: 'added', domain: four })}\n` +
        `${JSON.stringify({ host: 'www.acme-shop.com', result: 'exists', error: 'HTTP 409 domain_already_exists: www.acme-shop.com is already registered' })}\n`,
      stderr:
        '1 added, 1 already there, 0 repeated in the file, 0 failed (2 hosts, prj_demo_scale)\n',
      code: 0,
    });
  });

  it('keeps at most 4 requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const raw = await startRawServer((req, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        res.writeHead(409, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'domain_already_exists', message: 'there' } }));
      }, 150);
    });
    try {
      const hosts = Array.from({ length: 10 }, (_, i) => `h${i}.bulk.test`).join('\n');
      const result = await add(['--from-file', '-'], { input: hosts, baseUrl: raw.url });
      expect(result.code).toBe(0);
      expect(raw.requests).toHaveLength(10);
      expect(most).toBe(4);
    } finally {
      await raw.close();
    }
  });

  it('shows a refusal whose message carries escape sequences escaped, in the table and as NDJSON', async () => {
    const raw = await startRawServer((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'invalid_request', message: evil('no') } }));
    });
    try {
      const summary =
        'domainctl: 0 added, 0 already there, 0 repeated in the file, 1 failed (1 host, prj_demo_scale): 1 not added by the API (refused, or not reached)\n';
      const result = await add(['--from-file', '-'], { input: 'x.bulk.test\n', baseUrl: raw.url });
      expect(result).toEqual({
        stdout: table([
          ['HOST', 'RESULT', 'DETAIL'],
          ['x.bulk.test', 'failed', `HTTP 400 invalid_request: ${shown('no')}`],
        ]),
        stderr: summary,
        code: 1,
      });
      expectNothingObeyed(result.stdout);
      const json = await add(['--from-file', '-', '--json'], {
        input: 'x.bulk.test\n',
        baseUrl: raw.url,
      });
      // Compact JSON holds the message as it came, every control character as a JSON escape.
      const error = `HTTP 400 invalid_request: ${evil('no')}`;
      const line = JSON.stringify({ host: 'x.bulk.test', result: 'failed', error }).replace(
        /[\u007f-\u009f]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      expect(json).toEqual({ stdout: `${line}\n`, stderr: summary, code: 1 });
      expect(line).toContain('\\u001b]2;pwned\\u0007');
      expectNothingObeyed(json.stdout);
    } finally {
      await raw.close();
    }
  });

  it('refuses a missing file, and a domain with --from-file', async () => {
    expect(await add(['--from-file', '/nonexistent/hosts.txt'])).toEqual({
      stdout: '',
      stderr: 'domainctl: cannot read the host file /nonexistent/hosts.txt: no such file\n',
      code: 2,
    });
    expect(await add(['x.bulk.test', '--from-file', '-'])).toEqual({
      stdout: '',
      stderr: 'domainctl: give one domain or --from-file, not both\n',
      code: 2,
    });
  });

  it('refuses --timeout, --dns-server or --no-authoritative without --wait and --strict without --from-file, adding nothing', async () => {
    expect(await add(['ignored.bulk.test', '--timeout', '5'])).toEqual({
      stdout: '',
      stderr: 'domainctl: --timeout is how long --wait waits: add --wait, or leave --timeout out\n',
      code: 2,
    });
    expect(await add(['ignored.bulk.test', '--dns-server', '127.0.0.1:53'])).toEqual({
      stdout: '',
      stderr:
        'domainctl: --dns-server is for the DNS stage of --wait: add --wait, or leave it out\n',
      code: 2,
    });
    expect(await add(['ignored.bulk.test', '--no-authoritative'])).toEqual({
      stdout: '',
      stderr:
        'domainctl: --no-authoritative is for the DNS stage of --wait: add --wait, or leave it out\n',
      code: 2,
    });
    expect(await add(['ignored.bulk.test', '--strict'])).toEqual({
      stdout: '',
      stderr: 'domainctl: --strict is for --from-file: a host of the file that is there already\n',
      code: 2,
    });
    // Newest first: one just added would be on the first page.
    expect((await serverDomains()).map((d) => d.domain)).not.toContain('ignored.bulk.test');
  });
});

describe('domains add --wait', () => {
  // First, while no other add runs: it counts the domains.
  it('refuses a --dns-server that is not an address before adding anything (2)', async () => {
    const before = (await serverDomains()).length;
    expect(await add(['bad-dns.bulk.test', '--wait', '--dns-server', 'not an address'])).toEqual({
      stdout: '',
      stderr:
        'domainctl: --dns-server "not an address": expected an IP address, optionally with :PORT (e.g. 127.0.0.1:5353 or [::1]:53); "not an address" is not one\n',
      code: 2,
    });
    expect((await serverDomains()).length).toBe(before);
  });

  // The waits are independent and run at once: those that must time out with no records in DNS
  // ask a DNS server of their own (empty), which no restart of dnsmasq takes down meanwhile.
  describe.concurrent('as the verifier runs', () => {
    it('adds, prints the records, then waits until the verifier has verified it', async ({
      expect,
    }) => {
      const name = 'waited.bulk.test';
      const run = add([name, '--wait', '--timeout', '20'], { timeoutMs: 30_000 });
      // The record goes live while the command waits: once the domain exists, dnsmasq serves it.
      let added: Domain | undefined;
      for (let i = 0; i < 100 && !added; i++) {
        added = (await serverDomains()).find((d) => d.domain === name);
        if (!added) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(added).toBeDefined();
      const { txt_host, txt_value } = (added as Domain).dns_instructions;
      await publish([added as Domain]);
      const result = await run;
      const domain = (await serverDomains()).find((d) => d.domain === name) as Domain;
      expect(domain.verified).toBe(true);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^Added ${name} to ${PROJECT}; it is pending`));
      expect(result.stdout).toContain(`${txt_host}  ${txt_value}\n`);
      // Then the wait of `domains wait --until verified`: its stage lines and closing lines.
      const after = '\\(after [0-9.]+ s\\)';
      expect(result.stdout).toMatch(
        new RegExp(
          `\n✓ records in DNS: [^\n]+ ${after}\n` +
            `✓ ownership verified: verified at ${domain.verified_at} ${after}\n` +
            `${name} reached "ownership verified"\\.\n` +
            `It is verified \\(at ${domain.verified_at}\\)\\.\n` +
            `Its TLS certificate expires at ${domain.tls_cert_expiry} \\(89 days left\\)\\.\n$`,
        ),
      );
    });

    it('with --json prints the Domain as the wait last saw it; exit code 10 when it stays pending with no records', async ({
      expect,
    }) => {
      const result = await add(['pending.bulk.test', '--wait', '--timeout', '2', '--json'], {
        timeoutMs: 15_000,
        dnsServer: empty.address,
      });
      const domain = (await serverDomains()).find((d) => d.domain === 'pending.bulk.test');
      expect(result).toEqual({
        stdout: `${JSON.stringify(domain)}\n`,
        stderr: expect.stringMatching(
          /^domainctl: pending\.bulk\.test did not reach "ownership verified" within 2 s \(\d+ checks?\); reached: none; records in DNS: waiting, 3 of 3 records not in DNS yet: [^\n]+\. Why: domainctl domains status pending\.bulk\.test --project prj_demo_scale\n$/,
        ),
        code: 10,
      });
    });

    describe('with --from-file', () => {
      /** Waits until the server has these domains, and serves their TXT records from then on. */
      async function publishWhenAdded(names: string[], expect: ExpectStatic): Promise<void> {
        let found: Domain[] = [];
        for (let i = 0; i < 100 && found.length < names.length; i++) {
          found = (await serverDomains()).filter((d) => names.includes(d.domain));
          if (found.length < names.length) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(found.map((d) => d.domain).sort()).toEqual([...names].sort());
        await publish(found);
      }

      it('waits until every host added is verified, in one walk of the list each time', async ({
        expect,
      }) => {
        const names = ['w1.bulk.test', 'w2.bulk.test'];
        const run = add(['--from-file', '-', '--wait', '--timeout', '20'], {
          input: `${names.join('\n')}\nwww.acme-shop.com\n`,
          timeoutMs: 30_000,
        });
        await publishWhenAdded(names, expect);
        const result = await run;
        expect(result).toEqual({
          stdout: table([
            ['HOST', 'RESULT', 'DETAIL'],
            ['w1.bulk.test', 'verified', ''],
            ['w2.bulk.test', 'verified', ''],
            [
              'www.acme-shop.com',
              'exists',
              'HTTP 409 domain_already_exists: www.acme-shop.com is already registered',
            ],
          ]),
          stderr:
            '2 added (2 verified), 1 already there, 0 repeated in the file, 0 failed (3 hosts, prj_demo_scale)\n',
          code: 0,
        });
        const verified = (await serverDomains()).filter((d) => names.includes(d.domain));
        expect(verified.every((d) => d.verified)).toBe(true);
      });

      it('ends with exit code 10 when a host is still pending at the timeout, its records not in DNS', async ({
        expect,
      }) => {
        const result = await add(['--from-file', '-', '--wait', '--timeout', '2', '--json'], {
          input: 'never.bulk.test\n',
          timeoutMs: 15_000,
          dnsServer: empty.address,
        });
        const domain = (await serverDomains()).find((d) => d.domain === 'never.bulk.test');
        expect(domain?.verified).toBe(false);
        const i = domain?.dns_instructions;
        const missing = `CNAME ${i?.cname_host}, TXT ${i?.txt_host}, CNAME ${i?.acme_cname_host}`;
        expect(result).toEqual({
          stdout: `${JSON.stringify({ host: 'never.bulk.test', result: 'pending', error: `not verified within 2 s; records in DNS: waiting, 3 of 3 records not in DNS yet: ${missing}`, domain })}\n`,
          stderr:
            'domainctl: 1 added (0 verified, 1 still pending after 2 s), 0 already there, 0 repeated in the file, 0 failed (1 host, prj_demo_scale)\n',
          code: 10,
        });
      });
    });
  });
});
