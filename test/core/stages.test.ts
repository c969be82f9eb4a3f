import { describe, expect, it } from 'vitest';
import type { ReadDomain } from '../../src/contract/read-schemas.js';
import type { DnsCheckResult, RecordCheck } from '../../src/core/dns-check.js';
import {
  certificateStage,
  dnsStage,
  lastReached,
  servingStage,
  stagesReached,
  verifiedStage,
} from '../../src/core/stages.js';

const now = new Date('2026-01-01T00:00:00.000Z');
const domain = (over: Partial<ReadDomain> = {}) =>
  ({
    domain: 'shop.example.com',
    verified: false,
    verified_at: null,
    tls_cert_expiry: null,
    ...over,
  }) as ReadDomain;

const row = (status: RecordCheck['status'], detail?: string): RecordCheck => ({
  record: 'txt',
  type: 'TXT',
  host: '_domainctl-verify.shop.example.com',
  expected: 'domainctl-verify=x',
  status,
  found: [],
  ...(detail ? { detail } : {}),
});
const check = (...statuses: RecordCheck['status'][]): DnsCheckResult => ({
  records: statuses.map((s) => row(s, `${s} detail`)) as DnsCheckResult['records'],
  warnings: [],
  ok: statuses.every((s) => s === 'ok'),
  source: { kind: 'authoritative', zone: 'example.com', nameservers: [], resolver: 'r' },
  findings: [],
});

describe('the stages of a domain', () => {
  it('says where the DNS records stand: ok, waiting, failed or unknown', () => {
    expect(dnsStage(check('ok', 'ok', 'ok'))).toEqual({
      name: 'dns',
      state: 'ok',
      detail: 'all 3 records are right (as the authoritative servers answer)',
    });
    // Without a zone to ask (--no-authoritative, dnsmasq), the one resolver answers.
    const resolverOnly: DnsCheckResult = {
      ...check('ok', 'ok', 'ok'),
      source: { kind: 'resolver', resolver: '127.0.0.1:5353' },
    };
    expect(dnsStage(resolverOnly).detail).toBe(
      'all 3 records are right (as 127.0.0.1:5353 answers)',
    );
    expect(dnsStage(check('ok', 'missing', 'ok')).state).toBe('waiting');
    expect(dnsStage(check('missing', 'wrong', 'error'))).toMatchObject({
      state: 'failed',
      detail: 'wrong detail',
    });
    // Could not ask is not "missing".
    expect(dnsStage(check('ok', 'error', 'ok'))).toEqual({
      name: 'dns',
      state: 'unknown',
      detail: '1 of 3 records could not be looked up: error detail',
    });
    expect(dnsStage(undefined).state).toBe('unknown');
  });

  it('takes verification and the certificate from the API', () => {
    expect(verifiedStage(domain()).state).toBe('waiting');
    expect(
      verifiedStage(domain({ verified: true, verified_at: '2025-12-01T00:00:00.000Z' })),
    ).toEqual({ name: 'verified', state: 'ok', detail: 'verified at 2025-12-01T00:00:00.000Z' });
    expect(verifiedStage(undefined, 'the API did not answer').state).toBe('unknown');
    expect(certificateStage(domain({ verified: true }), now)).toMatchObject({
      state: 'waiting',
      detail: 'not issued yet',
    });
    expect(certificateStage(domain({ tls_cert_expiry: '2026-01-31T00:00:00.000Z' }), now)).toEqual({
      name: 'certificate',
      state: 'ok',
      detail: 'expires at 2026-01-31T00:00:00.000Z (30 days left)',
    });
    expect(
      certificateStage(domain({ tls_cert_expiry: '2025-12-31T00:00:00.000Z' }), now).state,
    ).toBe('failed');
  });

  it('says what HTTPS answers', () => {
    expect(
      servingStage({
        kind: 'valid',
        issuer: 'Test CA',
        validTo: '2026-02-01T00:00:00.000Z',
        status: 'HTTP/1.1 200 OK',
      }),
    ).toEqual({
      name: 'serving',
      state: 'ok',
      detail:
        'a valid certificate from Test CA, until 2026-02-01T00:00:00.000Z, answers HTTP/1.1 200 OK',
    });
    expect(servingStage({ kind: 'invalid', reason: 'not for it' }).state).toBe('failed');
    expect(servingStage({ kind: 'unreachable', reason: 'refused' }).state).toBe('waiting');
    expect(servingStage(undefined).state).toBe('unknown');
  });

  it('counts the stages reached up to the furthest that is ok', () => {
    const stages = [
      dnsStage(check('ok', 'missing', 'ok')),
      verifiedStage(domain({ verified: true })),
      certificateStage(domain({ verified: true }), now),
      servingStage(undefined),
    ];
    expect(stagesReached(stages)).toBe(2);
    expect(lastReached(stages)).toBe('verified');
    expect(lastReached([dnsStage(undefined)])).toBeUndefined();
  });
});
