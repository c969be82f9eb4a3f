import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import { domainStatus, utcDay } from '../../core/display.js';
import type { Column } from '../components/Table.js';
import { SORTS, type SortKey, sortShown } from './domain-list.js';
import { tlsCell } from '../components/format.js';
import { dnsCell, type RowCheck } from './useDnsChecks.js';

export interface DomainColumnsOptions {
  now: Date;
  /** The sort in force: its column's header carries the arrow. */
  sort?: SortKey;
  /** The sort turned the other way: the arrow too. */
  reverse?: boolean;
  /**
   * DNS checks of this screen, by domain id: the DNS column shows once one of `rows` (the rows
   * of the table, where given) has one, so another filter or page leaves no empty column.
   */
  checks?: ReadonlyMap<string, RowCheck>;
  rows?: readonly Domain[];
  /** Domains that just turned verified: their status stands out for a moment. */
  justVerified?: ReadonlySet<string>;
}

const JUST_VERIFIED = '✓ verified';

/** The columns of the domains table. */
export function domainColumns({
  now,
  sort,
  reverse = false,
  checks,
  rows,
  justVerified,
}: DomainColumnsOptions): Column<Domain>[] {
  const header = (id: string, text: string) =>
    sort && SORTS[sort].column === id ? `${text} ${sortShown(sort, reverse).arrow}` : text;
  const columns: Column<Domain>[] = [
    {
      id: 'host',
      header: header('host', 'HOST NAME'),
      flexible: true,
      priority: 0,
      cell: (d) => ({ text: d.domain }),
    },
    {
      id: 'status',
      header: header('status', 'STATUS'),
      max: 10,
      priority: 0,
      // The watch marks a domain that turns verified for a moment: counted always, so the
      // columns after it stay under their headers, before, during and after the mark.
      room: JUST_VERIFIED,
      cell: (d) =>
        justVerified?.has(d.id)
          ? { text: JUST_VERIFIED, tone: 'accent' }
          : domainStatus(d.verified),
    },
  ];
  const checked = checks && (rows ? rows.some((d) => checks.has(d.id)) : checks.size > 0);
  if (checks && checked) {
    columns.push({
      id: 'dns',
      header: 'DNS',
      max: 11,
      priority: 0,
      cell: (d) => dnsCell(checks.get(d.id)),
    });
  }
  columns.push(
    {
      id: 'verified',
      header: 'VERIFIED AT',
      max: 11,
      priority: 2,
      cell: (d) => ({ text: utcDay(d.verified_at) }),
    },
    {
      id: 'tls',
      header: header('tls', 'TLS EXPIRY'),
      max: 18,
      priority: 1,
      cell: (d) => tlsCell(d.tls_cert_expiry, now),
    },
    {
      id: 'created',
      header: header('created', 'CREATED'),
      max: 12,
      priority: 3,
      cell: (d) => ({ text: utcDay(d.created_at) }),
    },
  );
  return columns;
}
