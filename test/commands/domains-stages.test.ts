import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '../../src/contract/schemas.js';
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
  ]);
  resolver = await startResolver(authority, ['stage.test', EDGE]);
  // The verifier runs only when a test says so (runOnce), so the stages come in a known order.
  server = await startTestServer({
    dnsServer: resolver.address,
    verifyIntervalSeconds: 3600,
    verifyAuthoritative: true,
    authoritativePort: authority.port,
  });
  dir = mkdtempSync(join(tmpdir(), 'domainctl-edge-'));
  cert = selfSignedCert(dir, 'edge', 'DNS:shop.stage.test,DNS:late.stage.test');
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

async function addDomain(name: string): Promise<Domain> {
  const res = await fetch(`${server.url}/v1/projects/${PROJECT}/domains`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ domain: name }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Domain;
}

/** Publishes the three records of `domain` in stage.test (as well as those published before). */
async function publish(domain: Domain): Promise<void> {
  const i = domain.dns_instructions;
  live.push(
    `${i.cname_host}. IN CNAME ${i.cname_target}.`,
    `${i.txt_host}. IN TXT "${i.txt_value}"`,
    `${i.acme_cname_host}. IN CNAME ${i.acme_cname_target}.`,
  );
  await authority.update('stage.test', live);
}

const env = () => ({
  DOMAINCTL_BASE_URL: server.url,
  DOMAINCTL_TOKEN: TESTER_KEY,
  DOMAINCTL_PROJECT: PROJECT,
  DOMAINCTL_DNS_SERVER: resolver.address,
  DOMAINCTL_AUTHORITATIVE_PORT: String(authority.port),
  // The edge's certificate is trusted as a real one would be.
  NODE_EXTRA_CA_CERTS: cert.certFile,
});

const after = '\\(after [0-9.]+ s\\)';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('domains check with the zone’s nameservers', () => {
  it('reports a record ok from the nameservers while the resolver still caches "missing", and says so', async () => {
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

  it('gives the resolver’s answer as its own, not as an old one, when the nameservers do not answer', async () => {
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

describe('domains wait --until serving', () => {
  it('says each stage as it is reached, in order, and exits 0 once HTTPS serves the domain', async () => {
    const domain = await addDomain('shop.stage.test');
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
      { env: env() },
    );
    await run.waitForStdout(/^✓ records in DNS/);
    // Only now does the verifier look: the API verifies after the records are seen in DNS.
    expect((await server.verifier?.runOnce())?.verified).toContain(domain.id);
    const exit = await run.exited;
    const now = (await (
      await fetch(`${server.url}/v1/projects/${PROJECT}/domains?page_size=100`, {
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
    for (const [i, line] of lines.entries()) expect(run.stdout[i]).toMatch(new RegExp(`^${line}$`));
  }, 40_000);

  it('exits 13 when the deadline comes with the certificate issued but HTTPS not serving', async () => {
    const domain = await addDomain('late.stage.test');
    await publish(domain);
    expect((await server.verifier?.runOnce())?.verified).toContain(domain.id);
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

describe('domains status', () => {
  it('shows the four stages, with the issuer and expiry of what HTTPS serves', async () => {
    const result = await runCli(
      ['domains', 'status', 'shop.stage.test', '--connect-to', `127.0.0.1:${httpsPort}`],
      { env: env() },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^STAGE +STATE +DETAIL$/m);
    expect(result.stdout).toMatch(
      /^serving HTTPS +ok +a valid certificate from domainctl test edge, until /m,
    );
    expect(result.stdout).toContain('Reached: serving HTTPS (4 of 4).');

    const json = await runCli(
      ['domains', 'status', 'shop.stage.test', '--connect-to', `127.0.0.1:${httpsPort}`, '--json'],
      { env: env() },
    );
    const doc = JSON.parse(json.stdout) as { reached: string; stages: { state: string }[] };
    expect(doc.reached).toBe('serving');
    expect(doc.stages.map((s) => s.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('says "unknown", not "missing", when the zone’s nameservers do not answer', async () => {
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

describe('domains add --wait, the wait of domains wait --until verified', () => {
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

  it('says the records in DNS once they are there and exits 11 when the API has not verified it by the deadline', async () => {
    const run = spawnCli(['domains', 'add', 'added.stage.test', '--wait', '--timeout', '6'], {
      env: env(),
    });
    await publish(await added('added.stage.test'));
    const exit = await run.exited;
    expect(run.stdout[0]).toBe(`Added added.stage.test to ${PROJECT}; it is pending verification.`);
    expect(run.stdout.at(-1)).toMatch(
      new RegExp(
        `^✓ records in DNS: all 3 records are right \\(as the authoritative servers answer\\) ${after}$`,
      ),
    );
    expect(run.stderr).toEqual([
      expect.stringMatching(
        new RegExp(
          `^domainctl: added\\.stage\\.test did not reach "ownership verified" within 6 s \\(\\d+ checks\\); reached: records in DNS; ownership verified: waiting, the API has not verified it yet \\(it looks for the TXT record\\)\\. Why: domainctl domains status added\\.stage\\.test --project ${PROJECT}$`,
        ),
      ),
    ]);
    expect(exit.code).toBe(11);
  }, 30_000);

  it('--from-file: exits 10 + the stages reached by the host furthest behind, each row saying where its records stand', async () => {
    const many = (hosts: string[]) =>
      runCli(['domains', 'add', '--from-file', '-', '--wait', '--timeout', '5'], {
        env: env(),
        input: `${hosts.join('\n')}\n`,
        timeoutMs: 30_000,
      });
    const both = many(['in.stage.test', 'out.stage.test']);
    await publish(await added('in.stage.test'));
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

    // Once every host pending has its records in DNS, the API's verification is what is missing.
    const one = many(['alone.stage.test']);
    await publish(await added('alone.stage.test'));
    expect(await one).toEqual({
      stdout: expect.stringMatching(
        /^alone\.stage\.test +pending +not verified within 5 s; records in DNS: ok, /m,
      ),
      stderr: `domainctl: 1 added (0 verified, 1 still pending after 5 s), 0 already there, 0 repeated in the file, 0 failed (1 host, ${PROJECT})\n`,
      code: 11,
    });
  }, 40_000);
});
