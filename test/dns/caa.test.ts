import { describe, expect, it } from 'vitest';
import {
  type CaaAnswer,
  caaBlocks,
  caaLookupNames,
  normalizeDnsName,
  sameDnsName,
} from '../../src/dns/index.js';

const issue = (value: string, critical = 0): CaaAnswer => ({ critical, tag: 'issue', value });

describe('host names', () => {
  it('compares ignoring case and one trailing dot', () => {
    expect(normalizeDnsName(' Shop.Example.COM. ')).toBe('shop.example.com');
    expect(sameDnsName('a.example.test.', 'A.EXAMPLE.test')).toBe(true);
    expect(sameDnsName('a.example.test', 'b.example.test')).toBe(false);
  });

  it('walks CAA from the name up to, not including, the top-level label', () => {
    expect(caaLookupNames('Shop.Example.co.uk.')).toEqual([
      'shop.example.co.uk',
      'example.co.uk',
      'co.uk',
    ]);
    expect(caaLookupNames('example.com')).toEqual(['example.com']);
  });
});

describe('caaBlocks (RFC 8659)', () => {
  const ca = 'letsencrypt.org';

  it('allows when no issue property exists', () => {
    expect(caaBlocks('x.test', [{ critical: 0, tag: 'iodef', value: 'mailto:a@x.test' }], ca)).toBe(
      undefined,
    );
    expect(caaBlocks('x.test', [{ critical: 0, tag: 'issuewild', value: ';' }], ca)).toBe(
      undefined,
    );
  });

  it('allows when an issue property names the CA, with parameters and any case', () => {
    expect(
      caaBlocks('x.test', [issue('sectigo.com'), issue(' LetsEncrypt.org ; accounturi=x')], ca),
    ).toBe(undefined);
  });

  it('blocks when the issue properties name other CAs only, or none', () => {
    expect(caaBlocks('x.test', [issue('sectigo.com'), issue('pki.goog')], ca)).toBe(
      'the CAA records at x.test allow only "sectigo.com", "pki.goog" to issue certificates, so letsencrypt.org will refuse to issue one for this domain: add x.test. CAA 0 issue "letsencrypt.org"',
    );
    expect(caaBlocks('x.test', [issue(';')], ca)).toContain('forbid every CA');
  });

  it('blocks on a critical tag it does not know, not on a known or non-critical one', () => {
    expect(
      caaBlocks('x.test', [issue(ca), { critical: 128, tag: 'future', value: '1' }], ca),
    ).toContain('critical "future" tag');
    expect(caaBlocks('x.test', [issue(ca), { critical: 0, tag: 'future', value: '1' }], ca)).toBe(
      undefined,
    );
    expect(caaBlocks('x.test', [issue(ca, 128)], ca)).toBe(undefined);
  });
});
