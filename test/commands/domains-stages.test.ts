// @module-tag named
// @module-tag unbound
// @module-tag dnssec-signzone
// @module-tag openssl
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Domain } from '../../src/contract/schemas.js';
import type { DomainRow } from '../../src/server/store.js';
import { CERTIFICATE_DAYS, startVerifier } from '../../src/server/verifier.js';
import { DEFAULT_LABEL } from '../../src/contract/hostname.js';
import { removeTempDirs, runCli } from '../helpers/cli.js';
import { deadPort, freePort } from '../helpers/dns-server.js';
import {
  type AuthoritativeServer,
  type RecursiveResolver,
  startAuthoritative,
  startResolver,
} from '../helpers/dns-zones.js';
import { spawnCli } from '../helpers/serve-process.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { selfSignedCert, type TestCert } from '../helpers/tls.js';

// The faces of the stage model against real DNS: BIND serves the zone stage.test (and the edge's
// zone) on loopback, Unbound caches in front of it, the reference server's verifier asks the
// zone's nameservers, and a Node HTTPS server with a test certificate plays the edge.
const PROJECT = 'prj_demo_scale';
const EDGE = 'edge.domainctl.test';

let authority: AuthoritativeServer;
let resolver: RecursiveResolver;
let server: TestServer;
let dir: string;
let cert: TestCert;
let https: Server;
let httpsPort: number;
const live: string[] = [];

beforeAll(async () => {
  authority = await startAuthoritative([
    { name: 'stage.test', records: [] },
    { name: EDGE, records: ['prj-demo-scale IN A 192.0.2.10'] },
    // The zones of "why it may be stuck": a domain at a zone's apex, CAA for another CA, and
    // DNSSEC that the resolver (given the wrong trust anchor) rejects.
    { name: 'apex-stage.test', records: [] },
    { name: 'caa-stage.test', records: ['@ IN CAA 0 issue "sectigo.com"'] },
    { name: 'broken-stage.test', records: [], brokenDnssec: true },
  ]);
  resolver = await startResolver(
    authority,
    ['stage.test', EDGE, 'apex-stage.test', 'caa-stage.test', 'broken-stage.test'],
    authority.wrongTrustAnchors,
  );
  // The server runs no verifier: a test runs a pass when it says so (verify), so the stages come
  // in a known order.
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'domainctl-edge-'));
  cert = selfSignedCert(
    dir,
    'edge',
    'DNS:shop.stage.test,DNS:late.stage.test,DNS:status.stage.test',
  );
  https = createServer({ cert: cert.cert, key: cert.key }, (_req, res) => {
    res.writeHead(200).end('hello');
  });
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
  httpsPort = (https.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => https?.close(resolve));
  await server?.close();
  await resolver?.stop();
  await authority?.stop();
  rmSync(dir, { recursive: true, force: true });
  removeTempDirs();
});

