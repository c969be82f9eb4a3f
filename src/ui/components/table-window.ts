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
 * the last line says what is above and below instead of holding a row.
 */
export function tableWindow(selected: number, count: number, height: number): TableWindow {
  const lines = Math.max(1, height);
  if (count <= lines) return { offset: 0, shown: count, above: 0, below: 0 };
  const shown = Math.max(1, lines - 1);
  const offset = Math.min(Math.max(0, selected - shown + 1), count - shown);
  return { offset, shown, above: offset, below: count - offset - shown };
}
