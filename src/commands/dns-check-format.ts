import type { ReadDomain } from '../contract/read-schemas.js';
import { MISSING } from '../core/display.js';
import {
  checkCounts,
  type DnsCheckResult,
  type RecordCheck,
  type RecordStatus,
} from '../core/dns-check.js';
import { visible } from '../core/sanitize.js';
import { extraFindings, findingLines, resolverNotes } from './stage-format.js';
import { type Paint, paint } from './style.js';
import { renderTable } from './table.js';
import { type GivenFlags, suggest } from '../core/suggested-commands.js';

function statusCell(status: RecordStatus, p: Paint): string {
  if (status === 'ok') return p.green(status);
  if (status === 'error') return p.yellow(status);
  return p.red(status);
}

/**
 * The check as TYPE / HOST / EXPECTED / FOUND / STATUS, every value in full. FOUND is what the DNS
 * holds there: one value a line (a name can hold several TXT records), `-` when nothing was found.
 * What the API and the DNS said is shown with its control characters made visible.
 */
export function checkTable(result: DnsCheckResult, color: boolean): string {
  const p = paint(color);
  const rows: string[][] = [];
  for (const record of result.records) {
    const [first = MISSING, ...more] = record.found.map(visible);
    rows.push([
      record.type,
      visible(record.host),
      visible(record.expected),
      first,
      statusCell(record.status, p),
    ]);
    for (const value of more) rows.push(['', '', '', value, '']);
  }
  return renderTable(
    [
      { header: 'TYPE' },
      { header: 'HOST' },
      { header: 'EXPECTED' },
      { header: 'FOUND' },
      { header: 'STATUS' },
    ],
    rows,
    { color },
  );
}

/**
 * One sentence for each record that is not ok. `wrong` and `missing` details name their host
 * already; a failed lookup names only its reason, and three rows that failed for one reason
 * (a dead DNS server) make one line, not three. The sentences quote the API and the DNS: shown
 * with control characters made visible.
 */
export function checkNotes(result: DnsCheckResult): string[] {
  return rawNotes(result).map(visible);
}

function rawNotes(result: DnsCheckResult): string[] {
  const lines: string[] = [];
  const failed = new Map<string, RecordCheck[]>();
  for (const record of result.records) {
    if (record.status === 'ok') continue;
    const detail = record.detail ?? record.status;
    if (record.status !== 'error') {
      lines.push(detail);
      continue;
    }
    failed.set(detail, [...(failed.get(detail) ?? []), record]);
  }
  for (const [reason, records] of failed) {
    const which =
      records.length === result.records.length
        ? `any of the ${records.length} records`
        : records.map((r) => `${r.type} ${r.host}`).join(', ');
    lines.push(`could not look up ${which}: ${reason}`);
  }
  return lines;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The one-line verdict: is the domain ready, and what to do next. */
export function checkVerdict(
  domain: ReadDomain,
  result: DnsCheckResult,
  project: string,
  given: GivenFlags = {},
): string {
  return visible(rawVerdict(domain, result, project, given));
}

function rawVerdict(
  domain: ReadDomain,
  result: DnsCheckResult,
  project: string,
  given: GivenFlags,
): string {
  const { total, notRight: bad, failed } = checkCounts(result);
  if (result.ok) {
    if (domain.verified) return `All ${total} records are right, and ${domain.domain} is verified.`;
    return `All ${total} records are right. The API verifies the domain once it sees the TXT record; to wait for that: ${suggest.domainsWait(domain.domain, project, given)}`;
  }
  // Rows with the resolver's answer beside them failed at the zone's nameservers, not at it.
  const nameserversFailed = result.records.some((r) => r.status === 'error' && r.recursive);
  const retry = !nameserversFailed
    ? 'try again, or ask another DNS server with --dns-server'
    : "try again, or ask only the resolver with --no-authoritative (if the network lets no DNS query reach the zone's nameservers)";
  if (bad === 0) {
    const which =
      failed === total
        ? `None of the ${total} records could be looked up`
        : `${count(failed, 'record', 'records')} of ${total} could not be looked up`;
    return `${which}: ${retry}.`;
  }
  const notRight =
    bad === total
      ? `None of the ${total} records is right yet`
      : `${count(bad, 'record', 'records')} of ${total} ${bad === 1 ? 'is' : 'are'} not right yet`;
  const andFailed = failed > 0 ? ` and ${failed} could not be looked up` : '';
  return `${notRight}${andFailed}: create or fix ${bad === 1 ? 'it' : 'them'} at your DNS provider, then check again (a change can take up to the old record's TTL to show).`;
}

/** Where the answers came from, for the report's first line. */
function sourceLine(result: DnsCheckResult, dnsServer: string): string {
  if (result.source.kind !== 'authoritative') return `as ${dnsServer} answers`;
  const servers = result.source.nameservers.join(', ');
  return `as the authoritative servers of ${result.source.zone} answer (${servers}; found through ${dnsServer})`;
}

/** The whole report `domains check` prints for people. */
export function checkReport(
  domain: ReadDomain,
  result: DnsCheckResult,
  options: { project: string; given?: GivenFlags; dnsServer: string; color: boolean },
): string {
  const p = paint(options.color);
  const notes = [...checkNotes(result), ...resolverNotes(result)];
  const warnings = result.warnings.map((w) => p.yellow(`warning: ${visible(w)}`));
  const extra = [...notes, ...warnings];
  const verdict = checkVerdict(domain, result, options.project, options.given);
  const why = findingLines(extraFindings(result));
  return [
    `DNS records of ${visible(domain.domain)}, ${visible(sourceLine(result, options.dnsServer))}:\n\n`,
    checkTable(result, options.color),
    extra.length > 0 ? `\n${extra.join('\n')}\n` : '',
    why.length > 0 ? `\nWhy it may be stuck:\n${why.join('\n')}\n` : '',
    `\n${result.ok ? p.green(verdict) : verdict}\n`,
  ].join('');
}

/**
 * The `--json` document. Its shape is stable: every key always present (`detail` and
 * `recursive` null when there is nothing to say, `dns_server` null for the system resolver), so
 * scripts can read it without guarding.
 */
export function checkJson(domain: ReadDomain, result: DnsCheckResult, dnsServer: string | null) {
  return {
    domain: domain.domain,
    verified: domain.verified,
    dns_server: dnsServer,
    ok: result.ok,
    source: result.source,
    records: result.records.map((r) => ({
      record: r.record,
      type: r.type,
      host: r.host,
      expected: r.expected,
      status: r.status,
      found: r.found,
      detail: r.detail ?? null,
      recursive: r.recursive
        ? {
            status: r.recursive.status,
            found: r.recursive.found,
            detail: r.recursive.detail ?? null,
            cached_for_seconds: r.recursive.cachedForSeconds ?? null,
          }
        : null,
    })),
    warnings: result.warnings,
    findings: result.findings,
  };
}
