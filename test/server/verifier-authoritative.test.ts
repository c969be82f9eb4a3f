// @module-tag named
// @module-tag unbound
import { getServers, setServers } from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_EDGE_DOMAIN, DEFAULT_LABEL } from '../../src/contract/hostname.js';
import type { Domain } from '../../src/contract/schemas.js';
import { startVerifier } from '../../src/server/verifier.js';
import {
  type AuthoritativeServer,
  type RecursiveResolver,
  startAuthoritative,
  startResolver,
} from '../helpers/dns-zones.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

let authority: AuthoritativeServer;
let resolver: RecursiveResolver;
const server = seededServerForFile();
beforeAll(async () => {
  authority = await startAuthoritative([{ name: 'verify.test', records: [] }]);
  resolver = await startResolver(authority, ['verify.test']);
}, 60_000);
afterAll(async () => {
  await resolver?.stop();
  await authority?.stop();
});

it('verifies from the authoritative servers while the resolver still caches "no such record"', async () => {
  const res = await fetch(`${server.url}/v1/projects/prj_demo_scale/domains`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ domain: 'shop.verify.test' }),
  });
  const domain = (await res.json()) as Domain;
  const settings = { label: DEFAULT_LABEL, edgeDomain: DEFAULT_EDGE_DOMAIN };
  const verifier = (authoritative: boolean) =>
    startVerifier({
      store: server.store,
      settings,
      intervalSeconds: 0,
      dnsServer: resolver.address,
      authoritative,
      authoritativePort: authority.port,
      timeoutMs: 2000,
      warn: () => {},
    });
  const throughResolver = verifier(false);
  const authoritative = verifier(true);
  try {
    // The resolver learns that there is no TXT record, and keeps that for the zone's 300 s.
    expect((await throughResolver.runOnce()).verified).toEqual([]);
    const { txt_host, txt_value } = domain.dns_instructions;
    await authority.update('verify.test', [`${txt_host}. IN TXT "${txt_value}"`]);
    expect((await throughResolver.runOnce()).verified).toEqual([]);
    expect((await authoritative.runOnce()).verified).toEqual([domain.id]);
  } finally {
    await throughResolver.close();
    await authoritative.close();
  }
});

it('walks the zone through the system resolver when no DNS server is named', async () => {
  const res = await fetch(`${server.url}/v1/projects/prj_demo_scale/domains`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ domain: 'system.verify.test' }),
  });
  const domain = (await res.json()) as Domain;
  const { txt_host, txt_value } = domain.dns_instructions;
  await authority.update('verify.test', [`${txt_host}. IN TXT "${txt_value}"`]);
  // The system resolver of this process becomes the test's Unbound: node:dns's getServers() is
  // what "the system resolver" means to the zone walk (syncBuiltinESMExports, since ESM imports
  // of node:dns keep the first resolver's getServers). The verifier's own client still asks the
  // host's resolv.conf, which knows nothing of verify.test, so a fall-back to it verifies nothing.
  // Files share a worker (isolate: false): the servers are put back whatever happens.
  const system = getServers();
  setServers([resolver.address]);
  syncBuiltinESMExports();
  const verifier = startVerifier({
    store: server.store,
    settings: { label: DEFAULT_LABEL, edgeDomain: DEFAULT_EDGE_DOMAIN },
    intervalSeconds: 0,
    authoritative: true,
    authoritativePort: authority.port,
    timeoutMs: 2000,
    warn: () => {},
  });
  try {
    expect((await verifier.runOnce()).verified).toEqual([domain.id]);
  } finally {
    await verifier.close();
    setServers(system);
    syncBuiltinESMExports();
  }
});
