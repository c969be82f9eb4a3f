import stringWidth from 'string-width';

/** A line of a wrapped field: the text from `start` to `end` (a space it broke at is left out). */
export interface FieldLine {
  start: number;
  end: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A field's value wrapped into lines of `width` columns, as positions in it, so the cursor's line
 * is known: lines break at a space (which no line shows), and a word wider than a line is broken
 * where it reaches the end. Each line leaves its last column free: the cursor after the text
 * (an inverted space) never makes a line wrap.
 */
export function fieldLines(value: string, width: number): FieldLine[] {
  const room = Math.max(2, width - 1);
  const lines: FieldLine[] = [];
  let start = 0;
  let used = 0;
  /** Where the line may break: after the last space seen on it. */
  let lastSpace = -1;
  let index = 0;
  for (const { segment } of segmenter.segment(value)) {
    const cell = segment === ' ' ? 1 : Math.max(1, stringWidth(segment));
    if (used + cell > room) {
      if (segment === ' ') {
        lines.push({ start, end: index });
        start = index + 1;
        used = 0;
        lastSpace = -1;
        index += segment.length;
        continue;
      }
      if (lastSpace > start) {
        lines.push({ start, end: lastSpace });
        start = lastSpace + 1;
      } else {
        lines.push({ start, end: index });
        start = index;
      }
      used = stringWidth(value.slice(start, index));
      lastSpace = -1;
    }
    if (segment === ' ') lastSpace = index;
    used += cell;
    index += segment.length;
  }
  lines.push({ start, end: value.length });
  return lines;
}

/** The line the cursor (a position in the value) is on. */
export function cursorLine(lines: readonly FieldLine[], cursor: number): number {
  const found = lines.findIndex((line, i) => cursor <= line.end || i === lines.length - 1);
  return Math.max(0, found);
}
