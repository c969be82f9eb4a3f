import { utcIso } from '../contract/datetime.js';

// What both faces show the same way, as text and a tone: the commands paint a tone with ANSI
// colours (commands/style.ts), the UI with Ink's (ui/app/theme.ts). Neither words a rule of its own.

/** How a value shows that is not there (no verification yet, no certificate, no project). */
export const MISSING = '-';

/** The meaning of a colour, for either face to paint. */
export type Tone = 'ok' | 'warn' | 'error' | 'muted';

// The API's times are read as instants and shown in UTC: another server may write an offset
// (`2026-03-01T23:30:00-05:00` is March 2nd, 04:30 UTC), so the text cannot simply be cut.

/** `2026-03-01`, the UTC day of an API time; MISSING when there is none. */
export function utcDay(iso: string | null | undefined): string {
  return (iso && utcIso(iso)?.slice(0, 10)) || MISSING;
}

/**
 * `2026-03-01 09:30 UTC`, of an API time or a moment seen here; MISSING when there is no time.
 * The UI writes every time so, one format whatever it comes from.
 */
export function utcMinute(at: string | Date | null | undefined): string {
  const utc =
    at instanceof Date
      ? Number.isNaN(at.getTime())
        ? undefined
        : at.toISOString()
      : at
        ? utcIso(at)
        : undefined;
  return utc ? `${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC` : MISSING;
}

/** A domain's state, in every table and detail view alike. */
export function domainStatus(verified: boolean): { text: 'verified' | 'pending'; tone: Tone } {
  return verified ? { text: 'verified', tone: 'ok' } : { text: 'pending', tone: 'warn' };
}

/**
 * `12,345`: a count with its thousands grouped, as `toLocaleString('en-US')` writes it, without
 * ICU's number formats (their first use takes ~11 ms, before the UI's first frame).
 */
export function groupedCount(n: number): string {
  return Number.isSafeInteger(n)
    ? String(n).replace(/\B(?=(\d{3})+$)/g, ',')
    : n.toLocaleString('en-US');
}
