import type { DnsInstructions } from '../contract/schemas.js';
import type { DnsCheckResult, RecordCheck, RecordName, RecordStatus } from '../core/dns-check.js';
import { caaWarnings, ISSUING_CA } from './caa.js';
import { normalizeDnsName, sameDnsName } from './names.js';
import {
  createDnsClient,
  type DnsAnswer,
  type DnsClient,
  type DnsClientOptions,
} from './resolver.js';

export type { DnsCheckResult, RecordCheck, RecordName, RecordStatus };

export interface CheckOptions extends DnsClientOptions {
  /** The CA whose permission CAA records are checked for; default `ISSUING_CA`. */
  caIdentifier?: string;
}

/**
 * Resolves the three records a domain needs (`dns_instructions` from the API) and checks CAA.
 * All queries run at once, each bounded by `timeoutMs`, so the check ends within about one
 * timeout whatever the DNS does; aborting `signal` ends it at once. DNS failures never reject:
 * they are `error` rows. Throws only `DnsServerAddressError`, for a `server` that is not one.
 */
export async function checkRecords(
  instructions: DnsInstructions,
  options: CheckOptions = {},
): Promise<DnsCheckResult> {
  const client = createDnsClient(options);
  try {
    const [cname, txt, acme, warnings] = await Promise.all([
      checkCnameRecord(client, 'cname', instructions.cname_host, instructions.cname_target),
      checkTxtRecord(client, instructions.txt_host, instructions.txt_value),
      checkAcmeRecord(client, instructions.acme_cname_host, instructions.acme_cname_target),
      caaWarnings(client, instructions.cname_host, options.caIdentifier ?? ISSUING_CA),
    ]);
    const records: DnsCheckResult['records'] = [cname, txt, acme];
    return { records, warnings, ok: records.every((r) => r.status === 'ok') };
  } finally {
    // Stragglers (a deadline won the race) must not keep a short-lived command alive.
    client.close();
  }
}

/** The CNAME at `host` must point at `expected`. */
export async function checkCnameRecord(
  client: DnsClient,
  record: RecordName,
  host: string,
  expected: string,
): Promise<RecordCheck> {
  const row = { record, type: 'CNAME', host, expected } as const;
  const answer = await client.cname(host);
  if (answer.kind !== 'records') return { ...row, ...notFound(answer, host, 'CNAME') };
  // A name has one CNAME at most; the first answer is the one at `host`, not a hop further on.
  const target = answer.records[0] as string;
  if (sameDnsName(target, expected)) return { ...row, status: 'ok', found: [target] };
  return {
    ...row,
    status: 'wrong',
    found: answer.records,
    detail: `${host} is a CNAME to ${target}, not to ${expected}`,
  };
}

/**
 * One of the TXT records at `host` must be exactly `expected`. The server's verifier uses this
 * too, so a check and a verification never disagree about what counts.
 */
export async function checkTxtRecord(
  client: DnsClient,
  host: string,
  expected: string,
): Promise<RecordCheck> {
  const row = { record: 'txt', type: 'TXT', host, expected } as const;
  const answer = await client.txt(host);
  if (answer.kind !== 'records') return { ...row, ...notFound(answer, host, 'TXT') };
  if (answer.records.includes(expected)) return { ...row, status: 'ok', found: [expected] };
  return {
    ...row,
    status: 'wrong',
    found: answer.records,
    detail: txtMismatch(host, expected, answer.records),
  };
}

function txtMismatch(host: string, expected: string, found: string[]): string {
  // Control panels that want the value without quotes store typed quotes as part of it.
  if (
    found.some(
      (value) =>
        value
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim() === expected,
    )
  ) {
    return `a TXT record at ${host} holds the value with extra quotes or spaces; it must be exactly ${expected}`;
  }
  const prefix = expected.slice(0, expected.indexOf('=') + 1);
  if (prefix && found.some((value) => value.startsWith(prefix))) {
    return `the TXT record at ${host} holds another token (from an earlier registration of this domain?); it must be ${expected}`;
  }
  return `no TXT record at ${host} is ${expected}`;
}

/**
 * The `_acme-challenge` CNAME, which delegates certificate validation to the edge. A TXT record
 * left there (by an earlier certificate set-up) cannot coexist with a CNAME, so it is reported as
 * the reason. TXT answers matter only when there is no CNAME: with one, the resolver follows it
 * and the TXT found belongs to the target.
 */
export async function checkAcmeRecord(
  client: DnsClient,
  host: string,
  expected: string,
): Promise<RecordCheck> {
  const [cname, txt] = await Promise.all([
    checkCnameRecord(client, 'acme_cname', host, expected),
    client.txt(host),
  ]);
  if (cname.status !== 'missing' || txt.kind !== 'records') return cname;
  return {
    ...cname,
    status: 'wrong',
    found: txt.records.map((value) => `TXT ${JSON.stringify(value)}`),
    detail: `${host} has a TXT record (left from an earlier certificate set-up?) and a CNAME cannot coexist with other records: delete the TXT record, then create the CNAME to ${expected}`,
  };
}

function notFound(
  answer: Exclude<DnsAnswer<unknown>, { kind: 'records' }>,
  host: string,
  type: string,
): Pick<RecordCheck, 'status' | 'found' | 'detail'> {
  if (answer.kind === 'error') return { status: 'error', found: [], detail: answer.reason };
  const name = normalizeDnsName(host);
  return {
    status: 'missing',
    found: [],
    detail:
      answer.reason === 'nxdomain'
        ? `${name} does not exist in DNS (NXDOMAIN)`
        : `${name} has no ${type} record`,
  };
}
