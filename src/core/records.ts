import type { DnsInstructions } from '../contract/schemas.js';
import { ZoneSnippetError } from './errors.js';

/** One DNS record a custom domain needs, as the user creates it at their DNS provider. */
export interface DnsRecord {
  type: 'CNAME' | 'TXT';
  host: string;
  value: string;
  /** Why it is needed, in a few words. */
  purpose: string;
}

/** The three records of a domain, in the order they are shown everywhere. */
export function recordsOf(instructions: DnsInstructions): DnsRecord[] {
  return [
    {
      type: 'CNAME',
      host: instructions.cname_host,
      value: instructions.cname_target,
      purpose: 'sends traffic to the project',
    },
    {
      type: 'TXT',
      host: instructions.txt_host,
      value: instructions.txt_value,
      purpose: 'proves you control the domain',
    },
    {
      type: 'CNAME',
      host: instructions.acme_cname_host,
      value: instructions.acme_cname_target,
      purpose: 'lets the TLS certificate be issued',
    },
  ];
}

export const ZONE_TTL = 3600;

// A name as a zone file takes it bare: labels of letters, digits, "-" and "_" (`_acme-challenge`),
// at most 63 each. Anything else (a space, `;`, `(`, `"`, `$`, `@`, `\`, a line break) would be read
// as something other than the name, or need escapes no DNS provider's import expects.
const ZONE_NAME = /^(?:[A-Za-z0-9_-]{1,63}\.)*[A-Za-z0-9_-]{1,63}\.?$/;
const MAX_NAME = 253;
/** A TXT character-string holds at most 255 bytes; a longer value is written as several. */
const MAX_STRING_BYTES = 255;

const fqdn = (name: string) => (name.endsWith('.') ? name : `${name}.`);

function zoneName(name: string, what: string, domain: string): string {
  if (!ZONE_NAME.test(name) || name.replace(/\.$/, '').length > MAX_NAME) {
    throw new ZoneSnippetError(
      `cannot write the zone snippet of ${domain}: ${what} "${name}" is not a DNS name a zone file can hold (labels of letters, digits, "-" and "_", up to 63 characters each and ${MAX_NAME} in all)`,
    );
  }
  return fqdn(name);
}

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A TXT value as zone-file character-strings: quoted, `"` and `\` escaped, bytes outside printable
 * ASCII as `\DDD`, split every 255 bytes. A control character (a line break above all) is
 * refused: no TXT value the API hands out holds one, and written it would be another record.
 */
function txtStrings(value: string, host: string, domain: string): string {
  const control = CONTROL.exec(value);
  if (control) {
    const code = `\\u${control[0].charCodeAt(0).toString(16).padStart(4, '0')}`;
    throw new ZoneSnippetError(
      `cannot write the zone snippet of ${domain}: the TXT value for ${host} holds a control character (${code}); a zone file would not read it as one record`,
    );
  }
  const strings: string[] = [];
  let current = '';
  let bytes = 0;
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    const text =
      byte < 0x20 || byte > 0x7e
        ? `\\${String(byte).padStart(3, '0')}`
        : char === '"' || char === '\\'
          ? `\\${char}`
          : char;
    if (bytes === MAX_STRING_BYTES) {
      strings.push(current);
      current = '';
      bytes = 0;
    }
    current += text;
    bytes += 1;
  }
  strings.push(current);
  return strings.map((s) => `"${s}"`).join(' ');
}

/** True when `host` is `domain` or a name under it (DNS names compare without case). */
function isAtOrUnder(host: string, domain: string): boolean {
  const h = host.replace(/\.$/, '').toLowerCase();
  const d = domain.replace(/\.$/, '').toLowerCase();
  return h === d || h.endsWith(`.${d}`);
}

/**
 * The records as BIND zone-file lines: absolute names with trailing dots, an explicit TTL and
 * class, the TXT value quoted. `domains records --format zone` and the UI's `z` copy this text.
 * It is written only when every line means exactly its record: a name that is not a DNS name or
 * a TXT value holding a control character (an API that sends a line break there would add records
 * of its own to the user's zone), or a record whose host is not the domain or under it (a CNAME
 * at `example.com` from the answer about `shop.example.com` would take over the parent's name
 * in the user's zone), throws ZoneSnippetError instead.
 */
export function zoneSnippet(domain: string, instructions: DnsInstructions): string {
  const name = zoneName(domain, 'the domain', 'this domain').slice(0, -1);
  const lines = recordsOf(instructions).map((r) => {
    const host = zoneName(r.host, `the host of the ${r.type} record`, name);
    if (!isAtOrUnder(host, name)) {
      throw new ZoneSnippetError(
        `cannot write the zone snippet of ${name}: the host of the ${r.type} record, ${host.slice(0, -1)}, is not ${name} or a name under it, so it is no record of this domain`,
      );
    }
    const value =
      r.type === 'TXT'
        ? txtStrings(r.value, host, name)
        : zoneName(r.value, `the target of the ${r.type} record for ${host}`, name);
    return { host, text: `${ZONE_TTL} IN ${r.type.padEnd(5)} ${value}` };
  });
  const width = Math.max(...lines.map((l) => l.host.length));
  return `; DNS records for ${name} (domainctl)\n${lines.map((l) => `${l.host.padEnd(width)} ${l.text}`).join('\n')}\n`;
}
