import { describe, type ExpectStatic, it, type TestContext } from 'vitest';
import { DEFAULT_EDGE_DOMAIN, DEFAULT_LABEL } from '../../src/contract/hostname.js';
import type { Domain, DomainPage } from '../../src/contract/schemas.js';
import { startVerifier, type VerifierPass } from '../../src/server/verifier.js';
import {
  deadPort,
  startBlackhole,
  startDnsServer,
  type TestDnsServer,
} from '../helpers/dns-server.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';

const PROJECT = 'prj_demo_scale';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a test starts (DNS servers, test servers), stopped when it is finished, last first: each
 * test has its own, so the tests run together.
 */
function startsOf(onTestFinished: TestContext['onTestFinished']) {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  onTestFinished(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return {
    cleanups,
    async dnsServer(zone = {}): Promise<TestDnsServer> {
      const dns = await startDnsServer(zone);
      cleanups.push(() => dns.stop());
      return dns;
    },
    async server(options: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
      const s = await startTestServer(options);
      cleanups.push(() => s.close());
      return s;
    },
  };
}

async function addDomain(expect: ExpectStatic, s: TestServer, domain: string): Promise<Domain> {
  const res = await fetch(`${s.url}/v1/projects/${PROJECT}/domains`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ domain }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Domain;
}

/** Every domain of the demo project, through the list endpoint. */
async function listDomains(expect: ExpectStatic, s: TestServer): Promise<Map<string, Domain>> {
  const res = await fetch(`${s.url}/v1/projects/${PROJECT}/domains?page_size=100`, {
    headers: { authorization: `Bearer ${TESTER_KEY}` },
  });
  expect(res.status).toBe(200);
  const page = (await res.json()) as DomainPage;
  return new Map(page.domains.map((d) => [d.id, d]));
}

/** Polls until `condition` holds, failing after `ms`: no fixed sleep. */
async function waitFor<T>(
  what: string,
  ms: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Each test has its own servers and spends its time waiting (on a store, a pass, a DNS server):
// the tests run together, each with its own `expect`.
describe.concurrent('the DNS verifier of a running server', () => {
  it('verifies a domain whose TXT record is served, within a few intervals, and only that one', async ({
    expect,
    onTestFinished,
  }) => {
    const { dnsServer, server } = startsOf(onTestFinished);
    const dns = await dnsServer();
    // Passes every 0.2 s, as below: how often is not the point here, and a pass a second made
    // the four this test waits for (one to verify, three more) take four seconds.
    const s = await server({ dnsServer: dns.address, verifyIntervalSeconds: 0.2 });
    const first = await addDomain(expect, s, 'first.verify.test');
    const second = await addDomain(expect, s, 'second.verify.test');
    // The tokens exist only now, so dnsmasq is restarted with the records (on the same port).
    await dns.restart({
      txt: {
        [first.dns_instructions.txt_host]: first.dns_instructions.txt_value,
        [second.dns_instructions.txt_host]: `${DEFAULT_LABEL}-verify=notthetokenofthisdomain`,
      },
    });

    const verified = await waitFor('first.verify.test to be verified', 10_000, async () => {
      const domain = (await listDomains(expect, s)).get(first.id);
      return domain?.verified ? domain : undefined;
    });
    expect(verified.verified_at).not.toBeNull();
    const at = Date.parse(verified.verified_at as string);
    expect(at).toBeGreaterThanOrEqual(Date.parse(first.created_at));
    expect(verified.updated_at).toBe(verified.verified_at);
    expect(verified.tls_cert_expiry).toBe(new Date(at + 90 * DAY_MS).toISOString());
    expect(verified.created_at).toBe(first.created_at);

    // Several more passes: the wrong TXT never verifies the second domain.
    for (let i = 0; i < 3; i++) await s.verifier?.nextPass();
    const after = await listDomains(expect, s);
    expect(after.get(second.id)).toMatchObject({
      verified: false,
      verified_at: null,
      tls_cert_expiry: null,
      updated_at: second.created_at,
    });
    // And the verified one is left as it was.
    expect(after.get(first.id)).toEqual(verified);
  });

  it('logs one line when DNS fails, and keeps answering requests', async ({
    expect,
    onTestFinished,
  }) => {
    const { server } = startsOf(onTestFinished);
    const s = await server({ dnsServer: await deadPort(), verifyIntervalSeconds: 0.2 });
    const passes = [];
    // Three passes that looked domains up. A pass may find none due: each domain is held for a
    // little less than the interval after its look-up, and a tick that a busy machine ran late
    // leaves the next one, on time, inside that hold.
    while (passes.filter((pass) => pass.checked > 0).length < 3) {
      const pass = await s.verifier!.nextPass();
      passes.push(pass);
      expect(pass, JSON.stringify(passes)).toEqual({
        checked: pass.checked,
        verified: [],
        failed: pass.checked,
      });
      expect((await fetch(`${s.url}/v1/regions`)).status).toBe(200);
    }
    expect(s.warnings, JSON.stringify(passes)).toHaveLength(1);
    expect(s.warnings[0]).toMatch(
      /^verifier: DNS lookup failed for (\d+) of \1 pending domains \(_domainctl-verify\.[a-z.-]+: connection refused by 127\.0\.0\.1:\d+ \(is a DNS server listening there\?\)\); they stay pending/,
    );
    expect((await listDomains(expect, s)).size).toBeGreaterThan(0);
  });

  it('is off without an interval', async ({ expect, onTestFinished }) => {
    const { server } = startsOf(onTestFinished);
    const s = await server({});
    expect(s.verifier).toBeUndefined();
  });

  it('stops at close() without waiting for a lookup that never ends', async ({
    expect,
    onTestFinished,
  }) => {
    const { cleanups } = startsOf(onTestFinished);
    const blackhole = await startBlackhole();
    cleanups.push(() => blackhole.close());
    const s = await startTestServer({ dnsServer: blackhole.address, verifyIntervalSeconds: 60 });
    const pass = s.verifier?.runOnce();
    const started = Date.now();
    await s.close();
    // The lookups (5 s timeout) are cancelled: close() does not wait for them.
    expect(Date.now() - started).toBeLessThan(2000);
    await pass;
    expect(s.warnings).toEqual([]);
  });
});

describe.concurrent('verifier passes', () => {
  it('walks pending domains in batches and verifies every match, with a 90-day certificate', async ({
    expect,
    onTestFinished,
  }) => {
    const { cleanups, dnsServer, server } = startsOf(onTestFinished);
    const s = await server({});
    const domains = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((name) => addDomain(expect, s, `${name}.batch.test`)),
    );
    const matching = domains.filter((_, i) => i % 2 === 0);
    const dns = await dnsServer({
      txt: Object.fromEntries(
        matching.map((d) => [d.dns_instructions.txt_host, d.dns_instructions.txt_value]),
      ),
    });
    const pending = (await s.store.pendingDomains('', 1000)).length;
    const warnings: string[] = [];
    const now = new Date('2026-03-01T12:00:00.000Z');
    const verifier = startVerifier({
      store: s.store,
      settings: { label: DEFAULT_LABEL, edgeDomain: DEFAULT_EDGE_DOMAIN },
      intervalSeconds: 0,
      dnsServer: dns.address,
      batchSize: 2,
      warn: (line) => warnings.push(line),
      now: () => now,
    });
    cleanups.push(() => verifier.close());

    const pass = await verifier.runOnce();
    expect(pass).toEqual({
      checked: pending,
      verified: expect.arrayContaining(matching.map((d) => d.id)),
      failed: 0,
    });
    expect(pass.verified).toHaveLength(matching.length);
    expect(warnings).toEqual([]);

    const listed = await listDomains(expect, s);
    for (const d of matching) {
      expect(listed.get(d.id)).toMatchObject({
        verified: true,
        verified_at: '2026-03-01T12:00:00.000Z',
        updated_at: '2026-03-01T12:00:00.000Z',
        tls_cert_expiry: '2026-05-30T12:00:00.000Z',
      });
    }
    // The next pass finds the rest still pending and verifies nothing again.
    expect(await verifier.runOnce()).toEqual({
      checked: pending - matching.length,
      verified: [],
      failed: 0,
    });
  });

  it('a domain whose look-up is still out is not claimed by another verifier', async ({
    expect,
    onTestFinished,
  }) => {
    const { cleanups, server } = startsOf(onTestFinished);
    const s = await server({});
    const pending = (await s.store.pendingDomains('', 1000)).length;
    // Nothing answers: each look-up takes its whole timeout, far longer than the interval.
    const blackhole = await startBlackhole();
    cleanups.push(() => blackhole.close());
    const verifier = (passes: VerifierPass[]) => {
      const v = startVerifier({
        store: s.store,
        settings: { label: DEFAULT_LABEL, edgeDomain: DEFAULT_EDGE_DOMAIN },
        intervalSeconds: 0.2,
        dnsServer: blackhole.address,
        timeoutMs: 2000,
        warn: () => {},
        onPass: (pass) => passes.push(pass),
      });
      cleanups.push(() => v.close());
      return v;
    };
    const first: VerifierPass[] = [];
    verifier(first);
    await waitFor('the first look-ups', 5000, async () =>
      blackhole.queries() >= pending ? true : undefined,
    );
    // Another instance's verifier, passing every 0.2 s while those look-ups are out: the domains
    // are held for as long as they may take, not for one interval, so it finds none due.
    const second: VerifierPass[] = [];
    const other = verifier(second);
    for (let i = 0; i < 3; i++) await other.nextPass();
    expect(first).toEqual([]);
    expect(second).toEqual([
      { checked: 0, verified: [], failed: 0 },
      { checked: 0, verified: [], failed: 0 },
      { checked: 0, verified: [], failed: 0 },
    ]);
    // Once they have failed, they are due again about an interval after they were claimed.
    const failed = await waitFor('the first pass to end', 5000, async () => first[0]);
    expect(failed).toMatchObject({ checked: pending, failed: pending });
    const asked = blackhole.queries();
    await waitFor('the next look-ups', 1000, async () =>
      blackhole.queries() >= asked + pending ? true : undefined,
    );
  });

  it('never overlaps: a second runOnce joins the pass in flight', async ({
    expect,
    onTestFinished,
  }) => {
    const { cleanups, dnsServer, server } = startsOf(onTestFinished);
    const s = await server({});
    const dns = await dnsServer();
    const verifier = startVerifier({
      store: s.store,
      settings: { label: DEFAULT_LABEL, edgeDomain: DEFAULT_EDGE_DOMAIN },
      intervalSeconds: 0,
      dnsServer: dns.address,
      warn: () => {},
    });
    cleanups.push(() => verifier.close());
    const one = verifier.runOnce();
    expect(verifier.runOnce()).toBe(one);
    await one;
    expect(verifier.runOnce()).not.toBe(one);
  });
});
