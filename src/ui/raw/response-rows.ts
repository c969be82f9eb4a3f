import stringWidth from 'string-width';
import { type JsonTokenKind, lineTokens } from '../../core/json-tokens.js';
import { matchRanges, type ResponseDocument } from './response-document.js';

/** A piece of a row with one look: its token's colour, a search match, a fold's summary. */
export interface Segment {
  text: string;
  kind: JsonTokenKind | 'fold';
  match?: boolean;
}

export type Row = Segment[];

/**
 * Characters of one line drawn at most: a longer line (a megabyte of base64 in one string) is
 * cut with its length said, so drawing it never costs more than a screenful. Search and jq still
 * see all of it.
 */
export const MAX_LINE_CHARS = 8000;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The characters of a text, each with its columns (one each for plain ASCII, the common case). */
function cellsOf(text: string): { text: string; width: number }[] {
  if (PRINTABLE_ASCII.test(text)) return Array.from(text, (c) => ({ text: c, width: 1 }));
  return Array.from(segmenter.segment(text), ({ segment }) => ({
    text: segment,
    width: stringWidth(segment),
  }));
}

/** Columns a text takes: its length for plain ASCII, the common case. */
const widthOf = (text: string) =>
  PRINTABLE_ASCII.test(text) ? text.length : cellsOf(text).reduce((sum, c) => sum + c.width, 0);

/**
 * Punctuation that belongs to the token before it (`"id": ` and `"x",`): a row never starts with
 * it, so a key keeps its colon and a value its comma.
 */
const TRAILING = /^[:,]/;

/**
 * The units of a line before wrapping: each a token (with the punctuation it carries), cut into
 * segments at the matches of the search. Rows break between units, never inside one that fits.
 */
function unitsOf(
  doc: ResponseDocument,
  line: number,
  folded: boolean,
  query: string | undefined,
): Segment[][] {
  const full = doc.lines[line] ?? '';
  const tokens = doc.json ? lineTokens(full) : [{ kind: 'punctuation' as const, text: full }];
  const cut = full.length > MAX_LINE_CHARS;
  const limit = cut ? MAX_LINE_CHARS : full.length;
  const ranges = query ? matchRanges(full.slice(0, limit), query) : [];
  const units: Segment[][] = [];
  let at = 0;
  for (const token of tokens) {
    const end = Math.min(at + token.text.length, limit);
    // Split the token where a match starts or ends inside it.
    const marks = [at, end];
    for (const [from, to] of ranges) {
      if (from > at && from < end) marks.push(from);
      if (to > at && to < end) marks.push(to);
    }
    marks.sort((a, b) => a - b);
    const last = units.at(-1);
    const unit = last && token.kind === 'punctuation' && TRAILING.test(token.text) ? last : [];
    if (unit !== last) units.push(unit);
    for (let i = 0; i + 1 < marks.length; i++) {
      const from = marks[i] ?? 0;
      const to = marks[i + 1] ?? 0;
      if (to <= from) continue;
      const match = ranges.some(([s, e]) => s <= from && to <= e);
      unit.push({ kind: token.kind, text: full.slice(from, to), ...(match ? { match } : {}) });
    }
    at += token.text.length;
    if (at >= limit) break;
  }
  if (cut) {
    units.push([{ kind: 'fold', text: ` … (${full.length - limit} more characters)` }]);
  }
  if (folded) {
    const close = doc.closeOf[line] ?? -1;
    const closer = (doc.lines[close] ?? '').trim();
    units.push(
      [
        { kind: 'punctuation', text: ' … ' },
        { kind: 'punctuation', text: closer },
      ],
      [{ kind: 'fold', text: `  ${close - line - 1} lines folded` }],
    );
  }
  return units;
}

/**
 * Wraps units into rows of at most `width` columns: a unit that does not fit what is left of a
 * row starts the next one, so keys, punctuation and short values are never split; only a unit
 * wider than a whole row (a long string) is broken, from where the row has got to. A row always
 * takes a character. Rows after the first start `hang` columns in (see hangOf).
 */
function wrap(units: Segment[][], width: number, hang: number): Row[] {
  const rows: Row[] = [];
  let row: Row = [];
  let used = 0;
  const nextRow = () => {
    rows.push(row);
    row = hang > 0 ? [{ kind: 'punctuation', text: ' '.repeat(hang) }] : [];
    used = hang;
  };
  for (const unit of units) {
    const unitWidth = unit.reduce((sum, segment) => sum + widthOf(segment.text), 0);
    const blank = row.every((segment) => segment.text.trim() === '');
    if (used > 0 && used + unitWidth > width && unitWidth <= width - (blank ? 0 : hang)) {
      // A row of nothing but indentation would be a blank row: the indentation gives way.
      if (blank) {
        row = [];
        used = 0;
      } else nextRow();
    }
    for (const segment of unit) {
      let text = '';
      for (const cell of cellsOf(segment.text)) {
        if (used > 0 && used + cell.width > width) {
          if (text) row.push({ ...segment, text });
          nextRow();
          text = '';
        }
        text += cell.text;
        used += cell.width;
      }
      if (text) row.push({ ...segment, text });
    }
  }
  rows.push(row);
  return rows;
}

/** The rows one line of the document takes at this width, with its colours and matches. */
export function lineRows(
  doc: ResponseDocument,
  line: number,
  options: { width: number; folded: boolean; query?: string },
): Row[] {
  const width = Math.max(1, options.width);
  return wrap(unitsOf(doc, line, options.folded, options.query), width, hangOf(doc, line, width));
}

/**
 * Where the rows after a JSON line's first start: two columns past its indentation, so that a
 * long string's rest reads as the value it is, not as the next key at the same depth (as an
 * editor's wrapping indent does). None where that would leave less than half the row, nor for
 * a document that is not JSON.
 */
function hangOf(doc: ResponseDocument, line: number, width: number): number {
  if (!doc.json) return 0;
  const text = doc.lines[line] ?? '';
  const hang = text.length - text.trimStart().length + 2;
  return hang * 2 <= width ? hang : 0;
}

/** How many rows each line takes, remembered (the viewer asks for the same lines again). */
export function rowCounter(
  doc: ResponseDocument,
  folded: ReadonlySet<number>,
  width: number,
): (line: number) => number {
  const known = new Map<number, number>();
  return (line) => {
    let rows = known.get(line);
    if (rows === undefined) {
      const text = doc.lines[line] ?? '';
      // Plain ASCII that fits: one row, without laying it out.
      rows =
        !folded.has(line) && text.length <= width && PRINTABLE_ASCII.test(text)
          ? 1
          : lineRows(doc, line, { width, folded: folded.has(line) }).length;
      known.set(line, rows);
    }
    return rows;
  };
}