async function addDomain(name: string, on: TestServer = server): Promise<Domain> {
  const res = await fetch(`${on.url}/v1/projects/${PROJECT}/domains`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ domain: name }),
  });
  if (res.status !== 201) throw new Error(`adding ${name}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Domain;
}

/**
 * Marks `domain` verified with a certificate as the verifier does, without a pass: a pass verifies
 * every pending domain whose records are published, other tests' too (see verify).
 */
async function markVerified(domain: Domain): Promise<void> {
  const at = new Date();
  const expiry = new Date(at.getTime() + CERTIFICATE_DAYS * 86_400_000);
  await server.store.markVerified(domain.id, at.toISOString(), expiry.toISOString());
}

/**
 * Runs one pass of a verifier of its own over the pending domains of `on`, as
 * `serve --verify-authoritative` does, and fails unless `domain` is verified then. Its own: a
 * shared verifier's runOnce joins a pass already under way, which may have looked before the
 * records were published; and with no interval, a pass holds no domain back from the next.
 */
async function verify(domain: Domain, on: TestServer): Promise<void> {
  const verifier = startVerifier({
    store: on.store,
    settings: { label: DEFAULT_LABEL, edgeDomain: EDGE },
    intervalSeconds: 0,
    dnsServer: resolver.address,
    authoritative: true,
    authoritativePort: authority.port,
    timeoutMs: 3000,
    warn: () => {},
  });
  try {
    await verifier.runOnce();
  } finally {
    await verifier.close();
  }
  if (!(await on.store.domainByName(domain.domain))?.verified) {
    throw new Error(`the verifier did not verify ${domain.domain}`);
  }
}

/** The three records of `domain` as zone-file lines, but those left out. */
function recordLines(domain: Domain, except: ('cname' | 'acme')[] = []): string[] {
  const i = domain.dns_instructions;
  return [
    except.includes('cname') ? '' : `${i.cname_host}. IN CNAME ${i.cname_target}.`,
    `${i.txt_host}. IN TXT "${i.txt_value}"`,
    except.includes('acme') ? '' : `${i.acme_cname_host}. IN CNAME ${i.acme_cname_target}.`,
  ].filter(Boolean);
}

/** Publishes the three records of `domain` in stage.test (as well as those published before). */
async function publish(domain: Domain): Promise<void> {
  live.push(...recordLines(domain));
  await authority.update('stage.test', live);
}

const env = (on: TestServer = server) => ({
  DOMAINCTL_BASE_URL: on.url,
  DOMAINCTL_TOKEN: TESTER_KEY,
  DOMAINCTL_PROJECT: PROJECT,
  DOMAINCTL_DNS_SERVER: resolver.address,
  DOMAINCTL_AUTHORITATIVE_PORT: String(authority.port),
});
/**
 * env() for a run that asks the edge over HTTPS: the edge's certificate is trusted as a real one
 * would be. Node reads NODE_EXTRA_CA_CERTS only as it starts, so such a run is a process of its
 * own; the others run in this one (runCli).
 */
const edgeEnv = (on: TestServer = server) => ({
  ...env(on),
  NODE_EXTRA_CA_CERTS: cert.certFile,
});

const after = '\\(after [0-9.]+ s\\)';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// No verifier pass ever runs on the shared server, so its domains stay pending unless a test marks
// its own verified (markVerified). The one test that needs a pass (verify) runs it on a server of
// its own: a pass verifies every pending domain whose records are published, other tests' too.
// So the tests are independent and all run at once: most of their time is spent waiting for a
// deadline or a DNS answer.
/** `domains wait <host>`, asking every 0.3 s rather than every 2 s. */
const waitArgs = (host: string, ...more: string[]) => [
  'domains',
  'wait',
  host,
  '--interval',
  '0.3',
  ...more,
];

describe.concurrent('before any verifier pass, while the domains stay pending', () => {
  describe.concurrent('domains check with the zone’s nameservers', () => {
    it('reports a record ok from the nameservers while the resolver still caches "missing", and says so', async ({
      expect,
    }) => {
      const domain = await addDomain('fresh.stage.test');
      const before = await runCli(['domains', 'check', domain.domain], { env: env() });
      expect(before.code).toBe(1);
      expect(before.stdout).toContain(
        `DNS records of fresh.stage.test, as the authoritative servers of stage.test answer (ns1.stage.test (127.0.0.1:${authority.port}); found through ${resolver.address}):`,
      );

      await publish(domain);
      const result = await runCli(['domains', 'check', domain.domain], { env: env() });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const txt = domain.dns_instructions.txt_host;
      expect(result.stdout).toMatch(
        new RegExp(
          `^${escape(resolver.address)} still answers "missing" for up to \\d+ s for TXT ${escape(txt)}; the authoritative servers already have it$`,
          'm',
        ),
      );
      expect(result.stdout).toContain(
        'All 3 records are right. The API verifies the domain once it sees the TXT record',
      );
      // Said once, in the note above: not again as a reason for being stuck.
      expect(result.stdout).not.toContain('Why it may be stuck');

      // The resolver alone still says the record is missing.
      const resolverOnly = await runCli(['domains', 'check', domain.domain, '--no-authoritative'], {
        env: env(),
      });
      expect(resolverOnly.code).toBe(1);
      expect(resolverOnly.stdout).toContain(`${txt} does not exist in DNS (NXDOMAIN)`);
    });

    it('gives the resolver’s answer as its own, not as an old one, when the nameservers do not answer', async ({
      expect,
    }) => {
      const domain = await addDomain('asked.stage.test');
      await publish(domain);
      // The resolver has the records (and its cache keeps them) ...
      const resolverOnly = await runCli(['domains', 'check', domain.domain, '--no-authoritative'], {
        env: env(),
      });
      expect(resolverOnly.code).toBe(0);
      // ... while the zone's nameservers are asked where nothing listens.
      const result = await runCli(['domains', 'check', domain.domain, '--timeout', '1'], {
        env: { ...env(), DOMAINCTL_AUTHORITATIVE_PORT: String(await freePort()) },
      });
      expect(result.code).toBe(1);
      const notes = result.stdout.split('\n').filter((l) => l.startsWith(resolver.address));
      expect(notes).toEqual(
        [
          `CNAME ${domain.domain}`,
          `TXT ${domain.dns_instructions.txt_host}`,
          `CNAME ${domain.dns_instructions.acme_cname_host}`,
        ].map(
          (record) =>
            `${resolver.address} answers "ok" for ${record}, but the authoritative servers could not be asked to confirm it`,
        ),
      );
    });
  });

  describe.concurrent('domains wait --until dns, --bell', () => {
    it('--until dns exits 0 once the records are in DNS, before the API verifies, and rings the bell', async ({
      expect,
    }) => {
      const domain = await addDomain('dns.stage.test');
      await publish(domain);
      const result = await runCli(
        waitArgs(domain.domain, '--until', 'dns', '--bell', '--timeout', '20'),
        {
          env: env(),
          timeoutMs: 30_000,
        },
      );
      expect(result.stderr).toBe('\u0007');
      expect(result.code).toBe(0);
      const lines = result.stdout.split('\n');
      expect(lines[0]).toMatch(
        new RegExp(
          `^✓ records in DNS: all 3 records are right \\(as the authoritative servers answer\\) ${after}$`,
        ),
      );
      expect(lines.slice(1)).toEqual(['dns.stage.test reached "records in DNS".', '']);
    });
  });

  describe.concurrent('domains status when the nameservers are down', () => {
    it('says "unknown", not "missing", when the zone’s nameservers do not answer', async ({
      expect,
    }) => {
      const own = await startAuthoritative([{ name: 'down.test', records: [] }]);
      const cache = await startResolver(own, ['down.test']);
      try {
        await addDomain('shop.down.test');
        const args = ['domains', 'status', 'shop.down.test', '--connect-to', await deadPort()];
        const options = {
          env: {
            ...env(),
            DOMAINCTL_DNS_SERVER: cache.address,
            DOMAINCTL_AUTHORITATIVE_PORT: String(own.port),
          },
          timeoutMs: 20_000,
        };
        const first = await runCli([...args, '--timeout', '2'], options);
        expect(first.stdout).toMatch(/^records in DNS +waiting +3 of 3 records not in DNS yet/m);
        await own.stop();
        const result = await runCli([...args, '--timeout', '2'], options);
        expect(result.code).toBe(0);
        expect(result.stdout).toMatch(
          /^records in DNS +unknown +3 of 3 records could not be looked up: the authoritative servers could not be asked/m,
        );
        expect(result.stdout).toContain('Reached: none of the stages yet.');
      } finally {
        await cache.stop();
        await own.stop();
      }
    }, 40_000);
  });

  describe.concurrent('domains add --wait, the wait of domains wait --until verified', () => {
    /** The domain once the server has it (the add is under way in another process). */
    async function added(name: string): Promise<Domain> {
      for (let i = 0; i < 100; i++) {
        const res = await fetch(`${server.url}/v1/projects/${PROJECT}/domains?page_size=100`, {
          headers: { authorization: `Bearer ${TESTER_KEY}` },
        });
        const found = ((await res.json()) as { domains: Domain[] }).domains.find(
          (d) => d.domain === name,
        );
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the server never had ${name}`);
    }

    it('says the records in DNS once they are there and exits 11 when the API has not verified it by the deadline', async ({
      expect,
    }) => {
      // The same deadline as the --from-file runs below, bounding the same work.
      const run = runCli(['domains', 'add', 'added.stage.test', '--wait', '--timeout', '5'], {
        env: env(),
        timeoutMs: 30_000,
      });
      await publish(await added('added.stage.test'));
      const result = await run;
      expect(result.stdout.split('\n')[0]).toBe(
        `Added added.stage.test to ${PROJECT}; it is pending verification.`,
      );
      // Its last line.
      expect(result.stdout).toMatch(
        new RegExp(
          `\\n✓ records in DNS: all 3 records are right \\(as the authoritative servers answer\\) ${after}\\n$`,
        ),
      );
      // One line.
      expect(result.stderr).toMatch(
        new RegExp(
          `^domainctl: added\\.stage\\.test did not reach "ownership verified" within 5 s \\(\\d+ checks\\); reached: records in DNS; ownership verified: waiting, the API has not verified it yet \\(it looks for the TXT record\\)\\. Why: domainctl domains status added\\.stage\\.test --project ${PROJECT}\\n$`,
        ),
      );
      expect(result.code).toBe(11);
    }, 30_000);

    it('--from-file: exits 10 + the stages reached by the host furthest behind, each row saying where its records stand', async ({
      expect,
    }) => {
      const many = (hosts: string[]) =>
        runCli(['domains', 'add', '--from-file', '-', '--wait', '--timeout', '5'], {
          env: env(),
          input: `${hosts.join('\n')}\n`,
          timeoutMs: 30_000,
        });
      // The two runs are independent: one while a host still has no records, and one where every
      // host has its records in DNS and the API's verification is what is missing.
      const both = many(['in.stage.test', 'out.stage.test']);
      const one = many(['alone.stage.test']);
      await Promise.all([
        added('in.stage.test').then(publish),
        added('alone.stage.test').then(publish),
      ]);
      const result = await both;
      const out = await added('out.stage.test');
      const i = out.dns_instructions;
      expect(result.stdout.split('\n').map((line) => line.replace(/ +/g, ' '))).toEqual([
        'HOST RESULT DETAIL',
        'in.stage.test pending not verified within 5 s; records in DNS: ok, all 3 records are right (as the authoritative servers answer)',
        `out.stage.test pending not verified within 5 s; records in DNS: waiting, 3 of 3 records not in DNS yet: CNAME ${i.cname_host}, TXT ${i.txt_host}, CNAME ${i.acme_cname_host}`,
        '',
      ]);
      expect(result.code).toBe(10);

      expect(await one).toEqual({
        stdout: expect.stringMatching(
          /^alone\.stage\.test +pending +not verified within 5 s; records in DNS: ok, /m,
        ),
        stderr: `domainctl: 1 added (0 verified, 1 still pending after 5 s), 0 already there, 0 repeated in the file, 0 failed (1 host, ${PROJECT})\n`,
        code: 11,
      });
    }, 40_000);
  });

  describe.concurrent('why it may be stuck, as domains check and domains status print it', () => {
    /** The lines of the "Why it may be stuck" block, or [] when there is none. */
    const why = (stdout: string) => {
      const at = stdout.indexOf('\nWhy it may be stuck:\n');
      if (at === -1) return [];
      return (
        stdout
          .slice(at + 1)
          .split('\n\n')[0]
          ?.split('\n') ?? []
      );
    };
    const codes = (stdout: string) =>
      (JSON.parse(stdout) as { findings: { code: string }[] }).findings.map((f) => f.code);

    /** `domains check` and `domains status` of `host`, as a table and as --json. */
    const show = async (host: string) => {
      const statusArgs = ['domains', 'status', host, '--connect-to', await deadPort()];
      const options = { env: env(), timeoutMs: 20_000 };
      const [check, checkJson, status, statusJson] = await Promise.all([
        runCli(['domains', 'check', host], options),
        runCli(['domains', 'check', host, '--json'], options),
        runCli([...statusArgs, '--timeout', '2'], options),
        runCli([...statusArgs, '--timeout', '2', '--json'], options),
      ]);
      const stderr = [check, checkJson, status, statusJson].map((run) => run.stderr);
      return { check, checkJson, status, statusJson, stderr };
    };

    it('a CNAME asked for at the apex of a zone', async ({ expect }) => {
      const domain = await addDomain('apex-stage.test');
      await authority.update('apex-stage.test', recordLines(domain, ['cname']));
      const { check, checkJson, status, statusJson, stderr } = await show(domain.domain);
      expect(stderr).toEqual(['', '', '', '']);
      const lines = [
        'Why it may be stuck:',
        "- apex-stage.test is the apex of its zone, where DNS allows no CNAME (the zone's SOA and NS records live there): most DNS providers refuse one, and those that accept it break the zone",
        `  fix: create an ALIAS, ANAME or "CNAME flattening" record at apex-stage.test pointing at prj-demo-scale.${EDGE} (what your DNS provider offers), or use a subdomain such as www.apex-stage.test`,
      ];
      expect([check.code, why(check.stdout)]).toEqual([1, lines]);
      expect([status.code, why(status.stdout)]).toEqual([0, lines]);
      expect([checkJson.code, codes(checkJson.stdout)]).toEqual([1, ['apex_cname']]);
      expect([statusJson.code, codes(statusJson.stdout)]).toEqual([0, ['apex_cname']]);
    });

    it('a TXT record left at _acme-challenge', async ({ expect }) => {
      const domain = await addDomain('old.stage.test');
      live.push(
        ...recordLines(domain, ['acme']),
        '_acme-challenge.old.stage.test. IN TXT "challenge-from-2023"',
      );
      await authority.update('stage.test', live);
      const { check, checkJson, status, statusJson, stderr } = await show(domain.domain);
      expect(stderr).toEqual(['', '', '', '']);
      const target = domain.dns_instructions.acme_cname_target;
      // domains check says it once, as a note under the table, not again as a finding.
      expect(check.stdout.split('\n')).toContain(
        `_acme-challenge.old.stage.test has a TXT record (left from an earlier certificate set-up?) and a CNAME cannot coexist with other records: delete the TXT record, then create the CNAME to ${target}`,
      );
      expect([check.code, why(check.stdout)]).toEqual([1, []]);
      expect([status.code, why(status.stdout)]).toEqual([
        0,
        [
          'Why it may be stuck:',
          '- _acme-challenge.old.stage.test holds a TXT record (left from an earlier certificate set-up?), and a CNAME cannot coexist with other records there',
          `  fix: delete the TXT record at _acme-challenge.old.stage.test, then create _acme-challenge.old.stage.test CNAME ${target}`,
        ],
      ]);
      expect([checkJson.code, codes(checkJson.stdout)]).toEqual([1, ['acme_txt']]);
      expect([statusJson.code, codes(statusJson.stdout)]).toEqual([0, ['acme_txt']]);
    });

    it('CAA that forbids the CA', async ({ expect }) => {
      const domain = await addDomain('shop.caa-stage.test');
      await authority.update('caa-stage.test', [
        '@ IN CAA 0 issue "sectigo.com"',
        ...recordLines(domain),
      ]);
      const { check, checkJson, status, statusJson, stderr } = await show(domain.domain);
      expect(stderr).toEqual(['', '', '', '']);
      // domains check says it once, as a warning: the records themselves are right (exit 0).
      expect(check.stdout.split('\n')).toContain(
        'warning: the CAA records at caa-stage.test allow only "sectigo.com" to issue certificates, so letsencrypt.org will refuse to issue one for this domain: add caa-stage.test. CAA 0 issue "letsencrypt.org"',
      );
      expect([check.code, why(check.stdout)]).toEqual([0, []]);
      expect([status.code, why(status.stdout)]).toEqual([
        0,
        [
          'Why it may be stuck:',
          '- the CAA records at caa-stage.test allow only "sectigo.com" to issue certificates, so letsencrypt.org will refuse to issue one for this domain',
          '  fix: add caa-stage.test. CAA 0 issue "letsencrypt.org"',
        ],
      ]);
      expect([checkJson.code, codes(checkJson.stdout)]).toEqual([0, ['caa']]);
      expect([statusJson.code, codes(statusJson.stdout)]).toEqual([0, ['caa']]);
    });

    it('SERVFAIL from a DNSSEC-validating resolver where the nameservers answer', async ({
      expect,
    }) => {
      const domain = await addDomain('shop.broken-stage.test');
      await authority.update('broken-stage.test', recordLines(domain));
      const { check, checkJson, status, statusJson, stderr } = await show(domain.domain);
      expect(stderr).toEqual(['', '', '', '']);
      const host = domain.domain;
      const dnssec = [
        `- DNSSEC validation of broken-stage.test fails: the validating resolver ${resolver.address} answers SERVFAIL for ${host} (it says: DNSSEC Bogus (extended DNS error 6)), and answers it with checking disabled, as the authoritative servers do; every validating resolver (the CA's too) sees no records`,
        "  fix: make the DS record of broken-stage.test at its registrar match the zone's DNSKEY (or remove the DS record to turn DNSSEC off), and check that the zone's signatures have not expired",
      ];
      // The CAA lookup fails the same way: a warning in domains check, a finding in status.
      expect(check.stdout.split('\n')).toContain(
        `warning: the CAA records of ${host} could not be checked (${resolver.address} answered SERVFAIL (server failure)); a CA will not issue while its own CAA lookup fails`,
      );
      expect([check.code, why(check.stdout)]).toEqual([0, ['Why it may be stuck:', ...dnssec]]);
      expect([status.code, why(status.stdout)]).toEqual([
        0,
        [
          'Why it may be stuck:',
          `- the CAA records of ${host} could not be checked (${resolver.address} answered SERVFAIL (server failure)); a CA will not issue while its own CAA lookup fails`,
          `  fix: make the DNS of ${host} answer CAA queries (an empty answer is fine)`,
          ...dnssec,
        ],
      ]);
      expect([checkJson.code, codes(checkJson.stdout)]).toEqual([0, ['caa', 'dnssec']]);
      expect([statusJson.code, codes(statusJson.stdout)]).toEqual([0, ['caa', 'dnssec']]);
    });
  });
});

