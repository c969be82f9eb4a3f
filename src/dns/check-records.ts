import type { DnsInstructions } from '../contract/schemas.js';
import type {
  CheckSource,
  DnsCheckResult,
  RecordCheck,
  RecordName,
  RecordStatus,
} from '../core/dns-check.js';
import { askAuthoritative, besideResolver } from './authoritative.js';
import { caaProblems, ISSUING_CA } from './caa.js';
import { findIssues } from './findings.js';
import { normalizeDnsName, sameDnsName } from './names.js';
import {
  createDnsClient,
  DEFAULT_DNS_TIMEOUT_MS,
  type DnsAnswer,
  type DnsClient,
  type DnsClientOptions,
} from './resolver.js';
import { resolverAddress } from './server-address.js';
import { findZone, type ZoneLookup } from './zone.js';

export type { DnsCheckResult, RecordCheck, RecordName, RecordStatus };

export interface CheckOptions extends DnsClientOptions {
  /** The CA whose permission CAA records are checked for; default `ISSUING_CA`. */
  caIdentifier?: string;
  /**
   * Also find the zone's authoritative nameservers (through the resolver) and ask them: their
   * answers make the rows, and the resolver's stand beside them where they differ.
   */
  authoritative?: boolean;
  /** The port the nameservers are asked on: 53, unless a test set-up on loopback says otherwise. */
  authoritativePort?: number;
}

/**
 * Resolves the three records a domain needs (`dns_instructions` from the API), checks CAA, and
 * says why the domain may be stuck (`findings`). With `authoritative`, the zone's nameservers are
 * asked too and their answers count: a resolver that still caches "no such record" from before
 * the record was made does not make it `missing`. Queries run at once where they can, each
 * bounded by `timeoutMs` (the authoritative check takes a few rounds: the zone, its nameservers'
 * addresses, the records); aborting `signal` ends it at once. DNS failures never reject: they are
 * `error` rows. Throws only `DnsServerAddressError`, for a `server` that is not one.
 */
export async function checkRecords(
  instructions: DnsInstructions,
  options: CheckOptions = {},
): Promise<DnsCheckResult> {
  const client = createDnsClient(options);
  const timeoutMs = options.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS;
  const resolver = resolverAddress(options.server);
  const { signal } = options;
  try {
    const [recursiveRows, caa, zone] = await Promise.all([
      recordRows(client, instructions),
      caaProblems(client, instructions.cname_host, options.caIdentifier ?? ISSUING_CA),
      options.authoritative && resolver
        ? findZone(instructions.cname_host, {
            resolver,
            timeoutMs,
            port: options.authoritativePort,
            signal,
          })
        : undefined,
    ]);
    let rows = recursiveRows;
    let source: CheckSource = { kind: 'resolver', resolver: client.serverLabel };
    let authoritativeClient: DnsClient | undefined;
    if (zone?.kind === 'zone') {
      const asked = await askAuthoritative(zone, (c) => recordRows(c, instructions), {
        timeoutMs,
        signal,
      }).catch((error: Error) => error);
      if (asked instanceof Error) {
        source = { ...source, why: asked.message };
        rows = unconfirmed(recursiveRows, asked.message);
      } else {
        rows = await besideResolver(asked.rows, recursiveRows, {
          resolver,
          zone,
          timeoutMs,
          signal,
        });
        source = {
          kind: 'authoritative',
          zone: zone.zone,
          nameservers: asked.asked,
          resolver: client.serverLabel,
        };
        const first = zone.nameservers.find((ns) => ns.address);
        if (first?.address) {
          authoritativeClient = createDnsClient({ server: first.address, timeoutMs, signal });
        }
      }
    } else if (options.authoritative && zone?.kind !== 'none') {
      // Nothing above the host exists (`none`): the resolver's "missing" is the truth. A zone
      // that could not be found is another matter: its servers were not asked, nothing is known.
      source = { ...source, why: whyNoZone(zone, instructions.cname_host) };
      if (zone?.kind === 'error') rows = unconfirmed(recursiveRows, source.why as string);
    }
    try {
      const findings = await findIssues({
        instructions,
        rows,
        zone: zone?.kind === 'zone' ? zone : undefined,
        caa,
        recursive: client,
        source: authoritativeClient ?? client,
        resolver,
        timeoutMs,
        signal,
      });
      const records = rows as DnsCheckResult['records'];
      return {
        records,
        warnings: caa.map((p) => (p.blocking ? `${p.message}: ${p.fix}` : p.message)),
        ok: records.every((r) => r.status === 'ok'),
        source,
        findings,
      };
    } finally {
      authoritativeClient?.close();
    }
  } finally {
    // Stragglers (a deadline won the race) must not keep a short-lived command alive.
    client.close();
  }
}

/**
 * The resolver's rows when the authoritative servers could not be asked: each is `error` (could
 * not ask), with the resolver's answer beside it; one that is an error already stays as it is.
 */
function unconfirmed(rows: RecordCheck[], why: string): RecordCheck[] {
  return rows.map((row) =>
    row.status === 'error'
      ? row
      : {
          ...row,
          status: 'error',
          found: [],
          detail: `the authoritative servers could not be asked: ${why}`,
          recursive: {
            status: row.status,
            found: row.found,
            ...(row.detail === undefined ? {} : { detail: row.detail }),
          },
        },
  );
}

/** The three rows, in their order, as `client` answers. */
async function recordRows(
  client: DnsClient,
  instructions: DnsInstructions,
): Promise<RecordCheck[]> {
  return Promise.all([
    checkCnameRecord(client, 'cname', instructions.cname_host, instructions.cname_target),
    checkTxtRecord(client, instructions.txt_host, instructions.txt_value),
    checkAcmeRecord(client, instructions.acme_cname_host, instructions.acme_cname_target),
  ]);
}

function whyNoZone(zone: ZoneLookup | undefined, host: string): string {
  if (zone?.kind === 'error') return `the zone of ${host} could not be found (${zone.reason})`;
  return 'the address of the resolver is not known';
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
