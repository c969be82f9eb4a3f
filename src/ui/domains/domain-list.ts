import { Fzf, type FzfResultItem } from 'fzf';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import { SORT_KEYS, type SortKey, sortDomains } from '../../core/domain-order.js';
import { tlsExpiry } from '../../core/tls.js';

// What the domains screen does with every domain it has loaded: filter (`/`), sort (`s`) and sum
// up. The API has none of these, so they run over the pages loaded in the background.

/** The words of a filter that stand for a state rather than a host name. */
export const STATUS_WORDS = ['pending', 'verified', 'expiring'] as const;
export type StatusWord = (typeof STATUS_WORDS)[number];

/** A certificate that has expired, or has TLS_WARNING_DAYS (14) or fewer days left. */
export function isExpiring(domain: Domain, now: Date): boolean {
  const tls = tlsExpiry(domain.tls_cert_expiry, now);
  return tls.state === 'expired' || (tls.state === 'valid' && tls.soon);
}

function hasStatus(domain: Domain, word: StatusWord, now: Date): boolean {
  switch (word) {
    case 'pending':
      return !domain.verified;
    case 'verified':
      return domain.verified;
    case 'expiring':
      return isExpiring(domain, now);
  }
}

/** A filter as typed: its status words, and the rest, matched against host names. */
export function parseFilter(text: string): { words: StatusWord[]; query: string } {
  const words: StatusWord[] = [];
  const rest: string[] = [];
  for (const part of text.trim().split(/\s+/).filter(Boolean)) {
    const word = part.toLowerCase();
    if ((STATUS_WORDS as readonly string[]).includes(word)) words.push(word as StatusWord);
    else rest.push(part);
  }
  return { words, query: rest.join(' ') };
}

/**
 * How the host matches what was typed, best first: it is the text, it starts with it, it holds
 * it as typed (an exact match, as fzf's `'text` means), or only fuzzily.
 */
function literalTier(host: string, typed: string): number {
  if (host === typed) return 0;
  if (host.startsWith(typed)) return 1;
  return host.includes(typed) ? 2 : 3;
}

/**
 * The domains that match a filter: every status word must hold, and the host name must match
 * the rest as fzf matches (its letters in order, case ignored), through fzf-for-js, a port of
 * fzf's own algorithm. With host-name text the matches come ranked, best first: the host that
 * is the text, then those that start with it, then those that hold it as typed, then the rest,
 * each group in fzf's order (its score, best first). Matches that rank alike keep the order
 * given (the table's sort), as fzf keeps its input's order; so does a filter of status words
 * alone.
 */
export function filterDomains(domains: readonly Domain[], text: string, now: Date): Domain[] {
  const { words, query } = parseFilter(text);
  const kept = words.length
    ? domains.filter((d) => words.every((word) => hasStatus(d, word, now)))
    : [...domains];
  if (!query) return kept;
  const fzf = new Fzf(kept, {
    selector: (d: Domain) => d.domain,
    casing: 'case-insensitive',
  });
  // fzf-for-js scores a match at the host's very start no higher than one after a dot or a dash
  // (fzf itself has a bonus of its own for the start of a line), so by its score alone `shop.`
  // ranks www.acme-shop.com with shop.acme-shop.com, and the order given decides. The tiers put
  // what was typed, as typed, first; fzf's order stays within each.
  const typed = query.toLowerCase();
  const ranked: FzfResultItem<Domain>[] = fzf.find(query);
  return ranked
    .map((entry, rank) => ({
      domain: entry.item,
      tier: literalTier(entry.item.domain.toLowerCase(), typed),
      rank,
    }))
    .sort((a, b) => a.tier - b.tier || a.rank - b.rank)
    .map((entry) => entry.domain);
}

/**
 * The domains as the screen shows them under a filter or sort: sorted first, then filtered, so
 * the matches fzf ranks alike keep the sort's order.
 */
export function viewOfDomains(
  domains: readonly Domain[],
  view: { filter: string; sort: SortKey; reverse: boolean },
  now: Date,
): Domain[] {
  return filterDomains(sortDomains(domains, view.sort, view.reverse), view.filter, now);
}

/** Whether a filter ranks its matches (it has host-name text) rather than keeping the sort. */
export const ranksMatches = (text: string): boolean => parseFilter(text).query !== '';

export { apiOrder, type SortKey, sortDomains } from '../../core/domain-order.js';

/** The order `s` steps through; `created`, the API's own order, is where it starts. */
export const SORT_CYCLE: readonly SortKey[] = SORT_KEYS;

export interface SortInfo {
  /** The table column it sorts (Column.id). */
  column: string;
  /** ↑ ascending, ↓ descending, as the header shows it. */
  arrow: '↑' | '↓';
  /** For the status line: `TLS expiry, soonest first`. */
  words: string;
  /** The same, turned the other way (`S`). */
  reversed: string;
}

export const SORTS: Record<SortKey, SortInfo> = {
  created: {
    column: 'created',
    arrow: '↓',
    words: 'created, newest first (the API’s order)',
    reversed: 'created, oldest first',
  },
  host: { column: 'host', arrow: '↑', words: 'host name, A to Z', reversed: 'host name, Z to A' },
  status: {
    column: 'status',
    arrow: '↑',
    words: 'status, pending first',
    reversed: 'status, verified first',
  },
  tls: {
    column: 'tls',
    arrow: '↑',
    words: 'TLS expiry, soonest first',
    // Turned round whole: no certificate, last one way, comes first the other.
    reversed: 'TLS expiry, none yet, then latest first',
  },
};

/** A sort as the header and the status line show it, turned the other way when `reverse`. */
export function sortShown(key: SortKey, reverse: boolean): { arrow: '↑' | '↓'; words: string } {
  const info = SORTS[key];
  if (!reverse) return info;
  return { arrow: info.arrow === '↑' ? '↓' : '↑', words: info.reversed };
}

export const nextSort = (key: SortKey): SortKey =>
  SORT_CYCLE[(SORT_CYCLE.indexOf(key) + 1) % SORT_CYCLE.length] as SortKey;

/** The summary line's numbers of the domains themselves. */
export interface DomainCounts {
  total: number;
  verified: number;
  pending: number;
  expiring: number;
}

/** The summary line's numbers. */
export interface DomainSummary extends DomainCounts {
  /** Domains whose last DNS check in this session found a record not right. */
  failingDns: number;
}

export function summarize(domains: Iterable<Domain>, now: Date): DomainCounts {
  const sum: DomainCounts = { total: 0, verified: 0, pending: 0, expiring: 0 };
  for (const d of domains) {
    sum.total++;
    if (d.verified) sum.verified++;
    else sum.pending++;
    if (isExpiring(d, now)) sum.expiring++;
  }
  return sum;
}

/**
 * How many of the domains `known` whose last DNS check (the session's record: one entry a domain
 * checked) found a record not right. It goes through the checks, not the domains: there are few.
 */
export function countFailingDns(
  checks: Iterable<[string, { ok: boolean }]>,
  known: (id: string) => boolean,
): number {
  let failing = 0;
  for (const [id, check] of checks) if (!check.ok && known(id)) failing++;
  return failing;
}
