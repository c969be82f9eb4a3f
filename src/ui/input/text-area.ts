import stringWidth from 'string-width';
import { type LineEdit, lineEditReducer, type LineState } from './line-editor.js';

/**
 * The editing of a text of several lines (the raw screen's body): the one-line editor's edits
 * (line-editor.ts), with those that readline means for "the line" (Ctrl+A, Ctrl+E, Ctrl+U,
 * Ctrl+K) kept to the line the cursor is on, and ↑↓ moving between lines.
 */

/** Where the cursor's line starts and ends in the value. */
function lineBounds(value: string, cursor: number): { start: number; end: number } {
  const start = value.lastIndexOf('\n', cursor - 1) + 1;
  const newline = value.indexOf('\n', cursor);
  return { start, end: newline === -1 ? value.length : newline };
}

const LINE_EDITS = new Set<LineEdit['type']>([
  'beginning-of-line',
  'end-of-line',
  'unix-line-discard',
  'kill-line',
]);

export function areaEditReducer(state: LineState, edit: LineEdit): LineState {
  if (!LINE_EDITS.has(edit.type)) return lineEditReducer(state, edit);
  // The same edit on the cursor's line alone, put back in its place.
  const { start, end } = lineBounds(state.value, state.cursor);
  const line = lineEditReducer(
    { value: state.value.slice(start, end), cursor: state.cursor - start, killed: state.killed },
    edit,
  );
  return {
    value: state.value.slice(0, start) + line.value + state.value.slice(end),
    cursor: start + line.cursor,
    killed: line.killed,
  };
}

/**
 * The cursor one line up or down, at the same column or the line's end; undefined on the first
 * line going up or the last going down (the screen then moves the focus).
 */
export function verticalMove(value: string, cursor: number, step: -1 | 1): number | undefined {
  const { start, end } = lineBounds(value, cursor);
  const column = stringWidth(value.slice(start, cursor));
  if (step < 0 && start === 0) return undefined;
  if (step > 0 && end === value.length) return undefined;
  const target = step < 0 ? lineBounds(value, start - 1) : lineBounds(value, end + 1);
  // The column on the target line, walked in characters as they show.
  let at = target.start;
  let used = 0;
  for (const char of value.slice(target.start, target.end)) {
    const width = stringWidth(char);
    if (used + width > column) break;
    used += width;
    at += char.length;
  }
  return at;
}

/** One row of the area as drawn: its text, and where the cursor is in it, if there. */
export interface AreaRow {
  text: string;
  cursor?: number;
}

/**
 * The rows of the text at a width: each line hard-wrapped, the cursor placed in the row it is in
 * (at the end of a full row, on a row of its own).
 */
export function areaRows(value: string, cursor: number, width: number): AreaRow[] {
  const rows: AreaRow[] = [];
  let offset = 0;
  for (const line of value.split('\n')) {
    let row = '';
    let used = 0;
    const lineStart = offset;
    const push = (text: string, startAt: number) => {
      const end = startAt + text.length;
      const here = cursor >= startAt && cursor < end;
      rows.push(here ? { text, cursor: cursor - startAt } : { text });
    };
    let rowStart = lineStart;
    for (const char of line) {
      const w = stringWidth(char);
      if (used > 0 && used + w > width) {
        push(row, rowStart);
        rowStart += row.length;
        row = '';
        used = 0;
      }
      row += char;
      used += w;
    }
    // The cursor at the line's end: on this row, or on a row of its own when it is full.
    const atEnd = cursor === lineStart + line.length;
    if (atEnd && used >= width) {
      push(row, rowStart);
      rows.push({ text: '', cursor: 0 });
    } else if (atEnd) {
      rows.push({ text: row, cursor: row.length });
    } else {
      push(row, rowStart);
    }
    offset += line.length + 1;
  }
  return rows;
}
