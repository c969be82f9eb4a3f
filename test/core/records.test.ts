import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DnsInstructions } from '../../src/contract/schemas.js';
import { ZoneSnippetError } from '../../src/core/errors.js';
import { zoneSnippet } from '../../src/core/records.js';
import { toolPath } from '../helpers/tools.js';

const dir = mkdtempSync(join(tmpdir(), 'domainctl-zone-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const good: DnsInstructions = {
  cname_host: 'shop.example.com',
  cname_target: 'prj-x.edge.domainctl.test',
  txt_host: '_domainctl-verify.shop.example.com',
  txt_value: 'domainctl-verify=abc123',
  acme_cname_host: '_acme-challenge.shop.example.com',
  acme_cname_target: 'dom-x.acme.edge.domainctl.test',
};

/** The records named-checkzone reads from a zone holding the snippet, one a line. */
function loaded(snippet: string): string[] {
  const file = join(dir, 'example.com.zone');
  writeFileSync(
    file,
    '$ORIGIN example.com.\n$TTL 3600\n@ IN SOA ns1 hostmaster 1 7200 3600 1209600 3600\n' +
      '@ IN NS ns1\nns1 IN A 192.0.2.1\n' +
      snippet,
  );
  const checked = spawnSync(toolPath('named-checkzone'), ['-D', '-o', '-', 'example.com', file], {
    encoding: 'utf8',
  });
  expect(checked.status, checked.stderr + checked.stdout).toBe(0);
  return checked.stdout
    .trim()
    .split('\n')
    .map((line) => line.split(/\s+/).join(' '))
    .filter((line) => !/ IN (SOA|NS|A) /.test(line));
}

describe('zoneSnippet', () => {
  it(
    'writes a TXT value with quotes, backslashes and non-ASCII so that BIND reads it back',
    { tags: ['named-checkzone'] },
    () => {
      const value = 'say "hi" \\ to é';
      const snippet = zoneSnippet('shop.example.com', { ...good, txt_value: value });
      expect(snippet).toContain('"say \\"hi\\" \\\\ to \\195\\169"');
      expect(loaded(snippet)).toContain(
        '_domainctl-verify.shop.example.com. 3600 IN TXT "say \\"hi\\" \\\\ to \\195\\169"',
      );
    },
  );

  it(
    'splits a TXT value longer than 255 bytes into strings of 255',
    { tags: ['named-checkzone'] },
    () => {
      const value = 'v'.repeat(600);
      const snippet = zoneSnippet('shop.example.com', { ...good, txt_value: value });
      expect(snippet).toContain(`"${'v'.repeat(255)}" "${'v'.repeat(255)}" "${'v'.repeat(90)}"`);
      expect(loaded(snippet)).toHaveLength(3);
    },
  );

  it('refuses a TXT value holding a control character: it never writes a line it did not mean', () => {
    const injected = 'domainctl-verify=x"\nattacker.example.com. 60 IN A 6.6.6.6\n;"';
    expect(() => zoneSnippet('shop.example.com', { ...good, txt_value: injected })).toThrow(
      new ZoneSnippetError(
        'cannot write the zone snippet of shop.example.com: the TXT value for _domainctl-verify.shop.example.com. holds a control character (\\u000a); a zone file would not read it as one record',
      ),
    );
    for (const char of ['\r', '\u0000', '\u001b', '\u007f', '\u0085', '\u009b']) {
      expect(() => zoneSnippet('shop.example.com', { ...good, txt_value: `a${char}b` })).toThrow(
        ZoneSnippetError,
      );
    }
  });

  it('refuses a host or CNAME target that is not a DNS name', () => {
    const cases: [Partial<DnsInstructions>, string][] = [
      [{ cname_host: 'shop.example.com.\n@ 60 IN A 6.6.6.6' }, 'the host of the CNAME record'],
      [{ txt_host: '_v.shop example.com' }, 'the host of the TXT record'],
      [{ acme_cname_host: '$INCLUDE /etc/passwd' }, 'the host of the CNAME record'],
      [{ cname_target: 'edge.test ; comment' }, 'the target of the CNAME record for'],
      [{ acme_cname_target: '(edge.test)' }, 'the target of the CNAME record for'],
      [{ cname_target: `${'a'.repeat(64)}.test` }, 'the target of the CNAME record for'],
      [{ cname_target: `${'a.'.repeat(127)}test` }, 'the target of the CNAME record for'],
      [{ cname_target: '' }, 'the target of the CNAME record for'],
    ];
    for (const [change, what] of cases) {
      expect(() => zoneSnippet('shop.example.com', { ...good, ...change })).toThrow(what);
    }
    expect(() => zoneSnippet('shop.example.com\n; x', good)).toThrow(
      'cannot write the zone snippet of this domain: the domain "shop.example.com\n; x" is not a DNS name',
    );
  });

  it('refuses a record whose host is not the domain or under it', () => {
    const outside: [Partial<DnsInstructions>, string][] = [
      [{ cname_host: 'example.com' }, 'the host of the CNAME record, example.com,'],
      [
        { txt_host: '_v.attacker.example.net' },
        'the host of the TXT record, _v.attacker.example.net,',
      ],
      [
        { acme_cname_host: '_acme-challenge.example.com.' },
        'the host of the CNAME record, _acme-challenge.example.com,',
      ],
      // A name that only ends with the domain's text is no name under it.
      [
        { txt_host: '_v.evilshop.example.com' },
        'the host of the TXT record, _v.evilshop.example.com,',
      ],
    ];
    for (const [change, what] of outside) {
      expect(() => zoneSnippet('shop.example.com', { ...good, ...change })).toThrow(
        new ZoneSnippetError(
          `cannot write the zone snippet of shop.example.com: ${what} is not shop.example.com or a name under it, so it is no record of this domain`,
        ),
      );
    }
    // Case and a trailing dot do not make a name another one.
    expect(zoneSnippet('shop.example.com', { ...good, cname_host: 'Shop.Example.COM.' })).toMatch(
      /^Shop\.Example\.COM\. +3600 IN CNAME /m,
    );
  });

  it('writes the records of a domain as before: absolute names, TTL, class, quoted TXT', () => {
    expect(zoneSnippet('shop.example.com', good)).toBe(
      '; DNS records for shop.example.com (domainctl)\n' +
        'shop.example.com.                   3600 IN CNAME prj-x.edge.domainctl.test.\n' +
        '_domainctl-verify.shop.example.com. 3600 IN TXT   "domainctl-verify=abc123"\n' +
        '_acme-challenge.shop.example.com.   3600 IN CNAME dom-x.acme.edge.domainctl.test.\n',
    );
  });
});
