// @module-tag named
// @module-tag unbound
// @module-tag dnssec-signzone
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecords } from '../../src/dns/index.js';
import {
  type AuthoritativeServer,
  type RecursiveResolver,
  startAuthoritative,
  startResolver,
  type ZoneSpec,
} from '../helpers/dns-zones.js';
import { EDGE, instructionsFor, TARGET } from '../helpers/dns-instructions.js';

/** The three records of `domain` as zone-file lines (absolute names). */
function recordsOf(domain: string, except: ('cname' | 'txt' | 'acme')[] = []): string[] {
  const i = instructionsFor(domain);
  return [
    except.includes('cname') ? '' : `${i.cname_host}. IN CNAME ${i.cname_target}.`,
    except.includes('txt') ? '' : `${i.txt_host}. IN TXT "${i.txt_value}"`,
    except.includes('acme') ? '' : `${i.acme_cname_host}. IN CNAME ${i.acme_cname_target}.`,
  ].filter(Boolean);
}

const zones: ZoneSpec[] = [
  {
    name: 'example.test',
    records: [
      ...recordsOf('shop.example.test'),
      // "late" gets its TXT record after the resolver has cached that there is none.
      ...recordsOf('late.example.test', ['txt']),
      ...recordsOf('old.example.test', ['acme']),
      '_acme-challenge.old IN TXT "challenge-from-2023"',
      ...recordsOf('cdn.example.test', ['cname']),
      'cdn IN A 104.16.1.1',
      ...recordsOf('other.example.test', ['cname']),
      'other IN A 192.0.2.55',
      // Every name under wild.example.test without records of its own is a CNAME to the edge.
      `*.wild IN CNAME ${TARGET}.`,
      // A CNAME left pointing to a zone whose servers no longer answer for it.
      ...recordsOf('dangle.example.test', ['cname']),
      'dangle IN CNAME app.gone.test.',
    ],
  },
  { name: 'apex.test', records: recordsOf('apex.test', ['cname']) },
  {
    name: 'caa.test',
    records: [...recordsOf('shop.caa.test'), '@ IN CAA 0 issue "sectigo.com"'],
  },
  { name: 'broken.test', records: recordsOf('shop.broken.test'), brokenDnssec: true },
  { name: EDGE, records: ['prj-demo-scale IN A 192.0.2.10', '*.acme IN TXT "acme"'] },
];

let authority: AuthoritativeServer;
let resolver: RecursiveResolver;
beforeAll(async () => {
  authority = await startAuthoritative(zones);
  resolver = await startResolver(
    authority,
    // gone.test is delegated to the same server, which does not serve it (REFUSED).
    [...zones.map((z) => z.name), 'gone.test'],
    authority.wrongTrustAnchors,
  );
}, 60_000);
afterAll(async () => {
  await resolver?.stop();
  await authority?.stop();
});

const check = (domain: string, authoritative = true) =>
  checkRecords(instructionsFor(domain), {
    server: resolver.address,
    authoritative,
    authoritativePort: authority.port,
    timeoutMs: 3000,
  });

const codes = (result: Awaited<ReturnType<typeof check>>) => result.findings.map((f) => f.code);

