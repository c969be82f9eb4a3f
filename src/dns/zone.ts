import { isIP } from 'node:net';
import { caaLookupNames, normalizeDnsName } from './names.js';
import type { DnsServerAddress } from './server-address.js';
import { recordsAt, type WireResult, wireQuery } from './wire.js';

/** The most nameservers of a zone that are asked; real zones have two to four. */
export const MAX_NAMESERVERS = 6;

export interface Nameserver {
  /** Its host name, from the zone's NS records. */
  name: string;
  /** The address it is asked at (IPv4 when it has one), or absent when it has none. */
  address?: DnsServerAddress;
  /** Why there is no address. */
  problem?: string;
}

export interface ZoneInfo {
  kind: 'zone';
  /** The zone apex: the nearest name at or above the host that has an SOA record. */
  zone: string;
  /** How long resolvers may cache "no such record" in this zone: min(SOA TTL, SOA minimum). */
  negativeTtl: number;
  nameservers: Nameserver[];
}

export type ZoneLookup =
  | ZoneInfo
  /** No name at or above the host has an SOA record (none of them exists in DNS). */
  | { kind: 'none' }
  | { kind: 'error'; reason: string };

export interface ZoneLookupOptions {
  /** The recursive resolver to ask. */
  resolver: DnsServerAddress;
  timeoutMs: number;
  /** The port the nameservers are asked on (53; a test set-up on loopback uses others). */
  port?: number;
  signal?: AbortSignal;
}

/**
 * Finds the zone of `host` and its authoritative nameservers through `resolver`: the SOA of the
 * host and each of its parents (all asked at once), the nearest that has one, its NS records, and
 * their addresses. Every question is sent with Checking Disabled, so a zone whose DNSSEC is broken
 * (which a validating resolver answers with SERVFAIL) still has its nameservers found and asked.
 */
export async function findZone(host: string, options: ZoneLookupOptions): Promise<ZoneLookup> {
  const ask = (name: string, type: 'SOA' | 'NS' | 'A' | 'AAAA' | 'CNAME') =>
    wireQuery(options.resolver, name, type, {
      timeoutMs: options.timeoutMs,
      checkingDisabled: true,
      signal: options.signal,
    });
  const hasCname = async (name: string) =>
    recordsAt(answerOf(await ask(name, 'CNAME')), name, 'CNAME').length > 0;
  const candidates = caaLookupNames(host);
  const soas = await Promise.all(candidates.map((name) => ask(name, 'SOA')));
  let zone: string | undefined;
  let negativeTtl = 0;
  for (const [i, result] of soas.entries()) {
    const name = candidates[i] as string;
    const failed = problem(result, name, 'SOA');
    // The resolver follows a CNAME at the name to answer for SOA, so a CNAME into a zone that does
    // not answer (a dangling one, left to a service since closed) fails the question. A name with a
    // CNAME is no zone apex (the two cannot live together): its zone is further up.
    if (failed && !(await hasCname(name))) return { kind: 'error', reason: failed };
    if (failed) continue;
    const [soa] = recordsAt(answerOf(result), name, 'SOA');
    if (soa) {
      zone = name;
      negativeTtl = Math.min(soa.ttl ?? 0, (soa.data as { minimum: number }).minimum);
      break;
    }
  }
  if (zone === undefined) return { kind: 'none' };

  const ns = await ask(zone, 'NS');
  const failed = problem(ns, zone, 'NS');
  if (failed) return { kind: 'error', reason: failed };
  const names = [
    ...new Set(recordsAt(answerOf(ns), zone, 'NS').map((r) => normalizeDnsName(String(r.data)))),
  ].slice(0, MAX_NAMESERVERS);
  if (names.length === 0) return { kind: 'error', reason: `${zone} has no NS records` };
  const port = options.port ?? 53;
  const nameservers = await Promise.all(
    names.map(async (name): Promise<Nameserver> => {
      if (isIP(name)) return { name, address: { host: name, port } };
      // IPv4 first: a machine without IPv6 would wait for every IPv6 query to time out.
      for (const type of ['A', 'AAAA'] as const) {
        const result = await ask(name, type);
        const [record] = recordsAt(answerOf(result), name, type);
        if (record) return { name, address: { host: String(record.data), port } };
        const failure = problem(result, name, type);
        if (failure && type === 'AAAA') return { name, problem: failure };
      }
      return { name, problem: `${name} has no address in DNS` };
    }),
  );
  return { kind: 'zone', zone, negativeTtl, nameservers };
}

function answerOf(result: WireResult) {
  return result.kind === 'answer' ? result.answer.answers : [];
}

/** Why a lookup said nothing about the name (no answer, SERVFAIL, REFUSED), or undefined. */
function problem(result: WireResult, name: string, type: string): string | undefined {
  if (result.kind === 'error') return `${type} ${name}: ${result.reason}`;
  const { rcode } = result.answer;
  if (rcode === 'NOERROR' || rcode === 'NXDOMAIN') return undefined;
  return `${type} ${name}: the resolver answered ${rcode}`;
}
