import type { DnsInstructions } from '../contract/schemas.js';

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

const fqdn = (name: string) => (name.endsWith('.') ? name : `${name}.`);
// TXT strings are quoted; a quote or backslash inside is escaped as BIND expects.
const quoted = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/**
 * The records as BIND zone-file lines: absolute names with trailing dots, an explicit TTL and
 * class, the TXT value quoted. `domains records --format zone` and the UI's `z` copy this text.
 */
export function zoneSnippet(domain: string, instructions: DnsInstructions): string {
  const records = recordsOf(instructions);
  const width = Math.max(...records.map((r) => fqdn(r.host).length));
  const lines = records.map((r) => {
    const value = r.type === 'TXT' ? quoted(r.value) : fqdn(r.value);
    return `${fqdn(r.host).padEnd(width)} ${ZONE_TTL} IN ${r.type.padEnd(5)} ${value}`;
  });
  return `; DNS records for ${domain} (domainctl)\n${lines.join('\n')}\n`;
}
