import { useState } from 'react';

/** Which rows a table of `height` lines shows, and whether it needs its "more" line. */
export interface TableWindow {
  /** The first row shown. */
  offset: number;
  /** How many rows are shown. */
  shown: number;
  /** Rows not shown, above and below. */
  above: number;
  below: number;
}

/**
 * The rows that fit `height` lines, scrolled so the selected one is in view. When not all fit,
 * the last line says what is above and below instead of holding a row. `top` is the first row
 * shown before: the view stays there while the selection is in it and moves no further than it
 * takes to show the selection, so `k` in a scrolled table moves the selection up the rows in
 * view, as in k9s or less, rather than the rows under it.
 */
export function tableWindow(selected: number, count: number, height: number, top = 0): TableWindow {
  const lines = Math.max(1, height);
  if (count <= lines) return { offset: 0, shown: count, above: 0, below: 0 };
  const shown = Math.max(1, lines - 1);
  const inView = Math.min(Math.max(top, selected - shown + 1), Math.max(0, selected));
  const offset = Math.min(Math.max(0, inView), count - shown);
  return { offset, shown, above: offset, below: count - offset - shown };
}

/**
 * The first row a table showed, kept from one render to the next (tableWindow's `top`). `keep`
 * is called during the render with the window it drew: React renders again at once when it
 * moved, before anything is drawn (its pattern for state from the render before).
 */
export function useTableTop(): { top: number; keep(offset: number): void } {
  const [top, setTop] = useState(0);
  return {
    top,
    keep(offset) {
      if (offset !== top) setTop(offset);
    },
  };
}
