// What a DNS check of a domain's three records found, and how it is summed up: the shape is the
// DNS checks' (src/dns/), the counting is both faces' (the verdict of `domains check`, the
// summary line of the UI's `d`), so it lives here once.

/**
 * - `ok`: the record is there with the expected value;
 * - `missing`: no such record (NXDOMAIN, or the name has no record of this type);
 * - `wrong`: records are there, but not the expected one (`found` shows what is);
 * - `error`: no answer (timeout, connection refused, REFUSED, SERVFAIL): `detail` says why.
 */
export type RecordStatus = 'ok' | 'missing' | 'wrong' | 'error';

/** Which of the three records of `dns_instructions` a row is about. */
export type RecordName = 'cname' | 'txt' | 'acme_cname';

export interface RecordCheck {
  record: RecordName;
  type: 'CNAME' | 'TXT';
  /** Where the record belongs, as the API wrote it. */
  host: string;
  /** The value it must have, as the API wrote it. */
  expected: string;
  status: RecordStatus;
  /**
   * What the DNS holds there: CNAME targets, or TXT strings (each record's strings joined). On
   * the ACME row, records of another type are prefixed with it: `TXT "…"`. Empty unless
   * `wrong` (and for `ok`, the matching value).
   */
  found: string[];
  /** A sentence for people: why it is missing, what is wrong, or the error. Absent when ok. */
  detail?: string;
}

export interface DnsCheckResult {
  /** Always three rows, in this order: `cname`, `txt`, `acme_cname`. */
  records: [RecordCheck, RecordCheck, RecordCheck];
  /** What may block certificate issuance although the records are right (CAA). */
  warnings: string[];
  /** True only when all three records are `ok`; warnings do not change it. */
  ok: boolean;
}

/** How many of a check's records are not right (missing or wrong), and how many failed. */
export interface CheckCounts {
  total: number;
  /** Missing or wrong: something to create or fix at the DNS provider. */
  notRight: number;
  /** No answer (timeout, refused, SERVFAIL): nothing is known about these. */
  failed: number;
}

export function checkCounts(result: DnsCheckResult): CheckCounts {
  const count = (...statuses: RecordStatus[]) =>
    result.records.filter((r) => statuses.includes(r.status)).length;
  return {
    total: result.records.length,
    notRight: count('missing', 'wrong'),
    failed: count('error'),
  };
}
