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
  /**
   * What the recursive resolver answers, when the zone's authoritative servers were asked (the
   * row above is theirs) and the resolver says something else: it still caches an older answer.
   */
  recursive?: ResolverView;
}

/** The resolver's answer for a record, beside the authoritative one it differs from. */
export interface ResolverView {
  status: RecordStatus;
  found: string[];
  detail?: string;
  /** How much longer the resolver may keep its answer, in seconds, when that is known. */
  cachedForSeconds?: number;
}

/** Where a check's answers come from. */
export type CheckSource =
  | {
      kind: 'authoritative';
      /** The zone apex. */
      zone: string;
      /** The nameservers asked, as `name (address)`. */
      nameservers: string[];
      /** The recursive resolver that found them: `HOST:PORT` or "the system resolver". */
      resolver: string;
    }
  | {
      kind: 'resolver';
      resolver: string;
      /** Why the authoritative servers were not asked, when they were meant to be. */
      why?: string;
    };

/** Why a domain may be stuck, found by the DNS checks. */
export type FindingCode =
  | 'apex_cname'
  | 'acme_txt'
  | 'cdn_proxy'
  | 'other_addresses'
  | 'caa'
  | 'dnssec'
  | 'wildcard'
  | 'resolver_behind';

export interface Finding {
  code: FindingCode;
  /** What is wrong, for people. */
  message: string;
  /** What to do about it. */
  fix: string;
}

export interface DnsCheckResult {
  /** Always three rows, in this order: `cname`, `txt`, `acme_cname`. */
  records: [RecordCheck, RecordCheck, RecordCheck];
  /** What may block certificate issuance although the records are right (CAA). */
  warnings: string[];
  /** True only when all three records are `ok`; warnings do not change it. */
  ok: boolean;
  source: CheckSource;
  /** Why the domain may be stuck, with what to do; the CAA warnings are among them. */
  findings: Finding[];
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
