import type { ReadDnsInstructions, ReadDomain } from '../contract/read-schemas.js';
import { domainStatus, MISSING, utcDay } from '../core/display.js';
import { recordsOf } from '../core/records.js';
import { visible } from '../core/sanitize.js';
import { tlsExpiry } from '../core/tls.js';
import { type Paint, paint, toned } from './style.js';
import { renderTable } from './table.js';

/**
 * A domain's TLS expiry as `domains list` words it: `2026-03-01 (49 days left)`, `(expired 3 days
 * ago)`; when it warns, and the missing value, are core's (core/tls.ts).
 */
export function expiryText(iso: string | null | undefined, now: Date, p: Paint): string {
  const tls = tlsExpiry(iso, now);
  switch (tls.state) {
    case 'none':
      return MISSING;
    case 'expired': {
      const ago = tls.daysAgo;
      const when = ago === 0 ? '' : ` ${ago} day${ago === 1 ? '' : 's'} ago`;
      return toned(p, tls.tone, `${utcDay(iso)} (expired${when})`);
    }
    case 'valid': {
      const days = tls.daysLeft;
      const left = days === 0 ? '< 1 day left' : `${days} day${days === 1 ? '' : 's'} left`;
      return toned(p, tls.tone, `${utcDay(iso)} (${left})`);
    }
  }
}

export const DOMAIN_COLUMNS = [
  { header: 'DOMAIN' },
  { header: 'STATUS' },
  { header: 'VERIFIED AT' },
  { header: 'TLS EXPIRY' },
  { header: 'CREATED' },
];

/** One domain as a row of `domains list`: its cells, server strings made visible. */
export function domainRow(d: ReadDomain, now: Date, p: Paint): string[] {
  const status = domainStatus(d.verified);
  return [
    visible(d.domain),
    toned(p, status.tone, status.text),
    utcDay(d.verified_at),
    expiryText(d.tls_cert_expiry, now, p),
    utcDay(d.created_at),
  ];
}

/** The domains as `domains list` shows them: host name, status, verified at, TLS expiry, created. */
export function domainsTable(domains: readonly ReadDomain[], now: Date, color: boolean): string {
  const p = paint(color);
  return renderTable(
    DOMAIN_COLUMNS,
    domains.map((d) => domainRow(d, now, p)),
    { color },
  );
}

/**
 * The three DNS records of a domain as a TYPE/HOST/VALUE table, every value in full (control
 * characters made visible: a value that holds one is broken, and shown as such).
 */
export function recordsTable(instructions: ReadDnsInstructions, color: boolean): string {
  return renderTable(
    [{ header: 'TYPE' }, { header: 'HOST' }, { header: 'VALUE' }],
    recordsOf(instructions).map((r) => [r.type, visible(r.host), visible(r.value)]),
    { color },
  );
}

/** The records as `domains records --format json` prints them. */
export function recordsJson(domain: ReadDomain) {
  return {
    domain: domain.domain,
    verified: domain.verified,
    records: recordsOf(domain.dns_instructions).map(({ type, host, value }) => ({
      type,
      host,
      value,
    })),
  };
}
