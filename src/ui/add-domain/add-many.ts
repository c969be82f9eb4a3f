import { normalizeHostname } from '../../contract/hostname.js';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import { ZoneSnippetError } from '../../core/errors.js';
import { zoneSnippet } from '../../core/records.js';
import { visible } from '../../core/sanitize.js';
import { wrapWords } from '../components/format.js';

// The add form with several host names: how the text is read, and what the records of the new
// domains make as one zone snippet.

/**
 * The host names of what was typed or pasted: one a line (a paste's line breaks come as spaces),
 * or separated by spaces or commas. `@path` stands for a file of host names instead (`fromFile`):
 * one a line, blank lines and `#` comments left out.
 */
export function parseHostList(text: string): { hosts: string[]; fromFile?: string } {
  const trimmed = text.trim();
  if (trimmed.startsWith('@') && trimmed.length > 1 && !/[\s,]/.test(trimmed)) {
    return { hosts: [], fromFile: trimmed.slice(1) };
  }
  return { hosts: splitHosts(trimmed) };
}

export function splitHosts(text: string): string[] {
  return text.split(/[\s,]+/).filter((host) => host !== '');
}

/** The host name inside a pasted URL (`https://shop.example.com/path` → `shop.example.com`). */
export function hostOfUrl(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) && !trimmed.includes('/')) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return url.hostname || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The field with every pasted URL in it cut down to its host name (Tab), one host or several,
 * the separators kept as typed; undefined when no host in it is a URL. A host that is valid as it
 * is stays, so Tab never changes what Enter would send right.
 */
export function hostsOfUrls(text: string): { text: string; urls: number } | undefined {
  let urls = 0;
  const cut = text
    .split(/([\s,]+)/)
    .map((part, i) => {
      // The odd parts are the separators split() kept.
      if (i % 2 === 1 || part === '' || normalizeHostname(part).ok) return part;
      const host = hostOfUrl(part);
      if (host === undefined) return part;
      urls++;
      return host;
    })
    .join('');
  return urls > 0 ? { text: cut, urls } : undefined;
}

/** A host name of a list the API would refuse, and why: what the single-host field says of it. */
export interface InvalidHost {
  host: string;
  reason: string;
  /** It is valid, but the list has it already: the batch adds it once. */
  repeat?: true;
  /** It is valid, but the project has it already (the domains loaded say so): a 409 to come. */
  registered?: true;
}

/** What a host the project has already is told before Enter. */
export const REGISTERED_REASON = 'in this project already: the API will answer 409';

/**
 * The host names of a list that are not valid, in the order typed, each with the reason the
 * single-host field gives as it is typed (the server's own rules), and those that name a host the
 * list has already (`DUP.example.com` after `dup.example.com`: the batch adds it once), or that
 * the project has already, among the domains `registered` (those loaded). A URL
 * whose host name Tab keeps is left out: the hint of the URLs says so.
 */
export function invalidHosts(
  hosts: readonly string[],
  registered: ReadonlySet<string> = new Set(),
): InvalidHost[] {
  const repeats = repeatedHosts(hosts);
  return hosts.flatMap((host, i) => {
    const first = repeats.get(i);
    if (first !== undefined) return [{ host, reason: repeatReason(first), repeat: true as const }];
    const check = normalizeHostname(host);
    if (check.ok && registered.has(check.hostname))
      return [{ host, reason: REGISTERED_REASON, registered: true as const }];
    if (check.ok || hostOfUrl(host) !== undefined) return [];
    return [{ host, reason: check.reason }];
  });
}

/** What a host typed again is told, before Enter and in the batch's results. */
export const repeatReason = (first: string) => `the same host as ${first}, above: sent once`;

/**
 * The hosts of a list that name one typed before them, as the server stores host names (case,
 * a final dot, Unicode or punycode): index -> the host as first typed.
 */
export function repeatedHosts(hosts: readonly string[]): Map<number, string> {
  const firstOf = new Map<string, string>();
  const repeats = new Map<number, string>();
  hosts.forEach((host, i) => {
    const check = normalizeHostname(host);
    if (!check.ok) return;
    const first = firstOf.get(check.hostname);
    if (first === undefined) firstOf.set(check.hostname, host);
    else repeats.set(i, first);
  });
  return repeats;
}

/** One host of a batch and what the API said to it. */
export type AddResult =
  | { host: string; state: 'waiting' | 'adding' }
  | { host: string; state: 'added'; domain: Domain }
  | { host: string; state: 'exists' | 'refused' | 'failed'; status?: number; reason: string }
  | { host: string; state: 'repeated'; reason: string };

export function addSummary(results: readonly AddResult[]): string {
  const count = (state: AddResult['state']) => results.filter((r) => r.state === state).length;
  const parts = [
    `${count('added')} added (201)`,
    `${count('exists')} already registered (409)`,
    `${count('refused')} refused (400)`,
  ];
  if (count('repeated') > 0) parts.push(`${count('repeated')} typed again (sent once)`);
  if (count('failed') > 0) parts.push(`${count('failed')} failed`);
  return `${parts.join(', ')} of ${results.length} ${results.length === 1 ? 'host' : 'hosts'}`;
}

/**
 * The records of every domain added, as one BIND zone snippet (each domain's own, one after the
 * other); a domain whose records cannot be written safely is named in `skipped` instead.
 */
export function zoneOfAll(domains: readonly Domain[]): { text: string; skipped: string[] } {
  const parts: string[] = [];
  const skipped: string[] = [];
  for (const d of domains) {
    try {
      parts.push(zoneSnippet(d.domain, d.dns_instructions));
    } catch (error) {
      if (!(error instanceof ZoneSnippetError)) throw error;
      skipped.push(d.domain);
    }
  }
  return { text: parts.join('\n'), skipped };
}

/**
 * The lines a text takes `width` columns wide, wrapped at spaces as Ink does: the lines around
 * the results (a long closing line, a notice) are taken from their room.
 */
export function typedLines(value: string, width: number): number {
  return value
    .split(/\r\n|\r|\n/)
    .reduce((sum, line) => sum + wrapWords(visible(line), Math.max(1, width)).length, 0);
}
