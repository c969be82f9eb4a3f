import type { RecordCheck } from '../core/dns-check.js';
import { checkTxtRecord } from './check-records.js';
import { createDnsClient, DEFAULT_DNS_TIMEOUT_MS, type DnsClient } from './resolver.js';
import { type DnsServerAddress, formatDnsServer, resolverAddress } from './server-address.js';
import { recordsAt, wireQuery } from './wire.js';
import { findZone, type ZoneInfo } from './zone.js';

export interface AuthoritativeAnswers {
  /** One row a record, in the order `rowsOf` gives them: what the nameservers say. */
  rows: RecordCheck[];
  /** The nameservers asked, as `name (address)`. */
  asked: string[];
}

/**
 * Asks every nameserver of `zone` (each with a client of its own, all at once) for the records,
 * and makes one row a record of their answers. A row is ok only when every nameserver that
 * answered has the record right: a secondary that has not yet copied the zone is asked by
 * resolvers too. A row is `error` only when no nameserver answered: "could not ask" stays apart
 * from "not there".
 */
export async function askAuthoritative(
  zone: ZoneInfo,
  rowsOf: (client: DnsClient) => Promise<RecordCheck[]>,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<AuthoritativeAnswers> {
  const reachable = zone.nameservers.filter(
    (ns): ns is typeof ns & { address: DnsServerAddress } => ns.address !== undefined,
  );
  const unreachable = zone.nameservers
    .filter((ns) => ns.address === undefined)
    .map((ns) => `${ns.name}: ${ns.problem ?? 'no address'}`);
  const clients = reachable.map((ns) =>
    createDnsClient({ server: ns.address, timeoutMs: options.timeoutMs, signal: options.signal }),
  );
  try {
    const answers = await Promise.all(clients.map((client) => rowsOf(client)));
    const names = reachable.map((ns) => ns.name);
    const template = answers[0];
    if (!template) {
      throw new Error(`none of the nameservers of ${zone.zone} has an address`);
    }
    const rows = template.map((_, i) =>
      combine(
        zone.zone,
        answers.map((rows) => rows[i] as RecordCheck),
        names,
        unreachable,
      ),
    );
    return {
      rows,
      asked: reachable.map((ns) => `${ns.name} (${formatDnsServer(ns.address)})`),
    };
  } finally {
    for (const client of clients) client.close();
  }
}

function combine(
  zone: string,
  rows: RecordCheck[],
  names: string[],
  unreachable: string[],
): RecordCheck {
  const answered = rows.map((row, i) => ({ row, name: names[i] as string }));
  const good = answered.filter((a) => a.row.status !== 'error');
  if (good.length === 0) {
    const failures = [
      ...answered.map((a) => `${a.name}: ${a.row.detail ?? 'no answer'}`),
      ...unreachable,
    ];
    const first = rows[0] as RecordCheck;
    return {
      ...first,
      status: 'error',
      found: [],
      detail: `none of the authoritative servers of ${zone} answered (${failures.join('; ')})`,
    };
  }
  const worst = good.find((a) => a.row.status !== 'ok') ?? (good[0] as (typeof good)[number]);
  const behind = good.filter((a) => a.row.status !== 'ok').map((a) => a.name);
  if (behind.length === 0 || behind.length === good.length) return worst.row;
  const ahead = good.filter((a) => a.row.status === 'ok').map((a) => a.name);
  return {
    ...worst.row,
    detail: `${worst.row.detail ?? worst.row.status} on ${behind.join(', ')}, while ${ahead.join(', ')} ${ahead.length === 1 ? 'has' : 'have'} it: the zone has not reached every nameserver yet`,
  };
}

/**
 * Sets `recursive` on each authoritative row where the resolver answers otherwise, with how much
 * longer it may keep that answer: the TTL of its answer, or of the SOA record it sends with "no
 * such record" (RFC 2308; it counts down in a resolver's cache), else the zone's negative TTL.
 */
export async function besideResolver(
  authoritative: RecordCheck[],
  recursive: RecordCheck[],
  options: {
    resolver?: DnsServerAddress;
    zone: ZoneInfo;
    timeoutMs: number;
    signal?: AbortSignal;
  },
): Promise<RecordCheck[]> {
  return Promise.all(
    authoritative.map(async (row, i) => {
      const theirs = recursive[i] as RecordCheck;
      if (theirs.status === row.status && sameValues(theirs.found, row.found)) return row;
      const view: NonNullable<RecordCheck['recursive']> = {
        status: theirs.status,
        found: theirs.found,
        ...(theirs.detail === undefined ? {} : { detail: theirs.detail }),
      };
      if (theirs.status !== 'error') {
        const seconds = await cachedFor(row, theirs, options);
        if (seconds !== undefined) view.cachedForSeconds = seconds;
      }
      return { ...row, recursive: view };
    }),
  );
}

const sameValues = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

async function cachedFor(
  row: RecordCheck,
  theirs: RecordCheck,
  options: { resolver?: DnsServerAddress; zone: ZoneInfo; timeoutMs: number; signal?: AbortSignal },
): Promise<number | undefined> {
  const negative = theirs.status === 'missing';
  if (!options.resolver) return negative ? options.zone.negativeTtl : undefined;
  const result = await wireQuery(options.resolver, row.host, row.type, {
    timeoutMs: options.timeoutMs,
    checkingDisabled: true,
    signal: options.signal,
  });
  if (result.kind === 'error') return negative ? options.zone.negativeTtl : undefined;
  const section = negative ? result.answer.authorities : result.answer.answers;
  const ttls = section
    .filter((r) => (negative ? r.type === 'SOA' : r.type === row.type))
    .map((r) => (r as { ttl?: number }).ttl ?? 0);
  if (!negative) {
    const at = recordsAt(section, row.host, row.type);
    if (at.length > 0) return Math.min(...at.map((r) => r.ttl ?? 0));
  }
  return ttls.length > 0 ? Math.min(...ttls) : negative ? options.zone.negativeTtl : undefined;
}

/**
 * The verifier's question, asked of the authoritative nameservers of `domain`'s zone: is the TXT
 * record at `host` exactly `expected`? The zone is found through `server`, else the system
 * resolver (as `checkRecords` does). Falls back to `client` (the resolver) only when the zone has
 * no nameservers to ask (no SOA above the name) or no resolver address is known at all; when the
 * zone or its servers cannot be reached, the answer is `error`, never `missing`.
 */
export async function checkTxtAuthoritative(
  domain: string,
  host: string,
  expected: string,
  options: {
    client: DnsClient;
    server?: string | DnsServerAddress;
    port?: number;
    timeoutMs?: number;
  },
): Promise<RecordCheck> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS;
  const resolver = resolverAddress(options.server);
  if (!resolver) return checkTxtRecord(options.client, host, expected);
  const zone = await findZone(domain, { resolver, timeoutMs, port: options.port });
  if (zone.kind === 'none') return checkTxtRecord(options.client, host, expected);
  if (zone.kind === 'error') {
    return {
      record: 'txt',
      type: 'TXT',
      host,
      expected,
      status: 'error',
      found: [],
      detail: zone.reason,
    };
  }
  const asked = await askAuthoritative(
    zone,
    async (c) => [await checkTxtRecord(c, host, expected)],
    { timeoutMs },
  ).catch((error: Error) => error);
  if (asked instanceof Error) {
    return {
      record: 'txt',
      type: 'TXT',
      host,
      expected,
      status: 'error',
      found: [],
      detail: asked.message,
    };
  }
  return asked.rows[0] as RecordCheck;
}