describe.concurrent('with the verifier', () => {
  describe.concurrent('domains wait --until serving', () => {
    it('says each stage as it is reached, in order, and exits 0 once HTTPS serves the domain', async ({
      expect,
      onTestFinished,
    }) => {
      // A server of its own, so that its verifier pass verifies no other test's domain.
      const own = await startTestServer();
      onTestFinished(() => own.close());
      const domain = await addDomain('shop.stage.test', own);
      await publish(domain);
      const run = spawnCli(
        [
          'domains',
          'wait',
          domain.domain,
          '--until',
          'serving',
          '--connect-to',
          `127.0.0.1:${httpsPort}`,
          '--interval',
          '0.3',
          '--timeout',
          '30',
        ],
        { env: edgeEnv(own) },
      );
      await run.waitForStdout(/^✓ records in DNS/);
      // Only now does the verifier look: the API verifies after the records are seen in DNS.
      await verify(domain, own);
      const exit = await run.exited;
      const now = (await (
        await fetch(`${own.url}/v1/projects/${PROJECT}/domains?page_size=100`, {
          headers: { authorization: `Bearer ${TESTER_KEY}` },
        })
      ).json()) as { domains: Domain[] };
      const verified = now.domains.find((d) => d.domain === domain.domain) as Domain;
      expect(run.stderr).toEqual([]);
      expect(exit.code).toBe(0);
      const lines = [
        `✓ records in DNS: all 3 records are right \\(as the authoritative servers answer\\) ${after}`,
        `✓ ownership verified: verified at ${escape(verified.verified_at as string)} ${after}`,
        `✓ certificate issued: expires at ${escape(verified.tls_cert_expiry as string)} \\(89 days left\\) ${after}`,
        `✓ serving HTTPS: a valid certificate from domainctl test edge, until [0-9TZ:.-]+, answers HTTP/1\\.1 200 OK ${after}`,
        `shop\\.stage\\.test reached "serving HTTPS"\\.`,
        `It is verified \\(at ${escape(verified.verified_at as string)}\\)\\.`,
        `Its TLS certificate expires at ${escape(verified.tls_cert_expiry as string)} \\(89 days left\\)\\.`,
      ];
      expect(run.stdout).toHaveLength(lines.length);
      for (const [i, line] of lines.entries())
        expect(run.stdout[i]).toMatch(new RegExp(`^${line}$`));
    }, 40_000);

    it('exits 13 when the deadline comes with the certificate issued but HTTPS not serving', async ({
      expect,
    }) => {
      const domain = await addDomain('late.stage.test');
      await publish(domain);
      await markVerified(domain);
      const nowhere = await deadPort();
      const result = await runCli(
        [
          'domains',
          'wait',
          domain.domain,
          '--until',
          'serving',
          '--connect-to',
          nowhere,
          '--interval',
          '0.5',
          '--timeout',
          '3',
        ],
        { env: env(), timeoutMs: 20_000 },
      );
      expect(result.code).toBe(13);
      expect(result.stdout.split('\n').map((l) => l.replace(/:.*/, ''))).toEqual([
        '✓ records in DNS',
        '✓ ownership verified',
        '✓ certificate issued',
        '',
      ]);
      expect(result.stderr).toMatch(
        new RegExp(
          `^domainctl: late\\.stage\\.test did not reach "serving HTTPS" within 3 s \\(\\d+ checks\\); reached: certificate issued; serving HTTPS: waiting, nothing accepts HTTPS connections at late\\.stage\\.test \\(${escape(nowhere)}: connection refused\\)\\. Why: domainctl domains status late\\.stage\\.test --project ${PROJECT} --connect-to ${escape(nowhere)}\\n$`,
        ),
      );
    }, 30_000);
  });

  describe.concurrent('domains wait --until certificate, exit code 12', () => {
    it('--until certificate exits 0 once the API reports the certificate, without asking HTTPS', async ({
      expect,
    }) => {
      const domain = await addDomain('cert.stage.test');
      await publish(domain);
      await markVerified(domain);
      const result = await runCli(
        waitArgs(domain.domain, '--until', 'certificate', '--timeout', '20'),
        {
          env: env(),
          timeoutMs: 30_000,
        },
      );
      const row = (await server.store.domainByName(domain.domain)) as DomainRow;
      const at = row.verified_at as string;
      const expiry = row.tls_cert_expiry as string;
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const lines = [
        `✓ records in DNS: the API saw them when it verified the domain ${after}`,
        `✓ ownership verified: verified at ${escape(at)} ${after}`,
        `✓ certificate issued: expires at ${escape(expiry)} \\(89 days left\\) ${after}`,
        `cert\\.stage\\.test reached "certificate issued"\\.`,
        `It is verified \\(at ${escape(at)}\\)\\.`,
        `Its TLS certificate expires at ${escape(expiry)} \\(89 days left\\)\\.`,
        '',
      ];
      const out = result.stdout.split('\n');
      expect(out).toHaveLength(lines.length);
      for (const [i, line] of lines.entries()) expect(out[i]).toMatch(new RegExp(`^${line}$`));
    });

    it('exits 12 when the deadline comes with the domain verified but its certificate expired, after the bell', async ({
      expect,
    }) => {
      // No records published: a verifier pass of another test must not verify it anew, with a
      // valid certificate. Verified, its records count as seen by the API.
      const domain = await addDomain('expired.stage.test');
      const expired = new Date(Date.now() - 86_400_000).toISOString();
      await server.store.markVerified(domain.id, new Date().toISOString(), expired);
      const result = await runCli(
        waitArgs(domain.domain, '--until', 'certificate', '--bell', '--timeout', '2'),
        {
          env: env(),
          timeoutMs: 30_000,
        },
      );
      const at = ((await server.store.domainByName(domain.domain)) as DomainRow).verified_at;
      expect(result.code).toBe(12);
      expect(result.stdout.split('\n').map((l) => l.replace(/ \(after [0-9.]+ s\)$/, ''))).toEqual([
        '✓ records in DNS: the API saw them when it verified the domain',
        `✓ ownership verified: verified at ${at}`,
        '',
      ]);
      // The bell first, then the closing line.
      expect(result.stderr).toMatch(
        new RegExp(
          `^\\u0007domainctl: expired\\.stage\\.test did not reach "certificate issued" within 2 s \\(\\d+ checks\\); reached: ownership verified; certificate issued: failed, expired at ${escape(expired)}\\. Why: domainctl domains status expired\\.stage\\.test --project ${PROJECT}\\n$`,
        ),
      );
    });
  });

  describe.concurrent('domains status', () => {
    it('shows the four stages, with the issuer and expiry of what HTTPS serves', async ({
      expect,
    }) => {
      const domain = await addDomain('status.stage.test');
      await publish(domain);
      await markVerified(domain);
      const result = await runCli(
        ['domains', 'status', domain.domain, '--connect-to', `127.0.0.1:${httpsPort}`],
        { env: edgeEnv() },
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^STAGE +STATE +DETAIL$/m);
      expect(result.stdout).toMatch(
        /^serving HTTPS +ok +a valid certificate from domainctl test edge, until /m,
      );
      expect(result.stdout).toContain('Reached: serving HTTPS (4 of 4).');

      const json = await runCli(
        ['domains', 'status', domain.domain, '--connect-to', `127.0.0.1:${httpsPort}`, '--json'],
        { env: edgeEnv() },
      );
      const doc = JSON.parse(json.stdout) as { reached: string; stages: { state: string }[] };
      expect(doc.reached).toBe('serving');
      expect(doc.stages.map((s) => s.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
    });
  });
});