describe('checkRecords with the authoritative servers', () => {
  it('finds the zone and its nameserver through the resolver and asks it', async () => {
    const result = await check('shop.example.test');
    expect(result.source).toEqual({
      kind: 'authoritative',
      zone: 'example.test',
      nameservers: [`ns1.example.test (127.0.0.1:${authority.port})`],
      resolver: resolver.address,
    });
    expect(result.records.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    expect(result.records.every((r) => r.recursive === undefined)).toBe(true);
    expect(result.ok).toBe(true);
    expect(result.findings).toEqual([]);
  });

  it('reports a record ok from the authoritative servers while the resolver still caches "missing"', async () => {
    const before = await check('late.example.test');
    expect(before.records[1].status).toBe('missing');
    expect(before.records[1].recursive).toBeUndefined();

    await authority.update('example.test', [
      ...(zones[0] as ZoneSpec).records,
      `_domainctl-verify.late IN TXT "domainctl-verify=tokenlate"`,
    ]);
    const after = await check('late.example.test');
    expect(after.records[1]).toMatchObject({ status: 'ok', found: ['domainctl-verify=tokenlate'] });
    expect(after.records[1].recursive).toMatchObject({ status: 'missing', found: [] });
    // The resolver counts down the SOA's 300 s from when it cached the answer.
    const left = after.records[1].recursive?.cachedForSeconds ?? 0;
    expect(left).toBeGreaterThan(250);
    expect(left).toBeLessThanOrEqual(300);
    expect(after.ok).toBe(true);
    const behind = after.findings.find((f) => f.code === 'resolver_behind');
    expect(behind?.message).toBe(
      `${resolver.address} still caches an older answer for up to ${left} s (TXT _domainctl-verify.late.example.test: "missing"); the authoritative servers already have the records right`,
    );

    // Asked alone, the resolver still says what it said before.
    const resolverOnly = await check('late.example.test', false);
    expect(resolverOnly.records[1].status).toBe('missing');
    expect(resolverOnly.source).toEqual({ kind: 'resolver', resolver: resolver.address });
  });

  it('finds a CNAME asked for at the apex of a zone', async () => {
    const result = await check('apex.test');
    expect(result.source).toMatchObject({ kind: 'authoritative', zone: 'apex.test' });
    expect(codes(result)).toEqual(['apex_cname']);
    expect(result.findings[0]?.fix).toContain('ALIAS, ANAME or "CNAME flattening" record');
  });

  it('finds a TXT record left at _acme-challenge', async () => {
    const result = await check('old.example.test');
    expect(result.records[2].status).toBe('wrong');
    expect(codes(result)).toEqual(['acme_txt']);
    expect(result.findings[0]?.fix).toBe(
      `delete the TXT record at _acme-challenge.old.example.test, then create _acme-challenge.old.example.test CNAME dom-old.acme.${EDGE}`,
    );
  });

  it("finds a CDN's proxy addresses where the CNAME should be", async () => {
    const result = await check('cdn.example.test');
    expect(result.records[0].status).toBe('missing');
    expect(codes(result)).toEqual(['cdn_proxy']);
    expect(result.findings[0]?.message).toContain("Cloudflare's proxy (104.16.1.1)");
  });

  it('finds other addresses where the CNAME should be', async () => {
    const result = await check('other.example.test');
    expect(codes(result)).toEqual(['other_addresses']);
    expect(result.findings[0]?.message).toBe(
      `other.example.test has A/AAAA records (192.0.2.55) instead of the CNAME, and they are not the addresses of ${TARGET} (192.0.2.10): requests go elsewhere`,
    );
  });

  it('finds CAA records that forbid the CA', async () => {
    const result = await check('shop.caa.test');
    expect(result.ok).toBe(true);
    expect(codes(result)).toEqual(['caa']);
    expect(result.findings[0]?.fix).toBe('add caa.test. CAA 0 issue "letsencrypt.org"');
  });

  it('finds a wildcard answering in place of a record', async () => {
    const result = await check('shop.wild.example.test');
    expect(result.records[2]).toMatchObject({ status: 'wrong', found: [TARGET] });
    expect(result.records.map((r) => r.status)).toEqual(['ok', 'missing', 'wrong']);
    expect(codes(result)).toEqual(['wildcard']);
    expect(result.findings[0]?.message).toBe(
      `the CNAME found at _acme-challenge.shop.wild.example.test comes from a wildcard record (any name under shop.wild.example.test without records of its own gets the same answer), and a wildcard cannot stand for this record`,
    );
  });

  it('checks a host whose CNAME dangles into a dead zone at its own zone, not as an error', async () => {
    const result = await check('dangle.example.test');
    expect(result.source).toMatchObject({ kind: 'authoritative', zone: 'example.test' });
    expect(result.records.map((r) => r.status)).toEqual(['wrong', 'ok', 'ok']);
    expect(result.records[0].detail).toBe(
      `dangle.example.test is a CNAME to app.gone.test, not to ${TARGET}`,
    );
  });

  it('finds DNSSEC that a validating resolver rejects while the authoritative servers answer', async () => {
    const result = await check('shop.broken.test');
    expect(result.source).toMatchObject({ kind: 'authoritative', zone: 'broken.test' });
    expect(result.records.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    expect(result.records[1].recursive?.status).toBe('error');
    expect(codes(result)).toContain('dnssec');
    const dnssec = result.findings.find((f) => f.code === 'dnssec');
    expect(dnssec?.message).toContain(`DNSSEC validation of broken.test fails`);
    expect(dnssec?.message).toContain('(it says: DNSSEC Bogus (extended DNS error 6))');
  });
});

describe('checkRecords when the authoritative servers are down', () => {
  it('says the records could not be asked (error), not missing, though the resolver caches "missing"', async () => {
    const own = await startAuthoritative([{ name: 'down.test', records: [] }]);
    const cache = await startResolver(own, ['down.test']);
    try {
      const options = {
        server: cache.address,
        authoritative: true,
        authoritativePort: own.port,
        timeoutMs: 2000,
      };
      const first = await checkRecords(instructionsFor('shop.down.test'), options);
      expect(first.records.map((r) => r.status)).toEqual(['missing', 'missing', 'missing']);
      await own.stop();
      const result = await checkRecords(instructionsFor('shop.down.test'), options);
      expect(result.records.map((r) => r.status)).toEqual(['error', 'error', 'error']);
      // The resolver has the zone's SOA in its cache, but asked with checking disabled it tries
      // the (dead) authoritative server again: the zone cannot be found, nothing is known.
      expect(result.records[1].detail).toBe(
        `the authoritative servers could not be asked: the zone of shop.down.test could not be found (SOA shop.down.test: no answer from ${cache.address} within 2 s)`,
      );
      expect(result.records[1].recursive?.status).toBe('missing');
      expect(result.ok).toBe(false);
    } finally {
      await cache.stop();
      await own.stop();
    }
  }, 30_000);
});
