import { displayWidth, wrapWords } from '../components/format.js';
import type { ActionId } from './keymap.js';

// The `?` help's layout, apart from Ink: which keys it lists, in one column or two, the lines of
// each key's help, and which of them are in view when it scrolls. Every help is wrapped here to
// the room it has and never cut, so the rows counted are the rows drawn (Ink's own wrapping could
// make a help one line longer than planned and push the last keys off the screen).

export interface HelpItem {
  id: ActionId;
  keys: string;
  help: string;
  /** The key does nothing now: dim and marked "(not now)". */
  off: boolean;
}

export interface HelpEntry {
  item: HelpItem;
  /** The help's lines, each within the column's room; all of it, never cut. */
  lines: string[];
}

export interface HelpColumn {
  keysWidth: number;
  /** The column's width, its gap to the next included. */
  width: number;
  entries: HelpEntry[];
}

export interface HelpLayout {
  columns: HelpColumn[];
  /**
   * Even two columns are taller than the rows: one column of every help whole, shown a window at
   * a time (helpWindow) with a line that says where it is.
   */
  scrolls: boolean;
}

export const NOT_NOW = ' (not now)';
/** Columns between the two columns of keys. */
const COLUMN_GAP = 2;
/** Columns between a key and its help. */
const KEYS_GAP = 2;

/** A help's lines in `room` columns, wrapped between words, its mark at the end. */
export function helpLines(item: HelpItem, room: number): string[] {
  return wrapWords(item.help + (item.off ? NOT_NOW : ''), Math.max(1, room));
}

const keysWidthOf = (items: HelpItem[]) =>
  Math.max(0, ...items.map((item) => displayWidth(item.keys))) + KEYS_GAP;

function column(items: HelpItem[], width: number, gap: number): HelpColumn {
  const keysWidth = keysWidthOf(items);
  const entries = items.map((item) => ({ item, lines: helpLines(item, width - gap - keysWidth) }));
  return { keysWidth, width, entries };
}

const heightOf = (entries: readonly HelpEntry[]) =>
  entries.reduce((sum, entry) => sum + entry.lines.length, 0);

/**
 * The help's layout in `rows` lines of `width` columns: one column when every help fits whole in
 * it; else two, split where the columns end nearest the same row; else, rather than cut a help or
 * leave a key out, one column that scrolls, the keys that work now first.
 */
export function helpLayout(items: HelpItem[], rows: number, width: number): HelpLayout {
  const one = column(items, width, 0);
  if (heightOf(one.entries) <= rows) return { columns: [one], scrolls: false };

  const leftWidth = Math.floor(width / 2);
  let best: { columns: HelpColumn[]; evenness: number } | undefined;
  for (let split = 1; split < items.length; split++) {
    const columns = [
      column(items.slice(0, split), leftWidth, COLUMN_GAP),
      column(items.slice(split), width - leftWidth, 0),
    ];
    const heights = columns.map((c) => heightOf(c.entries));
    if (Math.max(...heights) > rows) continue;
    const evenness = -Math.abs((heights[0] ?? 0) - (heights[1] ?? 0));
    if (!best || evenness > best.evenness) best = { columns, evenness };
  }
  if (best) return { columns: best.columns, scrolls: false };
  // Scrolling, the keys that work now come first, each group in the key-map's order: the first
  // page is what can be done here, not another field's meaning of Enter.
  const working = [...items.filter((item) => !item.off), ...items.filter((item) => item.off)];
  return { columns: [column(working, width, 0)], scrolls: true };
}

/** How many entries from `first` on fit whole in `rows` lines (at least one). */
function fittingFrom(entries: readonly HelpEntry[], first: number, rows: number): number {
  let used = 0;
  let count = 0;
  for (const entry of entries.slice(first)) {
    if (count > 0 && used + entry.lines.length > rows) break;
    used += entry.lines.length;
    count++;
  }
  return Math.max(1, count);
}

/** The first entry from which the rest fit: no further down is there anything left to see. */
export function lastTop(entries: readonly HelpEntry[], rows: number): number {
  let used = 0;
  let first = entries.length;
  while (first > 0 && used + (entries[first - 1]?.lines.length ?? 0) <= rows) {
    used += entries[first - 1]?.lines.length ?? 0;
    first--;
  }
  return Math.min(first, Math.max(0, entries.length - 1));
}

/**
 * The entries in view of a scrolling help from entry `top`, in `rows` lines: whole entries only,
 * so a key is never shown without the start of its help, nor a help without its key.
 */
export function helpWindow(
  entries: readonly HelpEntry[],
  top: number,
  rows: number,
): { first: number; count: number } {
  const first = Math.max(0, Math.min(top, lastTop(entries, rows)));
  return { first, count: fittingFrom(entries, first, rows) };
}

/** Where a scrolling help's top goes for a line (±1 entry) or a page (±`rows` lines) of scroll. */
export function scrolledTop(
  entries: readonly HelpEntry[],
  top: number,
  rows: number,
  step: { by: 'line' | 'page'; direction: 1 | -1 },
): number {
  const { first, count } = helpWindow(entries, top, rows);
  let next = first + step.direction;
  if (step.by === 'page' && step.direction > 0) next = first + count;
  if (step.by === 'page' && step.direction < 0) {
    // Back by as many entries as fit whole above the top.
    let used = 0;
    next = first;
    while (next > 0 && used + (entries[next - 1]?.lines.length ?? 0) <= rows) {
      used += entries[next - 1]?.lines.length ?? 0;
      next--;
    }
    if (next === first) next = first - 1;
  }
  return Math.max(0, Math.min(next, lastTop(entries, rows)));
}
