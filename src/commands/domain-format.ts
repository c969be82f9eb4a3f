import { parseInstant } from '../contract/datetime.js';
import type { ReadDnsInstructions, ReadDomain } from '../contract/read-schemas.js';
import { visible } from '../core/sanitize.js';
import { recordsOf } from '../core/records.js';
import { type Paint, paint } from './style.js';
import { renderTable } from './table.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A certificate this close to expiry is shown as a warning. */
export const EXPIRY_WARNING_DAYS = 14;

/**
 * The UTC date of an API time: `2026-11-21`. Read as an instant, not cut from the text: another
 * server may write `2026-11-21T23:30:00-05:00`, which is the 22nd in UTC.
 */
export function isoDate(iso: string): string {
  const ms = parseInstant(iso);
  return ms === undefined ? visible(iso) : new Date(ms).toISOString().slice(0, 10);
}

/** Whole days from now until `iso`; negative once it has passed. */
export function daysUntil(iso: string, now: Date): number {
  return Math.floor(((parseInstant(iso) ?? Number.NaN) - now.getTime()) / DAY_MS);
}

export function expiryText(iso: string | null | undefined, now: Date, p: Paint): string {
  if (!iso) return '-';
  const days = daysUntil(iso, now);
  if (days < 0) {
    const ago = -days - 1;
    const when = ago === 0 ? '' : ` ${ago} day${ago === 1 ? '' : 's'} ago`;
    return p.red(`${isoDate(iso)} (expired${when})`);
  }
  const left = days === 0 ? '< 1 day left' : `${days} day${days === 1 ? '' : 's'} left`;
  const text = `${isoDate(iso)} (${left})`;
  return days <= EXPIRY_WARNING_DAYS ? p.yellow(text) : text;
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
  return [
    visible(d.domain),
    d.verified ? p.green('verified') : p.yellow('pending'),
    d.verified_at ? isoDate(d.verified_at) : '-',
    expiryText(d.tls_cert_expiry, now, p),
    d.created_at ? isoDate(d.created_at) : '-',
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
