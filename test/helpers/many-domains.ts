import { expect } from 'vitest';
import type { Domain } from '../../src/contract/schemas.js';
import type { DnsZone } from './dns-server.js';
import { TESTER_KEY } from './server.js';

/** Zones of the added domains: none holds the letters of "northwind" in order but the first. */
export const MANY_ZONES = [
  'northwind-traders.com',
  'fabrikam.net',
  'tailspin.io',
  'wingtip.org',
  'adventure-works.com',
];
const LABELS = ['www', 'api', 'app', 'shop', 'docs', 'status', 'blog', 'cdn', 'mail', 'portal'];

/** The host names addManyDomains adds, in the order it adds them. */
export function manyHosts(count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `${LABELS[i % LABELS.length]}-${i}.${MANY_ZONES[i % MANY_ZONES.length]}`,
  );
}

/**
 * Adds `count` domains to a project through the API, as a customer's hosts are onboarded: so a
 * test has a project of hundreds of domains (the demo seed has 45).
 */
export async function addManyDomains(
  server: { url: string },
  project: string,
  count: number,
): Promise<string[]> {
  const hosts = manyHosts(count);
  for (let i = 0; i < hosts.length; i += 25) {
    await Promise.all(
      hosts.slice(i, i + 25).map(async (domain) => {
        const res = await fetch(`${server.url}/v1/projects/${project}/domains`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ domain }),
        });
        if (res.status !== 201)
          throw new Error(`adding ${domain}: ${res.status} ${await res.text()}`);
      }),
    );
  }
  return hosts;
}

/** Adds one domain to `project` as the tester, expecting 201: the Domain the API answered. */
export async function addDomain(
  server: { url: string },
  project: string,
  domain: string,
): Promise<Domain> {
  const res = await fetch(`${server.url}/v1/projects/${project}/domains`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ domain }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Domain;
}

/** The three records of a domain, as its DNS provider would serve them once created. */
export const recordsOf = ({ dns_instructions: d }: Domain): DnsZone => ({
  cname: { [d.cname_host]: d.cname_target, [d.acme_cname_host]: d.acme_cname_target },
  txt: { [d.txt_host]: d.txt_value },
});

/** Every domain of a project, as the server has them now, newest first. */
export async function allDomains(server: { url: string }, project: string): Promise<Domain[]> {
  const all: Domain[] = [];
  let token = '';
  do {
    const query = `page_size=100${token ? `&page_token=${token}` : ''}`;
    const res = await fetch(`${server.url}/v1/projects/${project}/domains?${query}`, {
      headers: { authorization: `Bearer ${TESTER_KEY}` },
    });
    const page = (await res.json()) as { domains: Domain[]; next_page_token: string };
    all.push(...page.domains);
    token = page.next_page_token;
  } while (token);
  return all;
}
