import { groupedCount as count, type Tone } from '../../core/display.js';
import { displayWidth, wrapWords } from '../components/format.js';
import { type DomainSummary, ranksMatches, type SortKey, sortShown } from './domain-list.js';
import type { DomainCatalog } from './useDomainCatalog.js';
import type { DomainsWatch } from './useDomainsWatch.js';

// The domains screen's lines of words, apart from its layout: the summary under the title, and
// what the status line says of a filter, a sort and the watch.

const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * The summary line: how far the background load has come (or why it stopped), then the
 * project's numbers over what is loaded. Numbers are the project's only once every domain is
 * loaded; until then they are said to be those of the domains loaded so far (`of those`), and
 * before any is counted there are none (not a 0 beside a page of rows). `escStops`: whether Esc
 * stops the load now (under a filter or sort; in the pages Esc goes back, which ends the load
 * too), so the hint is offered only where the key does that. "r loads all" and "r tries again"
 * hold in the pages too: there r reloads the page and, once the load stopped or failed, starts
 * it again (DomainsScreen).
 *
 * The line is one line of `width` (it is cut past that): where the whole does not fit, the
 * numbers that are 0 give way first, then the "(Esc stops)" the footer and `?` say too, then
 * words ("so far", "≤ 14 d": the guide says what expiring counts), so that what is cut is never a
 * number that is there unless no form fits.
 */
export function summaryLine(
  walk: DomainCatalog['walk'],
  sum: DomainSummary,
  escStops: boolean,
  width = Number.POSITIVE_INFINITY,
): { lead: string; tone?: Tone | 'accent'; numbers?: string } {
  const forms = [
    summaryForm(walk, sum, { escStops, zeros: true }),
    summaryForm(walk, sum, { escStops, zeros: false }),
    summaryForm(walk, sum, { escStops: false, zeros: false }),
    summaryForm(walk, sum, { escStops: false, zeros: false, short: true }),
  ];
  const fits = (form: (typeof forms)[number]) =>
    displayWidth(form.numbers ? `${form.lead} · ${form.numbers}` : form.lead) <= width;
  return forms.find(fits) ?? (forms.at(-1) as (typeof forms)[number]);
}

function summaryForm(
  walk: DomainCatalog['walk'],
  sum: DomainSummary,
  shown: { escStops: boolean; zeros: boolean; short?: boolean },
): { lead: string; tone?: Tone | 'accent'; numbers?: string } {
  const all: [number, string][] = [
    [sum.verified, 'verified'],
    [sum.pending, 'pending'],
    [sum.expiring, shown.short ? 'expiring' : 'expiring ≤ 14 d'],
    [sum.failingDns, 'failing DNS'],
  ];
  const kept = shown.zeros ? all : all.filter(([n]) => n > 0);
  const numbers = kept.map(([n, what]) => `${count(n)} ${what}`).join(' · ') || undefined;
  const ofThose = sum.total > 0 && numbers ? `of those ${numbers}` : undefined;
  const escHint = shown.escStops ? ' (Esc stops)' : '';
  switch (walk.status) {
    case 'loading':
      return sum.total === 0
        ? { lead: `counting every domain…${escHint}`, tone: 'accent' }
        : {
            lead: `${count(sum.total)} loaded${shown.short ? '' : ' so far'}…${escHint}`,
            tone: 'accent',
            numbers: ofThose,
          };
    case 'done':
      return { lead: plural(sum.total, 'domain'), numbers };
    case 'stopped':
      return {
        lead: `stopped at ${count(sum.total)} loaded, more on the server (r loads all)`,
        tone: 'warn',
        numbers: ofThose,
      };
    case 'capped':
      return {
        lead: `${count(sum.total)} loaded, the most this screen loads; more on the server`,
        tone: 'warn',
        numbers: ofThose,
      };
    case 'error':
      return {
        lead: `${count(sum.total)} loaded, then loading failed (r tries again)`,
        tone: 'error',
        numbers: ofThose,
      };
  }
}

/**
 * Where the page in view stands among every domain: how many come before its first row, and
 * how many there are. Once the background load has every domain, both are the catalog's, the
 * state the summary counts: the pages' own sums are of pages as they were loaded, and a domain
 * added since (it lands on page 1) moves every later row down one while they still say "of 45".
 */
export function pagePlace(
  catalog: Pick<DomainCatalog, 'position' | 'walk' | 'domains'>,
  firstId: string | undefined,
  pagesBefore: number,
): { before: number; counted?: number } {
  if (catalog.walk.status !== 'done') return { before: pagesBefore };
  const before = firstId === undefined ? undefined : catalog.position(firstId);
  return { before: before ?? pagesBefore, counted: catalog.domains.length };
}

/**
 * The "of N" of the pages' rows line: `upTo` rows up to the end of this page; "≥" while more
 * pages follow (at least as many as the background load has `loadedSoFar`), unless it has
 * `counted` every domain.
 */
export function rowsTotal(
  upTo: number,
  morePages: boolean,
  counted: number | undefined,
  loadedSoFar = 0,
): string {
  if (counted !== undefined) return count(Math.max(upTo, counted));
  // While the background load runs, what it has loaded is the least there are.
  return morePages ? `≥ ${count(Math.max(upTo, loadedSoFar))}` : count(upTo);
}

/** The rows the table shows, `shown` from row `first` (from 1): "rows 15–28", "row 45". */
export function rowsShown(first: number, shown: number): string {
  if (shown <= 0) return 'no rows';
  return shown === 1 ? `row ${count(first)}` : `rows ${count(first)}–${count(first + shown - 1)}`;
}

