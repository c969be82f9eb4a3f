import { parseInstant, utcIso } from '../contract/datetime.js';

const DAY_MS = 24 * 60 * 60 * 1000;

// The API's times are read as instants and shown in UTC: another server may write an offset
// (`2026-03-01T23:30:00-05:00` is March 2nd, 04:30 UTC), so the text cannot simply be cut.

/** `2026-03-01` in UTC; `—` when there is no time. */
export function shortDate(iso: string | null | undefined): string {
  return (iso && utcIso(iso)?.slice(0, 10)) || '—';
}

/** `2026-03-01 09:30 UTC`; `—` when there is no time. */
export function dateTime(iso: string | null | undefined): string {
  const utc = iso ? utcIso(iso) : undefined;
  return utc ? `${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC` : '—';
}

/** Whole days from now until the time; negative once it has passed. */
export function daysLeft(iso: string, now: Date): number {
  return Math.floor(((parseInstant(iso) ?? Number.NaN) - now.getTime()) / DAY_MS);
}

export type Tone = 'ok' | 'warn' | 'error' | 'muted';

export const TLS_WARNING_DAYS = 14;

/** The TLS expiry of a domain as the table and the details show it, and its tone. */
export function tlsExpiry(
  iso: string | null | undefined,
  now: Date,
  long = false,
): { text: string; tone?: Tone } {
  if (!iso)
    return { text: long ? 'no certificate yet (issued once verified)' : '—', tone: 'muted' };
  const days = daysLeft(iso, now);
  const date = long ? dateTime(iso) : shortDate(iso);
  if ((parseInstant(iso) ?? Number.NaN) <= now.getTime()) {
    return { text: `${date} expired`, tone: 'error' };
  }
  const left = long ? `· ${days} ${days === 1 ? 'day' : 'days'} left` : `${days}d`;
  return { text: `${date} ${left}`, tone: days < TLS_WARNING_DAYS ? 'warn' : undefined };
}

/** The one wording of a domain's state, in the table and the details alike. */
export function statusText(verified: boolean): { text: string; tone: Tone } {
  return verified ? { text: 'verified', tone: 'ok' } : { text: 'pending', tone: 'warn' };
}

/** Fits text into a width, ending with … when cut (for table cells that may be cut). */
export function clip(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width) return text;
  return width === 1 ? '…' : `${text.slice(0, width - 1)}…`;
}

/** Hard-wraps text into lines of at most `width` characters; nothing is ever dropped. */
export function wrapHard(text: string, width: number): string[] {
  if (width <= 0) return [text];
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += width) lines.push(text.slice(i, i + width));
  return lines.length ? lines : [''];
}

/**
 * Wraps a DNS name or value into lines of at most `width` characters, breaking after a `.`, `=`
 * or `-` in the second half of the line, else anywhere. Every character is kept, in order:
 * joined, the lines are the text.
 */
export function wrapName(text: string, width: number): string[] {
  if (width <= 0 || text.length <= width) return [text];
  const lines: string[] = [];
  let rest = text;
  while (rest.length > width) {
    const window = rest.slice(0, width);
    // A dot first (between labels), then = and -, each only if it leaves the line half full.
    const half = Math.floor(width / 2);
    const cut = ['.', '=', '-']
      .map((separator) => window.lastIndexOf(separator))
      .find((index) => index >= half);
    const at = cut === undefined ? width : cut + 1;
    lines.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  lines.push(rest);
  return lines;
}

/**
 * Wraps a sentence at spaces into lines of at most `width` characters; a word longer than a line
 * (a DNS name) is broken as wrapName breaks it. No line starts or ends with a space.
 */
export function wrapWords(text: string, width: number): string[] {
  if (width <= 0 || text.length <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length <= width) {
      line = `${line} ${word}`;
      continue;
    }
    if (line) lines.push(line);
    const pieces = wrapName(word, width);
    line = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  if (line) lines.push(line);
  return lines;
}
