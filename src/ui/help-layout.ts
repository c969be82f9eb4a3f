import { clip, displayWidth, wrapWords } from './format.js';
import type { ActionId } from './keymap.js';

// The `?` help's layout, apart from Ink: which keys it lists, in one column or two, and the lines
// of each key's help. Every line is cut here to the room it has, so the rows counted are the rows
// drawn (Ink's own wrapping could make a help one line longer than planned and push the last keys
// off the screen).

export interface HelpItem {
  id: ActionId;
  keys: string;
  help: string;
  /** The key does nothing now: dim, marked "(not now)", and the first to give way. */
  off: boolean;
  /** One of the screen's main keys (its footer's): its help is the first made whole. */
  main?: boolean;
}

export interface HelpEntry {
  item: HelpItem;
  /** The help's lines, each within the column's room; the last ends with … when cut. */
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
  /** Keys that do nothing now and had no row: a line counts them. */
  left: number;
}

export const NOT_NOW = ' (not now)';
/** Columns between the two columns of keys. */
const COLUMN_GAP = 2;
/** Columns between a key and its help. */
const KEYS_GAP = 2;

/** A help's lines in `room` columns, at most `most` of them: cut before its mark when it must be. */
export function helpLines(item: HelpItem, room: number, most = Infinity): string[] {
  const mark = item.off ? NOT_NOW : '';
  room = Math.max(1, room);
  const whole = wrapWords(item.help + mark, room);
  if (whole.length <= most) return whole;
  const bare = wrapWords(item.help, room);
  const head = bare.slice(0, most - 1);
  const rest = bare.slice(most - 1).join(' ');
  const last = clip(rest, room - displayWidth(mark)) + mark;
  return [...head, last.trimStart()];
}

interface Allotted {
  entries: HelpEntry[];
  /** How many helps are whole: of the main keys that work now, of every key that does, of all. */
  wholeMain: number;
  wholeOn: number;
  whole: number;
}

/**
 * One column's helps in `rows` lines: each key gets a line, and the lines left over make helps
 * whole: the main keys that work now first, then the others that work, then those that do not,
 * each in the key-map's order, so a long help late in the list cannot take the room of the ones
 * a newcomer looks for. What is still left lengthens the cut helps, in the same order.
 */
function allot(items: HelpItem[], rows: number, room: number): Allotted {
  const needed = items.map((item) => helpLines(item, room).length);
  const given = items.map(() => 1);
  let spare = rows - items.length;
  const rank = (item: HelpItem | undefined) => (item?.off ? 2 : item?.main ? 0 : 1);
  const order = [...items.keys()].sort((a, b) => rank(items[a]) - rank(items[b]) || a - b);
  for (const i of order) {
    const extra = (needed[i] ?? 1) - 1;
    if (extra > 0 && extra <= spare) {
      given[i] = 1 + extra;
      spare -= extra;
    }
  }
  for (const i of order) {
    const more = Math.min(spare, (needed[i] ?? 1) - (given[i] ?? 1));
    if (more > 0) {
      given[i] = (given[i] ?? 1) + more;
      spare -= more;
    }
  }
  const entries = items.map((item, i) => ({ item, lines: helpLines(item, room, given[i]) }));
  const isWhole = (i: number) => (given[i] ?? 1) >= (needed[i] ?? 1);
  return {
    entries,
    wholeMain: items.filter((item, i) => item.main && !item.off && isWhole(i)).length,
    wholeOn: items.filter((item, i) => !item.off && isWhole(i)).length,
    whole: items.filter((_, i) => isWhole(i)).length,
  };
}

const keysWidthOf = (items: HelpItem[]) =>
  Math.max(0, ...items.map((item) => displayWidth(item.keys))) + KEYS_GAP;

/** Better: more whole helps of main keys that work, then of keys that work, then of all. */
const better = (a: Allotted, b: Allotted) =>
  a.wholeMain !== b.wholeMain
    ? a.wholeMain > b.wholeMain
    : a.wholeOn !== b.wholeOn
      ? a.wholeOn > b.wholeOn
      : a.whole > b.whole;

/**
 * When the keys cannot have a line each even in two columns, keys that do nothing now give way
 * from the end (and a line counts them), so those that work are never cut off the screen.
 */
function fitting(items: HelpItem[], rows: number): { kept: HelpItem[]; left: number } {
  if (items.length <= rows * 2) return { kept: items, left: 0 };
  const excess = items.length - (rows - 1) * 2;
  const out = new Set<HelpItem>();
  for (let i = items.length - 1; i >= 0 && out.size < excess; i--) {
    const item = items[i];
    if (item?.off) out.add(item);
  }
  return { kept: items.filter((item) => !out.has(item)), left: out.size };
}

/**
 * The help's layout in `rows` lines of `width` columns. One column when every help is whole in
 * it; else two, split where the most helps are whole; helps are cut only when the rows cannot
 * hold them whole, and keys dropped only when they cannot have a line each.
 */
export function helpLayout(items: HelpItem[], rows: number, width: number): HelpLayout {
  const single = (): { allotted: Allotted; layout: HelpLayout } => {
    const keysWidth = keysWidthOf(items);
    const allotted = allot(items, rows, width - keysWidth);
    return {
      allotted,
      layout: { columns: [{ keysWidth, width, entries: allotted.entries }], left: 0 },
    };
  };
  const one = items.length <= rows ? single() : undefined;
  if (one && one.allotted.whole === items.length) return one.layout;

  const { kept, left } = fitting(items, rows);
  const lines = left ? rows - 1 : rows;
  const leftWidth = Math.floor(width / 2);
  let best: { allotted: Allotted; evenness: number; layout: HelpLayout } | undefined;
  for (
    let split = Math.max(0, kept.length - lines);
    split <= Math.min(kept.length, lines);
    split++
  ) {
    const parts = [kept.slice(0, split), kept.slice(split)];
    const widths = [leftWidth, width - leftWidth];
    const columns = parts.map((part, i) => {
      const keysWidth = keysWidthOf(part);
      const columnWidth = widths[i] ?? 0;
      const gap = i === 0 ? COLUMN_GAP : 0;
      return {
        keysWidth,
        width: columnWidth,
        allotted: allot(part, lines, columnWidth - gap - keysWidth),
      };
    });
    const allotted: Allotted = {
      entries: columns.flatMap((c) => c.allotted.entries),
      wholeMain: columns.reduce((sum, c) => sum + c.allotted.wholeMain, 0),
      wholeOn: columns.reduce((sum, c) => sum + c.allotted.wholeOn, 0),
      whole: columns.reduce((sum, c) => sum + c.allotted.whole, 0),
    };
    // Equal otherwise, the more even split: the columns end near the same row.
    const evenness = -Math.abs(2 * split - kept.length);
    if (
      !best ||
      better(allotted, best.allotted) ||
      (!better(best.allotted, allotted) && evenness > best.evenness)
    ) {
      best = {
        allotted,
        evenness,
        layout: {
          columns: columns.map((c) => ({
            keysWidth: c.keysWidth,
            width: c.width,
            entries: c.allotted.entries,
          })),
          left,
        },
      };
    }
  }
  if (!best || (one && !better(best.allotted, one.allotted))) return (one ?? single()).layout;
  return best.layout;
}