/** What the status line says of the filtered, sorted list. */
export function matchesText(
  filter: string,
  matches: number,
  loaded: number | undefined,
  order: { sort: SortKey; reverse: boolean },
  ties = true,
): string {
  // The short forms, for a line that would not fit (allStatus): `loaded` undefined, no `ties`.
  const of = loaded === undefined ? '' : ` of ${count(loaded)} loaded`;
  const what = filter.trim()
    ? `${plural(matches, 'match', 'matches')} for "${filter.trim()}"${of}`
    : loaded === undefined
      ? 'every domain'
      : `all ${count(loaded)} loaded`;
  const words = sortShown(order.sort, order.reverse).words;
  if (!ranksMatches(filter)) return `${what} · sorted by ${words}`;
  return `${what} · best match first${ties ? `, ties sorted by ${words}` : ''}`;
}

/**
 * What the status line says of the watch: how often, paused, or its last failure. `short` is the
 * form for a line that would not fit otherwise (pagesStatus).
 */
export function watchText(
  watch: DomainsWatch,
  intervalMs: number,
  pendingOnScreen: number,
  short = false,
): string {
  if (!watch.enabled) return '';
  if (watch.paused) return short ? 'watch paused' : 'watch paused (w resumes)';
  if (pendingOnScreen === 0) return '';
  // A no-break space: a wrapped line never ends in "every 10" with its "s" on the next.
  const every = `every ${Math.round(intervalMs / 100) / 10}\u00a0s`;
  if (watch.error)
    return short ? 'watch failing' : `watch: the last refresh failed, trying again ${every}`;
  return `watching ${plural(pendingOnScreen, 'pending domain')}${short ? '' : ` ${every}`}`;
}

/** A piece of the status line under the table, and how it is drawn. */
export interface StatusPart {
  text: string;
  style?: 'bold' | 'dim' | 'accent';
}

/** The notes after the status line's own words: a domain turned verified, the checks, the watch. */
const notesPart = (notes: readonly string[]): StatusPart[] =>
  notes.length > 0 ? [{ text: ` · ${notes.join(' · ')}`, style: 'accent' }] : [];

/**
 * The status line in the API's pages: where the page stands, its size, the way on, the notes.
 * It must fit in one line: a line that wraps takes a row from the table, and then a page's last
 * rows are out of view and `n` goes past them (paging shows every row once only if every row of
 * a page is shown). So where the line is wider than `width`, parts give way in this order: the
 * way on (`n next page`, `b previous page`: the footer's keys too), "last page" (the page line
 * says it: rows N of N), the page size, then the notes' long forms (`notes(true)`). A line that
 * does not fit even then (a note naming long host names, a narrow terminal) is cut at its end.
 */
export function pagesStatus(
  page: {
    number: number;
    shownRows: string;
    total: string;
    size: number;
    canNext: boolean;
    lastPage: boolean;
    canPrevious: boolean;
    refreshing: boolean;
  },
  notes: (short: boolean) => readonly string[],
  width: number,
): StatusPart[] {
  const line = (giveWay: number): StatusPart[] => {
    const hints = giveWay < 1;
    const way = `${page.canNext && hints ? ' · n next page' : page.lastPage && giveWay < 2 ? ' · last page' : ''}${
      page.canPrevious && hints ? ' · b previous page' : ''
    }`;
    return [
      { text: `page ${page.number} · ${page.shownRows} of ${page.total}`, style: 'bold' },
      ...(giveWay < 3 ? [{ text: ` · ${page.size} per page` }] : []),
      ...(way ? [{ text: way, style: 'dim' as const }] : []),
      ...(page.refreshing ? [{ text: ' · refreshing…', style: 'accent' as const }] : []),
      ...notesPart(notes(giveWay >= 4)),
    ];
  };
  const lines = [0, 1, 2, 3, 4].map(line);
  return lines.find((parts) => statusHeight(parts, width) <= 1) ?? (lines.at(-1) as StatusPart[]);
}

/** The status line's notes: domains the watch saw turn verified, the DNS checks, the watch. */
export function statusNotes(turned: readonly string[], checking: number, watch: string): string[] {
  return [
    turned.length > 0 ? `✓ ${turned.join(', ')} turned verified` : '',
    checking > 0 ? `checking DNS: ${checking} to go` : '',
    watch,
  ].filter(Boolean);
}

/**
 * The status line under a filter or sort: what matches, sorted how, which rows, the notes. Where
 * it would wrap, the notes' short forms come first (as in pagesStatus), then how ties are sorted
 * (the header's arrow says it), then the count of what is loaded ("of 45 loaded": the summary
 * says it); a line that does not fit even then is cut at its
 * end (StatusLine): it is always one line.
 */
export function allStatus(
  matched: {
    filter: string;
    rows: number;
    loaded: number;
    order: { sort: SortKey; reverse: boolean };
  },
  shownRows: string,
  notes: (short: boolean) => readonly string[],
  width = Number.POSITIVE_INFINITY,
): StatusPart[] {
  const { filter, rows, loaded, order } = matched;
  const line = (giveWay: number): StatusPart[] => [
    {
      text: matchesText(filter, rows, giveWay < 3 ? loaded : undefined, order, giveWay < 2),
      style: 'bold',
    },
    ...(rows > 0 ? [{ text: ` · ${shownRows}` }] : []),
    ...notesPart(notes(giveWay >= 1)),
  ];
  const lines = [0, 1, 2, 3].map(line);
  return lines.find((parts) => statusHeight(parts, width) <= 1) ?? (lines.at(-1) as StatusPart[]);
}

/** The lines the status line takes at `width`: it wraps, and the table gives up the others. */
export function statusHeight(parts: readonly StatusPart[], width: number): number {
  return wrapWords(parts.map((part) => part.text).join(''), width).length;
}
