import { describe, expect, it } from 'vitest';
import {
  type CaaAnswer,
  caaBlocks,
  caaFromNode,
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

describe('caaFromNode: the records resolveCaa gives, as each Node line writes them', () => {
  it('takes the property named by the tag, with or without the type key of Node 24+', () => {
    // Node 20 and 22.
    expect(caaFromNode({ critical: 0, issue: 'letsencrypt.org' })).toEqual(
      issue('letsencrypt.org'),
    );
    // Node 24 and 26.
    expect(caaFromNode({ critical: 0, type: 'CAA', issue: 'letsencrypt.org' })).toEqual(
      issue('letsencrypt.org'),
    );
    expect(caaFromNode({ critical: 128, type: 'CAA', Future: '1' })).toEqual({
      critical: 128,
      tag: 'future',
      value: '1',
    });
  });

  it('reads a tag named type, which overwrites the type key on Node 24+', () => {
    expect(caaFromNode({ critical: 128, type: 'x' })).toEqual({
      critical: 128,
      tag: 'type',
      value: 'x',
    });
  });

  it('reads a tag named critical, which overwrites the flags on every line', () => {
    const expected = { critical: 0, tag: 'critical', value: '1' };
    expect(caaFromNode({ critical: '1' })).toEqual(expected);
    expect(caaFromNode({ critical: '1', type: 'CAA' })).toEqual(expected);
  });
});
