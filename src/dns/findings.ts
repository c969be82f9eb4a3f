import { randomBytes } from 'node:crypto';
import type { DnsInstructions } from '../contract/schemas.js';
import type { Finding, RecordCheck } from '../core/dns-check.js';
import type { CaaProblem } from './caa.js';
import { cdnOfAddress, cdnOfName } from './cdn.js';
import { normalizeDnsName, sameDnsName } from './names.js';
import type { DnsClient } from './resolver.js';
import { type DnsServerAddress, formatDnsServer } from './server-address.js';
import { wireQuery } from './wire.js';
import type { ZoneInfo } from './zone.js';

export interface FindingInputs {
  instructions: DnsInstructions;
  /** The rows as reported (the authoritative servers' when they were asked). */
  rows: RecordCheck[];
  zone?: ZoneInfo;
  caa: CaaProblem[];
  /** The recursive resolver: what the world sees (addresses, CDN proxies). */
  recursive: DnsClient;
  /** Where a record really lives: an authoritative server, else the resolver. */
  source: DnsClient;
  /** The resolver's address, for the DNSSEC probe (absent: not known). */
  resolver?: DnsServerAddress;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Why a domain may be stuck, each with what to do: a CNAME asked for at the zone apex, a TXT
 * record left at `_acme-challenge`, a CDN proxy or other addresses in place of the CNAME, CAA
 * forbidding the CA, DNSSEC that validating resolvers reject, a wildcard answering in place of a
 * record, and a resolver that still caches an older answer. The extra lookups this needs run
 * only when a row gives a reason to, all at once.
 */
export async function findIssues(inputs: FindingInputs): Promise<Finding[]> {
  const { instructions, rows, zone } = inputs;
  const cnameRow = rows.find((r) => r.record === 'cname');
  const acmeRow = rows.find((r) => r.record === 'acme_cname');
  const findings: Finding[] = [];

  if (zone && sameDnsName(zone.zone, instructions.cname_host)) {
    findings.push({
      code: 'apex_cname',
      message: `${instructions.cname_host} is the apex of its zone, where DNS allows no CNAME (the zone's SOA and NS records live there): most DNS providers refuse one, and those that accept it break the zone`,
      fix: `create an ALIAS, ANAME or "CNAME flattening" record at ${instructions.cname_host} pointing at ${instructions.cname_target} (what your DNS provider offers), or use a subdomain such as www.${instructions.cname_host}`,
    });
  }
  if (acmeRow?.status === 'wrong' && acmeRow.found.some((f) => f.startsWith('TXT '))) {
    findings.push({
      code: 'acme_txt',
      message: `${acmeRow.host} holds a TXT record (left from an earlier certificate set-up?), and a CNAME cannot coexist with other records there`,
      fix: `delete the TXT record at ${acmeRow.host}, then create ${acmeRow.host} CNAME ${acmeRow.expected}`,
    });
  }
  for (const problem of inputs.caa) {
    findings.push({ code: 'caa', message: problem.message, fix: problem.fix });
  }

  const more = await Promise.all([
    cnameRow && cnameRow.status !== 'ok' && cnameRow.status !== 'error'
      ? addressFindings(inputs, cnameRow)
      : [],
    dnssecFindings(inputs),
    wildcardFindings(inputs),
  ]);
  findings.push(...more.flat());
  const behind = resolverBehind(rows, inputs);
  if (behind) findings.push(behind);
  return findings;
}

/** A CNAME to a CDN, or addresses (a CDN's proxy, or others) where the CNAME should be. */
async function addressFindings(inputs: FindingInputs, row: RecordCheck): Promise<Finding[]> {
  const { cname_host: host, cname_target: target } = inputs.instructions;
  const wrongTarget = row.status === 'wrong' ? row.found[0] : undefined;
  const viaCdn = wrongTarget && cdnOfName(wrongTarget);
  if (viaCdn) {
    return [
      {
        code: 'cdn_proxy',
        message: `${host} is a CNAME to ${wrongTarget}, a name of ${viaCdn}: requests reach ${viaCdn}, not the project, and the certificate cannot be validated through it`,
        fix: `point ${host} CNAME at ${target} directly (turn off the CDN for this name)`,
      },
    ];
  }
  if (row.status !== 'missing') return [];
  const [here, there] = await Promise.all([
    inputs.recursive.addresses(host),
    inputs.recursive.addresses(target),
  ]);
  if (here.kind !== 'records') return [];
  const proxied = here.records.map(cdnOfAddress).find((cdn) => cdn !== undefined);
  const addresses = here.records.join(', ');
  if (proxied) {
    return [
      {
        code: 'cdn_proxy',
        message: `${host} answers with addresses of ${proxied}'s proxy (${addresses}) instead of a CNAME: the proxy hides the CNAME and answers HTTPS itself`,
        fix: `turn the proxy off for ${host} (${proxied}: "DNS only", the grey cloud), so that its CNAME to ${target} is published`,
      },
    ];
  }
  const theirs = there.kind === 'records' ? new Set(there.records) : new Set<string>();
  if (here.records.every((a) => theirs.has(a))) return [];
  return [
    {
      code: 'other_addresses',
      message: `${host} has A/AAAA records (${addresses}) instead of the CNAME, and they are not the addresses of ${target}${theirs.size > 0 ? ` (${[...theirs].join(', ')})` : ''}: requests go elsewhere`,
      fix: `delete the A and AAAA records of ${host}, then create ${host} CNAME ${target}`,
    },
  ];
}

/**
 * SERVFAIL from a validating resolver where the authoritative servers answer: asked again with
 * Checking Disabled, the resolver answers, so DNSSEC validation is what fails.
 */
async function dnssecFindings(inputs: FindingInputs): Promise<Finding[]> {
  const row = inputs.rows.find(
    (r) =>
      r.status !== 'error' &&
      r.recursive?.status === 'error' &&
      /SERVFAIL/.test(r.recursive.detail ?? ''),
  );
  if (!row || !inputs.resolver) return [];
  const ask = (checkingDisabled: boolean) =>
    wireQuery(inputs.resolver as DnsServerAddress, row.host, row.type, {
      timeoutMs: inputs.timeoutMs,
      checkingDisabled,
      signal: inputs.signal,
    });
  const [validated, unchecked] = await Promise.all([ask(false), ask(true)]);
  if (validated.kind !== 'answer' || validated.answer.rcode !== 'SERVFAIL') return [];
  if (unchecked.kind !== 'answer' || unchecked.answer.rcode === 'SERVFAIL') return [];
  const zone = inputs.zone?.zone ?? row.host;
  const why = validated.answer.extendedError ? ` (it says: ${validated.answer.extendedError})` : '';
  return [
    {
      code: 'dnssec',
      message: `DNSSEC validation of ${zone} fails: the validating resolver ${formatDnsServer(inputs.resolver)} answers SERVFAIL for ${row.host}${why}, and answers it with checking disabled, as the authoritative servers do; every validating resolver (the CA's too) sees no records`,
      fix: `make the DS record of ${zone} at its registrar match the zone's DNSKEY (or remove the DS record to turn DNSSEC off), and check that the zone's signatures have not expired`,
    },
  ];
}

/**
 * A record answered by a wildcard: a made-up name beside it gets the same answer. A wildcard
 * answers every name that has no records of its own, and cannot be the record this domain needs.
 */
async function wildcardFindings(inputs: FindingInputs): Promise<Finding[]> {
  const wrong = inputs.rows.filter((r) => r.status === 'wrong' && r.found.length > 0);
  const findings = await Promise.all(
    wrong.map(async (row): Promise<Finding | undefined> => {
      const parent = normalizeDnsName(row.host).split('.').slice(1).join('.');
      const probe = `domainctl-${randomBytes(6).toString('hex')}.${parent}`;
      const answer =
        row.type === 'TXT' ? await inputs.source.txt(probe) : await inputs.source.cname(probe);
      if (answer.kind !== 'records') return undefined;
      const found = new Set(answer.records.map((v) => normalizeDnsName(v)));
      if (!row.found.every((v) => found.has(normalizeDnsName(v.replace(/^TXT "(.*)"$/, '$1'))))) {
        return undefined;
      }
      return {
        code: 'wildcard',
        message: `the ${row.type} found at ${row.host} comes from a wildcard record (any name under ${parent} without records of its own gets the same answer), and a wildcard cannot stand for this record`,
        fix: `create ${row.host} ${row.type} ${row.type === 'TXT' ? JSON.stringify(row.expected) : row.expected}: a record of its own takes precedence over the wildcard`,
      };
    }),
  );
  return findings.filter((f): f is Finding => f !== undefined);
}

/** The resolver still caches an older answer where the authoritative servers are right. */
function resolverBehind(rows: RecordCheck[], inputs: FindingInputs): Finding | undefined {
  const behind = rows.filter(
    (r) => r.status === 'ok' && r.recursive && r.recursive.status !== 'error',
  );
  if (behind.length === 0) return undefined;
  const seconds = Math.max(...behind.map((r) => r.recursive?.cachedForSeconds ?? 0));
  const resolver = inputs.recursive.serverLabel;
  const what = behind.map((r) => `${r.type} ${r.host}: "${r.recursive?.status}"`).join(', ');
  const span = seconds > 0 ? ` for up to ${seconds} s` : '';
  return {
    code: 'resolver_behind',
    message: `${resolver} still caches an older answer${span} (${what}); the authoritative servers already have the records right`,
    fix:
      seconds > 0
        ? `nothing to fix: wait ${seconds} s (the zone's negative TTL or the old record's TTL), or flush that resolver's cache`
        : "nothing to fix: wait for the resolver's cache to expire, or flush it",
  };
}
