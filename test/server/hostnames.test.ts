import { describe, expect, it } from 'vitest';
import { Domain, DomainPage } from '../../src/contract/schemas.js';
import { api, expectError } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

const server = seededServerForFile();

const add = (domain: unknown) =>
  api(server, 'POST', '/v1/projects/prj_demo_enterprise/domains', {
    key: TESTER_KEY,
    body: { domain },
  });

const label63 = 'a'.repeat(63);
// Four labels of 63 and three dots: 255 characters, every label valid.
const over253 = [label63, label63, label63, 'b'.repeat(63)].join('.');
// 253 exactly: the longest name that is allowed.
const exactly253 = [label63, label63, label63, 'c'.repeat(61)].join('.');

describe('host names the API refuses, each with a message that says why', () => {
  const rejected: [what: string, input: string, says: RegExp][] = [
    ['empty', '', /must not be empty/],
    ['only spaces', '   ', /must not be empty/],
    ['only a dot', '.', /must not be empty/],
    ['a URL with a scheme', 'https://shop.example.com', /not a URL/],
    ['a URL with a path', 'shop.example.com/cart', /not a URL/],
    ['a scheme-relative URL', '//shop.example.com', /not a URL/],
    ['an IPv4 address', '192.0.2.10', /not an IP address/],
    ['an IPv4 address with a trailing dot', '192.0.2.10.', /not an IP address/],
    ['an IPv6 address', '2001:db8::1', /not an IP address/],
    ['a bracketed IPv6 address', '[2001:db8::1]', /not an IP address/],
    ['an IPv4 address in hex', '0x7f.0x1', /not an IP address/],
    ['a numeric last label', 'shop.123', /all digits/],
    ['a wildcard', '*.example.com', /wildcard/],
    ['a wildcard inside a label', 'shop*.example.com', /wildcard/],
    ['a single label', 'localhost', /at least two labels/],
    ['a single label with a trailing dot', 'intranet.', /at least two labels/],
    ['a port', 'shop.example.com:8443', /without a port/],
    ['a label over 63 characters', `${'a'.repeat(64)}.example.com`, /over 63 characters/],
    ['a label starting with a hyphen', '-shop.example.com', /letters, digits and hyphens/],
    ['a label ending with a hyphen', 'shop-.example.com', /letters, digits and hyphens/],
    ['an underscore', 'my_shop.example.com', /letters, digits and hyphens/],
    ['a space inside', 'my shop.example.com', /whitespace or control characters/],
    ['two dots in a row', 'shop..example.com', /empty label/],
    ['a leading dot', '.example.com', /empty label/],
    ['two trailing dots', 'shop.example.com..', /empty label/],
    ['a name over 253 characters', over253, /over 253 characters/],
    ['the edge domain itself', 'edge.domainctl.test', /edge\.domainctl\.test/],
    ['a name under the edge domain', 'prj-x.edge.domainctl.test', /edge\.domainctl\.test/],
    ['the edge domain in capitals', 'A.EDGE.DomainCtl.Test.', /edge\.domainctl\.test/],
  ];

  it.each(rejected)('%s (%j) is 400 invalid_request', async (_what, input, says) => {
    const message = expectError(await add(input), 400, 'invalid_request');
    expect(message).toMatch(says);
  });

  it('a domain that is not a string is 400', async () => {
    for (const value of [null, 42, ['a.example.com'], { host: 'a.example.com' }]) {
      const message = expectError(await add(value), 400, 'invalid_request');
      expect(message).toMatch(/^domain/);
    }
  });
});

describe('whitespace and control characters inside a host name are refused, not dropped', () => {
  const inside: [what: string, char: string, named: string][] = [
    ['a tab', '\t', 'a tab'],
    ['a carriage return', '\r', 'a carriage return'],
    ['a line feed', '\n', 'a line feed'],
    ['a space', ' ', 'a space'],
    ['a no-break space', '\u00a0', 'a no-break space'],
    ['a line separator', '\u2028', 'U+2028'],
    ['an ideographic space', '\u3000', 'U+3000'],
    ['a byte order mark', '\ufeff', 'U+FEFF'],
    ['an escape', '\u001b', 'U+001B'],
    ['a NUL', '\u0000', 'U+0000'],
    ['DEL', '\u007f', 'U+007F'],
    ['a C1 control', '\u009b', 'U+009B'],
  ];

  it.each(inside)('%s inside is 400 and says which', async (_what, char, named) => {
    const message = expectError(await add(`ex${char}ample.com`), 400, 'invalid_request');
    expect(message).toBe(
      `domain must not contain whitespace or control characters (it has ${named} inside)`,
    );
    // Nothing was stored under the name it would have become.
    const list = await api(
      server,
      'GET',
      '/v1/projects/prj_demo_enterprise/domains?page_size=100',
      {
        key: TESTER_KEY,
      },
    );
    expect(DomainPage.parse(list.json).domains.map((d) => d.domain)).not.toContain('example.com');
  });

  it('at the ends they are trimmed, as before', async () => {
    const res = await add('\u00a0\t\u2028trimmed-ends.example.com \r\n');
    expect(res.status).toBe(201);
    expect(Domain.parse(res.json).domain).toBe('trimmed-ends.example.com');
  });
});

