import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecords, checkTxtRecord, createDnsClient, ISSUING_CA } from '../../src/dns/index.js';
import {
  type DnsZone,
  deadPort,
  startBlackhole,
  startDnsServer,
  type TestDnsServer,
} from '../helpers/dns-server.js';
import { instructionsFor, TARGET } from '../helpers/dns-instructions.js';

/** Everything right for `domain`, so a test changes only the record it is about. */
function correct(domain: string): Required<Pick<DnsZone, 'cname' | 'txt'>> {
  const i = instructionsFor(domain);
  return {
    cname: { [i.cname_host]: i.cname_target, [i.acme_cname_host]: i.acme_cname_target },
    txt: { [i.txt_host]: i.txt_value },
  };
}

const good = correct('good.example.test');
const upper = correct('upper.example.test');
const wrongTxt = correct('wrongtxt.example.test');
const wrongCname = correct('wrongcname.example.test');
const leftover = correct('leftover.example.test');
const quoted = correct('quoted.example.test');
const denied = correct('shop.denied.test');
const allowed = correct('shop.allowed.test');
const closed = correct('shop.closed.test');
const critical = correct('shop.critical.test');
const long = `domainctl-verify=${'x'.repeat(300)}`;

const zone: DnsZone = {
  cname: {
    ...good.cname,
    // dnsmasq answers with the target as configured: upper case, which must still match.
    'upper.example.test': TARGET.toUpperCase(),
    '_acme-challenge.upper.example.test': 'DOM-UPPER.acme.edge.domainctl.test',
    ...wrongTxt.cname,
    'wrongcname.example.test': 'elsewhere.example.net',
    '_acme-challenge.wrongcname.example.test': 'dom-wrongcname.acme.edge.domainctl.test',
    'leftover.example.test': TARGET,
    ...quoted.cname,
    ...denied.cname,
    ...allowed.cname,
    ...closed.cname,
    ...critical.cname,
  },
  txt: {
    ...good.txt,
    ...upper.txt,
    '_domainctl-verify.wrongtxt.example.test': [
      'domainctl-verify=tokenfromanearlieradd',
      'v=spf1 -all',
    ],
    ...wrongCname.txt,
    // The TXT only: the CNAMEs of "bare" are missing.
    '_domainctl-verify.bare.example.test': 'domainctl-verify=tokenbare',
    ...leftover.txt,
    '_acme-challenge.leftover.example.test': 'old-challenge-value',
    '_domainctl-verify.quoted.example.test': '"domainctl-verify=tokenquoted"',
    ...denied.txt,
    ...allowed.txt,
    ...closed.txt,
    ...critical.txt,
    '_domainctl-verify.long.example.test': long,
  },
  caa: {
    'denied.test': [
      { tag: 'issue', value: 'sectigo.com' },
      { tag: 'iodef', value: 'mailto:security@denied.test' },
    ],
    'allowed.test': [
      { tag: 'issue', value: 'sectigo.com' },
      { tag: 'issue', value: 'letsencrypt.org; validationmethods=dns-01' },
    ],
    'closed.test': [{ tag: 'issue', value: ';' }],
    'critical.test': [
      { tag: 'issue', value: 'letsencrypt.org' },
      { flags: 128, tag: 'tbs', value: 'unknown' },
    ],
    // Every tag shape Node reports differently: `type` is also the key Node 24+ adds.
    'tags.test': [
      { tag: 'issue', value: 'letsencrypt.org' },
      { tag: 'issuewild', value: ';' },
      { tag: 'iodef', value: 'mailto:security@tags.test' },
      { flags: 128, tag: 'type', value: 'x' },
      { tag: 'Future', value: 'y' },
    ],
  },
};

let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startDnsServer(zone);
});
afterAll(() => dns?.stop());

const check = (domain: string, instructions = instructionsFor(domain)) =>
  checkRecords(instructions, { server: dns.address, timeoutMs: 3000 });

