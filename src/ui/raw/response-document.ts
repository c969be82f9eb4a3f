import { escapeJsonControls, visible } from '../../core/sanitize.js';

/**
 * An answer as the raw screen's viewer holds it: its lines, built once per answer, and where each
 * object and array starts and ends, so folding, searching and scrolling never go over the text
 * again. A 5 MB answer is some 200,000 lines; only the ones on screen are ever drawn.
 */
export interface ResponseDocument {
  /** The lines as shown: JSON indented by two, every control character escaped. */
  lines: string[];
  /** Whether the lines are JSON (coloured by token) or text from the server. */
  json: boolean;
  /** For a line that opens an object or array (`"a": {`), the line that closes it; else -1. */
  closeOf: Int32Array;
  /**
   * The line that opens the innermost object or array around a line (for a closing line, its
   * own opener); -1 at the top level.
   */
  parentOf: Int32Array;
}

// An opening line ends with `{` or `[`; a closing line is a `}` or `]` (and its comma) alone.
const OPENS = /[{[]$/;
const CLOSES = /^\s*[}\]],?$/;

/** Indentation in columns: a closing line lines up with the line that opened it. */
function indentOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  return i;
}

/**
 * The structure of indented JSON lines, as JSON.stringify(value, null, 2) and jq print them: a
 * closing line is matched to the last open line of the same indentation and kind of bracket.
 * Lines of other text never match, so a raw string that ends in `{` opens nothing that closes.
 */
function structure(lines: string[]) {
  const closeOf = new Int32Array(lines.length).fill(-1);
  const parentOf = new Int32Array(lines.length).fill(-1);
  const open: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    parentOf[i] = open.at(-1) ?? -1;
    if (CLOSES.test(line)) {
      const top = open.at(-1);
      const opener = top === undefined ? undefined : (lines[top] ?? '');
      const bracket = line.trimStart()[0] === '}' ? '{' : '[';
      if (top !== undefined && opener?.endsWith(bracket) && indentOf(opener) === indentOf(line)) {
        // A closing line belongs to its own object: folding it folds that one, and a search
        // that lands on it unfolds that one.
        closeOf[top] = i;
        open.pop();
      }
    } else if (OPENS.test(line)) {
      open.push(i);
    }
  }
  return { closeOf, parentOf };
}

/** Lines of JSON text made safe to show: C0 are escaped by JSON itself, DEL and C1 here. */
function jsonLines(text: string): string[] {
  return escapeJsonControls(text).split('\n');
}

/** The document of an answer: its parsed JSON formatted, or its text line by line. */
export function documentOf(response: { text: string; json?: unknown }): ResponseDocument {
  if (response.json !== undefined) {
    const lines = jsonLines(JSON.stringify(response.json, null, 2));
    return { lines, json: true, ...structure(lines) };
  }
  if (response.text === '') {
    return { lines: ['(empty body)'], json: false, ...structure([]) };
  }
  return textDocument(response.text);
}

/** Text from the server, one line a line: every control character shown as its escape. */
export function textDocument(text: string): ResponseDocument {
  const lines = text.split(/\r?\n/).map(visible);
  return { lines, json: false, ...structure(lines) };
}

/**
 * What jq printed (`--jq` over the answer): indented JSON values, or raw strings as `jq -r`
 * prints them. Coloured where a line reads as JSON; every control character escaped.
 */
export function jqDocument(output: string): ResponseDocument {
  const lines = output
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => visible(line));
  return { lines, json: true, ...structure(lines) };
}

/** The lines on show when these are folded: a folded line stands for itself to its closer. */
export function visibleLines(doc: ResponseDocument, folded: ReadonlySet<number>): Int32Array {
  if (folded.size === 0) {
    const all = new Int32Array(doc.lines.length);
    for (let i = 0; i < all.length; i++) all[i] = i;
    return all;
  }
  const shown: number[] = [];
  for (let i = 0; i < doc.lines.length; i++) {
    shown.push(i);
    const close = doc.closeOf[i] ?? -1;
    if (close > i && folded.has(i)) i = close;
  }
  return Int32Array.from(shown);
}

/** Where a line is among those shown: its own place, or that of the folded line hiding it. */
export function positionOf(shown: Int32Array, line: number): number {
  let low = 0;
  let high = shown.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((shown[mid] ?? 0) <= line) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The folds around a line (each object or array it is inside): unfolded to show it. */
export function foldsAround(doc: ResponseDocument, line: number): number[] {
  const around: number[] = [];
  for (let p = doc.parentOf[line] ?? -1; p >= 0; p = doc.parentOf[p] ?? -1) around.push(p);
  return around;
}

/** The object or array a key on this line folds: the one it opens, else the one it is in. */
export function foldTarget(doc: ResponseDocument, line: number): number | undefined {
  if ((doc.closeOf[line] ?? -1) > line) return line;
  const parent = doc.parentOf[line] ?? -1;
  return parent >= 0 ? parent : undefined;
}

/**
 * The lines holding the text, in order. Smart case, as in less and vim: a search in lower case
 * ignores case, one with a capital letter does not.
 */
export function findMatches(doc: ResponseDocument, query: string): number[] {
  if (query === '') return [];
  const exact = query !== query.toLowerCase();
  const needle = exact ? query : query.toLowerCase();
  const found: number[] = [];
  doc.lines.forEach((line, i) => {
    if ((exact ? line : line.toLowerCase()).includes(needle)) found.push(i);
  });
  return found;
}

/** Where the query is in one line, as [start, end) pairs (the same smart case). */
export function matchRanges(line: string, query: string): [number, number][] {
  if (query === '') return [];
  const exact = query !== query.toLowerCase();
  const hay = exact ? line : line.toLowerCase();
  const needle = exact ? query : query.toLowerCase();
  const ranges: [number, number][] = [];
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
    ranges.push([at, at + needle.length]);
  }
  return ranges;
}
