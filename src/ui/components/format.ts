import { type Tone, utcDay, utcMinute } from '../../core/display.js';
import stringWidth from 'string-width';
import { tlsExpiry } from '../../core/tls.js';

/**
 * A domain's TLS expiry as the UI's table (`2027-02-19 89d`) and details (`2027-02-19 15:20 UTC ·
 * 89 days left`) word it; when it warns, and the missing value, are core's (core/tls.ts).
 */
export function tlsCell(
  iso: string | null | undefined,
  now: Date,
  long = false,
): { text: string; tone?: Tone } {
  const tls = tlsExpiry(iso, now);
  const date = long ? utcMinute(iso) : utcDay(iso);
  switch (tls.state) {
    case 'none':
      return { text: long ? 'no certificate yet (issued once verified)' : date, tone: tls.tone };
    case 'expired':
      return { text: `${date} expired`, tone: tls.tone };
    case 'valid': {
      const days = tls.daysLeft;
      const left = long ? `· ${days} ${days === 1 ? 'day' : 'days'} left` : `${days}d`;
      return { text: `${date} ${left}`, tone: tls.tone };
    }
  }
}

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The characters a person sees, each with the columns it takes on a terminal. */
function cells(text: string): { text: string; width: number }[] {
  return Array.from(graphemeSegmenter.segment(text), ({ segment }) => ({
    text: segment,
    width: stringWidth(segment),
  }));
}

/**
 * The columns text takes on a terminal, as Ink counts them (string-width): a CJK character or
 * most emoji take two, a combining accent none.
 */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

/** Text padded with spaces to `width` columns (never cut). */
export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

/** How many of these characters fit in `width` columns, at least one (a line always moves on). */
function fitting(chars: { width: number }[], width: number): number {
  let used = 0;
  let count = 0;
  for (const char of chars) {
    if (count > 0 && used + char.width > width) break;
    used += char.width;
    count++;
  }
  return count;
}

const joined = (chars: { text: string }[]) => chars.map((c) => c.text).join('');

/** Fits text into a width, ending with … when cut (for table cells that may be cut). */
export function clip(text: string, width: number): string {
  if (width <= 0) return '';
  if (stringWidth(text) <= width) return text;
  if (width === 1) return '…';
  const chars = cells(text);
  return `${joined(chars.slice(0, fitting(chars, width - 1)))}…`;
}

/** Hard-wraps text into lines of at most `width` columns; nothing is ever dropped. */
export function wrapHard(text: string, width: number): string[] {
  if (width <= 0) return [text];
  const lines: string[] = [];
  let rest = cells(text);
  while (rest.length > 0) {
    const count = fitting(rest, width);
    lines.push(joined(rest.slice(0, count)));
    rest = rest.slice(count);
  }
  return lines.length ? lines : [''];
}

/**
 * Wraps a DNS name or value into lines of at most `width` columns, breaking after a `.`, `=` or
 * `-` in the second half of the line, else anywhere. Every character is kept, in order: joined,
 * the lines are the text.
 */
export function wrapName(text: string, width: number): string[] {
  if (width <= 0 || stringWidth(text) <= width) return [text];
  const lines: string[] = [];
  let rest = cells(text);
  while (rest.reduce((sum, c) => sum + c.width, 0) > width) {
    const count = fitting(rest, width);
    // A dot first (between labels), then = and -, each only if it leaves the line half full.
    const half = Math.floor(count / 2);
    const window = rest.slice(0, count).map((c) => c.text);
    const cut = ['.', '=', '-']
      .map((separator) => window.lastIndexOf(separator))
      .find((index) => index >= half);
    const at = cut === undefined ? count : cut + 1;
    lines.push(joined(rest.slice(0, at)));
    rest = rest.slice(at);
  }
  lines.push(joined(rest));
  return lines;
}

/**
 * Wraps a sentence at spaces into lines of at most `width` columns; a word longer than a line
 * (a DNS name) is broken as wrapName breaks it. No line starts or ends with a space.
 */
export function wrapWords(text: string, width: number): string[] {
  if (width <= 0 || stringWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  // The line's width so far, kept as words are added: measuring the line again for each word
  // made a status line's wrap quadratic (~4 ms of a first frame, string-width's slow path for
  // every character of a line holding one `·`).
  let used = 0;
  // At white space but a no-break space (a key's hint kept whole: "(w pauses)").
  for (const word of text.split(/[^\S\u00a0]+/).filter(Boolean)) {
    const wordWidth = stringWidth(word);
    if (line && used + 1 + wordWidth <= width) {
      line = `${line} ${word}`;
      used += 1 + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    const pieces = wrapName(word, width);
    line = pieces.pop() ?? '';
    used = pieces.length === 0 ? wordWidth : stringWidth(line);
    lines.push(...pieces);
  }
  if (line) lines.push(line);
  return lines;
}
