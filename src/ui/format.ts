import { type Tone, utcDay, utcMinute } from '../core/display.js';
import { tlsExpiry } from '../core/tls.js';

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
