import { createSocket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '../../src/contract/schemas.js';
import { api } from '../helpers/api.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';

// `serve --seed demo` and `domainctl demo`: the verifier asks a DNS server of the demo's own,
// which answers the three records of every domain added as if the user had created them.

let server: TestServer;
let resolver: Resolver;
beforeAll(async () => {
  server = await startTestServer({ demoDns: true, verifyIntervalSeconds: 0.2 });
  resolver = new Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([server.demoDnsAddress ?? 'no demo DNS']);
});
afterAll(() => server.close());

async function add(domain: string): Promise<Domain> {
  const res = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
    key: TESTER_KEY,
    body: { domain },
  });
  expect(res.status).toBe(201);
  return res.json as Domain;
}

async function domainNamed(name: string): Promise<Domain | undefined> {
  const res = await api(server, 'GET', '/v1/projects/prj_demo_scale/domains?page_size=100', {
    key: TESTER_KEY,
  });
  return (res.json as { domains: Domain[] }).domains.find((d) => d.domain === name);
}

/** The demo's own domains (dom_demo_NN), as the API shows them. */
async function demoDomains(): Promise<Domain[]> {
  const res = await api(server, 'GET', '/v1/projects/prj_demo_scale/domains?page_size=100', {
    key: TESTER_KEY,
  });
  return (res.json as { domains: Domain[] }).domains.filter((d) => d.id.startsWith('dom_demo_'));
}

const code = (lookup: Promise<unknown>) =>
  lookup.then(
    () => 'answered',
    (error: NodeJS.ErrnoException) => error.code,
  );

describe("the demo's DNS", () => {
  it('listens on loopback, on a port of its own', () => {
    expect(server.demoDnsAddress).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(server.verifyIntervalSeconds).toBe(0.2);
  });

  it('answers the three records of a domain added, as they were asked for', async () => {
    const { dns_instructions: dns } = await add('shop.demo-dns.test');
    expect(await resolver.resolveTxt(dns.txt_host)).toEqual([[dns.txt_value]]);
    expect(await resolver.resolveCname(dns.cname_host)).toEqual([dns.cname_target]);
    expect(await resolver.resolveCname(dns.acme_cname_host)).toEqual([dns.acme_cname_target]);
  });

  it("answers the records of the demo's own verified domains, as their customers' DNS would", async () => {
    // app.acme-shop.com is one of the demo's verified domains: d on it finds its records.
    const app = await domainNamed('app.acme-shop.com');
    expect(app?.verified).toBe(true);
    const dns = (app as Domain).dns_instructions;
    expect(await resolver.resolveTxt(dns.txt_host)).toEqual([[dns.txt_value]]);
    expect(await resolver.resolveCname(dns.cname_host)).toEqual([dns.cname_target]);
    expect(await resolver.resolveCname(dns.acme_cname_host)).toEqual([dns.acme_cname_target]);
  });

  it("knows no other name: not the demo's own pending domains, not the parents", async () => {
    // api.acme-shop.com is one of the demo's pending domains: it stays pending.
    expect(await code(resolver.resolveCname('api.acme-shop.com'))).toBe('ENOTFOUND');
    expect(await code(resolver.resolveTxt('_domainctl-verify.api.acme-shop.com'))).toBe(
      'ENOTFOUND',
    );
    expect(await code(resolver.resolveTxt('demo-dns.test'))).toBe('ENOTFOUND');
    expect(await code(resolver.resolveTxt('nothing.example'))).toBe('ENOTFOUND');
  });

  it('lets the verifier verify a domain added, and leaves the demo data as it is', async () => {
    await add('wait.demo-dns.test');
    let domain = await domainNamed('wait.demo-dns.test');
    while (!domain?.verified) {
      await server.verifier?.nextPass();
      domain = await domainNamed('wait.demo-dns.test');
    }
    expect(domain.verified_at).not.toBeNull();
    expect((await domainNamed('api.acme-shop.com'))?.verified).toBe(false);
  });

  it("changes none of the demo's own domains: the pending stay pending, the verified as they were", async () => {
    const before = await demoDomains();
    await server.verifier?.nextPass();
    await server.verifier?.nextPass();
    expect(await demoDomains()).toEqual(before);
    expect(before.filter((d) => !d.verified)).toHaveLength(15);
  });

  it('ignores what is not a DNS query and still answers the next one', async () => {
    const socket = createSocket('udp4');
    const [host, port] = (server.demoDnsAddress ?? '').split(':') as [string, string];
    await new Promise<void>((resolve, reject) =>
      socket.send(Buffer.from('not a DNS message'), Number(port), host, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    socket.close();
    const { dns_instructions: dns } = await add('after.demo-dns.test');
    expect(await resolver.resolveTxt(dns.txt_host)).toEqual([[dns.txt_value]]);
  });
});

describe('a server without it', () => {
  it('starts no DNS and no verifier unless asked', async () => {
    const plain = await startTestServer();
    try {
      expect([plain.demoDnsAddress, plain.verifyIntervalSeconds, plain.verifier]).toEqual([
        undefined,
        0,
        undefined,
      ]);
    } finally {
      await plain.close();
    }
  });
});