describe('checkRecords against a real DNS server', () => {
  it('reports three ok records and ok: true when everything is right', async () => {
    const result = await check('good.example.test');
    expect(result).toEqual({
      ok: true,
      warnings: [],
      source: { kind: 'resolver', resolver: dns.address },
      findings: [],
      records: [
        {
          record: 'cname',
          type: 'CNAME',
          host: 'good.example.test',
          expected: TARGET,
          status: 'ok',
          found: [TARGET],
        },
        {
          record: 'txt',
          type: 'TXT',
          host: '_domainctl-verify.good.example.test',
          expected: 'domainctl-verify=tokengood',
          status: 'ok',
          found: ['domainctl-verify=tokengood'],
        },
        {
          record: 'acme_cname',
          type: 'CNAME',
          host: '_acme-challenge.good.example.test',
          expected: 'dom-good.acme.edge.domainctl.test',
          status: 'ok',
          found: ['dom-good.acme.edge.domainctl.test'],
        },
      ],
    });
  });

  it('compares host names ignoring case and a trailing dot', async () => {
    const base = instructionsFor('upper.example.test');
    const result = await check('upper.example.test', {
      ...base,
      cname_host: 'Upper.Example.TEST.',
      cname_target: `${TARGET}.`,
      acme_cname_target: 'dom-upper.ACME.edge.domainctl.test.',
    });
    expect(result.records.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    expect(result.ok).toBe(true);
  });

  it('reports missing CNAMEs as missing, with why', async () => {
    const result = await check('bare.example.test');
    expect(result.ok).toBe(false);
    const [cname, txt, acme] = result.records;
    expect(cname).toMatchObject({ status: 'missing', found: [] });
    expect(cname.detail).toMatch(
      /^bare\.example\.test (does not exist in DNS \(NXDOMAIN\)|has no CNAME record)$/,
    );
    expect(txt.status).toBe('ok');
    expect(acme).toMatchObject({
      status: 'missing',
      found: [],
      detail: '_acme-challenge.bare.example.test does not exist in DNS (NXDOMAIN)',
    });
  });

  it('reports a wrong TXT value as wrong, with the values found', async () => {
    const result = await check('wrongtxt.example.test');
    expect(result.ok).toBe(false);
    expect(result.records[1]).toMatchObject({
      status: 'wrong',
      expected: 'domainctl-verify=tokenwrongtxt',
      found: expect.arrayContaining(['domainctl-verify=tokenfromanearlieradd', 'v=spf1 -all']),
      detail: expect.stringContaining('holds another token'),
    });
    expect(result.records[1].found).toHaveLength(2);
    expect(result.records[0].status).toBe('ok');
    expect(result.records[2].status).toBe('ok');
  });

  it('explains a TXT value typed with quotes', async () => {
    const { records } = await check('quoted.example.test');
    expect(records[1]).toMatchObject({
      status: 'wrong',
      found: ['"domainctl-verify=tokenquoted"'],
      detail: expect.stringContaining('extra quotes'),
    });
  });

  it('reports a CNAME to another target as wrong, showing the target found', async () => {
    const { records, ok } = await check('wrongcname.example.test');
    expect(ok).toBe(false);
    expect(records[0]).toEqual({
      record: 'cname',
      type: 'CNAME',
      host: 'wrongcname.example.test',
      expected: TARGET,
      status: 'wrong',
      found: ['elsewhere.example.net'],
      detail: `wrongcname.example.test is a CNAME to elsewhere.example.net, not to ${TARGET}`,
    });
  });

  it('reports a TXT left at _acme-challenge as wrong, with the explanation', async () => {
    const { records, ok } = await check('leftover.example.test');
    expect(ok).toBe(false);
    expect(records[2]).toMatchObject({
      record: 'acme_cname',
      status: 'wrong',
      found: ['TXT "old-challenge-value"'],
    });
    expect(records[2].detail).toContain('CNAME cannot coexist with other records');
    expect(records[2].detail).toContain('delete the TXT record');
  });

  it('warns when a CAA record set of a parent does not allow the issuing CA', async () => {
    const result = await check('shop.denied.test');
    // Warnings do not make records wrong: the records are right, issuance is what is blocked.
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([
      `the CAA records at denied.test allow only "sectigo.com" to issue certificates, so ${ISSUING_CA} will refuse to issue one for this domain: add denied.test. CAA 0 issue "${ISSUING_CA}"`,
    ]);
  });

  it('does not warn when a CAA record allows the issuing CA', async () => {
    const result = await check('shop.allowed.test');
    expect(result).toMatchObject({ ok: true, warnings: [] });
  });

  it('warns when CAA forbids every CA, or carries a critical unknown tag', async () => {
    expect((await check('shop.closed.test')).warnings).toEqual([
      expect.stringContaining('the CAA records at closed.test forbid every CA'),
    ]);
    expect((await check('shop.critical.test')).warnings).toEqual([
      expect.stringContaining('critical "tbs" tag'),
    ]);
  });

  it('checks CAA for another CA when asked', async () => {
    const result = await checkRecords(instructionsFor('shop.denied.test'), {
      server: dns.address,
      caIdentifier: 'sectigo.com',
    });
    expect(result.warnings).toEqual([]);
  });

  it('reads the tag and value of each CAA record, on every Node line', async () => {
    // Node 24 and later add a `type: 'CAA'` key to each record that Node 20 and 22 do not have;
    // taking it for the tag read every record as a `type` tag, and no CAA warning came.
    const client = createDnsClient({ server: dns.address, timeoutMs: 3000 });
    try {
      const answer = await client.caa('tags.test');
      expect(answer.kind).toBe('records');
      const records = answer.kind === 'records' ? answer.records : [];
      const byTag = (a: { tag: string }, b: { tag: string }) => a.tag.localeCompare(b.tag);
      expect(records.sort(byTag)).toEqual([
        { critical: 0, tag: 'future', value: 'y' },
        { critical: 0, tag: 'iodef', value: 'mailto:security@tags.test' },
        { critical: 0, tag: 'issue', value: 'letsencrypt.org' },
        { critical: 0, tag: 'issuewild', value: ';' },
        { critical: 128, tag: 'type', value: 'x' },
      ]);
    } finally {
      client.close();
    }
  });

  it('joins a TXT record split into 255-byte strings', async () => {
    const client = createDnsClient({ server: dns.address, timeoutMs: 3000 });
    try {
      const row = await checkTxtRecord(client, '_domainctl-verify.long.example.test', long);
      expect(row).toMatchObject({ status: 'ok', found: [long] });
    } finally {
      client.close();
    }
  });
});

describe('checkRecords when DNS does not answer', () => {
  it('gives error rows at once when nothing listens on the port', async () => {
    const server = await deadPort();
    const started = Date.now();
    const result = await checkRecords(instructionsFor('good.example.test'), {
      server,
      timeoutMs: 2000,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.ok).toBe(false);
    for (const row of result.records) {
      expect(row).toMatchObject({
        status: 'error',
        found: [],
        detail: `connection refused by ${server} (is a DNS server listening there?)`,
      });
    }
    expect(result.warnings).toEqual([expect.stringContaining('could not be checked')]);
  });

  it('gives error rows within the timeout when the server never answers', async () => {
    const blackhole = await startBlackhole();
    try {
      const started = Date.now();
      const result = await checkRecords(instructionsFor('good.example.test'), {
        server: blackhole.address,
        timeoutMs: 600,
      });
      // Every query runs at once, so the whole check ends near one timeout.
      expect(Date.now() - started).toBeLessThan(3000);
      expect(result.ok).toBe(false);
      expect(result.records.map((r) => [r.status, r.detail])).toEqual(
        Array(3).fill(['error', `no answer from ${blackhole.address} within 0.6 s`]),
      );
    } finally {
      await blackhole.close();
    }
  });

  it('asks nothing when its signal has aborted already', async () => {
    const result = await checkRecords(instructionsFor('unasked.example.test'), {
      server: dns.address,
      signal: AbortSignal.abort(),
    });
    expect(result.ok).toBe(false);
    expect(result.records.map((r) => [r.status, r.detail])).toEqual(
      Array(3).fill(['error', 'the query was cancelled']),
    );
    expect(dns.output()).toContain('ready.probe.test');
    expect(dns.output()).not.toContain('unasked');
  });

  it('ends at once when its signal aborts', async () => {
    const blackhole = await startBlackhole();
    try {
      const started = Date.now();
      const result = await checkRecords(instructionsFor('good.example.test'), {
        server: blackhole.address,
        timeoutMs: 30_000,
        signal: AbortSignal.timeout(100),
      });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(result.records.map((r) => [r.status, r.detail])).toEqual(
        Array(3).fill(['error', 'the query was cancelled']),
      );
    } finally {
      await blackhole.close();
    }
  });
});