describe('characters IDNA would silently drop or change are refused, not stored', () => {
  const changed: [what: string, input: string, named: string, becomes: string][] = [
    ['a zero-width space', 'a\u200bb.example.com', 'U+200B, a zero-width space', 'ab.example.com'],
    ['a soft hyphen', 'so\u00adft.example.com', 'U+00AD, a soft hyphen', 'soft.example.com'],
    [
      'a word joiner',
      'word\u2060joiner.example.com',
      'U+2060, a word joiner',
      'wordjoiner.example.com',
    ],
    ['a combining grapheme joiner', 'c\u034fgj.example.com', 'U+034F', 'cgj.example.com'],
    ['a variation selector', 'v\ufe0fs.example.com', 'U+FE0F', 'vs.example.com'],
    ['a fullwidth letter', '\uff46ull.example.com', 'U+FF46', 'full.example.com'],
    ['a fullwidth capital', 'WID\uff25.example.com', 'U+FF45', 'wide.example.com'],
    ['a mathematical letter', '\u{1d426}ath.example.com', 'U+1D426', 'math.example.com'],
    ['a black-letter capital', '\u210cigh.example.com', 'U+210C', 'high.example.com'],
    ['a ligature', '\ufb01le.example.com', 'U+FB01', 'file.example.com'],
  ];

  it.each(changed)(
    '%s: 400 with the character and the name it would become',
    async (_what, input, named, becomes) => {
      const message = expectError(await add(input), 400, 'invalid_request');
      expect(message).toBe(
        `domain has ${named}, which IDNA would silently drop or change (the name would become ${becomes})`,
      );
      const list = await api(
        server,
        'GET',
        '/v1/projects/prj_demo_enterprise/domains?page_size=100',
        {
          key: TESTER_KEY,
        },
      );
      expect(DomainPage.parse(list.json).domains.map((d) => d.domain)).not.toContain(becomes);
    },
  );

  it('case and the encoding of an accented letter are not a change', async () => {
    for (const [input, stored] of [
      ['ZÜRICH-idna.Example.com', 'xn--zrich-idna-9db.example.com'],
      // "ü" as "u" and a combining diaeresis (NFD): the same letter.
      ['zu\u0308rich-nfd.example.com', 'xn--zrich-nfd-q9a.example.com'],
      ['STRA\u1e9eE.example.com', 'xn--strae-oqa.example.com'],
    ]) {
      const res = await add(input);
      expect(res.status, input).toBe(201);
      expect(Domain.parse(res.json).domain).toBe(stored);
    }
  });
});

describe('host names are normalised before they are stored', () => {
  const normalised: [what: string, input: string, stored: string][] = [
    ['capitals', 'Shop.EXAMPLE.Com', 'shop.example.com'],
    ['one trailing dot', 'docs.example.com.', 'docs.example.com'],
    ['surrounding whitespace', ' \t status.example.com \n', 'status.example.com'],
    ['an internationalised name', 'bücher.example', 'xn--bcher-kva.example'],
    ['an internationalised name in capitals', 'MÜNCHEN.Example.', 'xn--mnchen-3ya.example'],
    ['an ideographic full stop', 'shop。example。org', 'shop.example.org'],
    ['an inner hyphen and digits', 'a-1.b2.example.com', 'a-1.b2.example.com'],
    ['a 63-character label', `${label63}.example.com`, `${label63}.example.com`],
    ['a 253-character name', exactly253, exactly253],
    ['a sibling of the edge domain', 'notedge.domainctl.test', 'notedge.domainctl.test'],
  ];

  it.each(normalised)('%s: %j is stored as %j', async (_what, input, stored) => {
    const res = await add(input);
    expect(res.status).toBe(201);
    const domain = Domain.parse(res.json);
    expect(domain.domain).toBe(stored);
    expect(domain.dns_instructions.cname_host).toBe(stored);
    expect(domain.dns_instructions.txt_host).toBe(`_domainctl-verify.${stored}`);
    expect(domain.dns_instructions.acme_cname_host).toBe(`_acme-challenge.${stored}`);

    // What is stored is what the list shows.
    const list = await api(server, 'GET', '/v1/projects/prj_demo_enterprise/domains?page_size=1', {
      key: TESTER_KEY,
    });
    expect(DomainPage.parse(list.json).domains[0]?.domain).toBe(stored);
  });

  it('two spellings of one name are one name: the second is 409', async () => {
    expect((await add('Grüße.Example.net')).status).toBe(201);
    for (const spelling of [
      'grüße.example.net.',
      ' GRÜßE.EXAMPLE.NET ',
      'xn--gre-6ka8l.example.net',
    ]) {
      expect(expectError(await add(spelling), 409, 'domain_already_exists'), spelling).toBe(
        'xn--gre-6ka8l.example.net is already registered',
      );
    }
  });
});
