import { paint, stripAnsi } from './style.js';

export interface Column {
  header: string;
  align?: 'left' | 'right';
}

export interface TableOptions {
  /** Headers in bold when true; cells may carry their own ANSI colours either way. */
  color?: boolean;
  /** Spaces between columns. */
  gap?: number;
}

/**
 * A plain-text table: columns as wide as their widest cell, never truncated (the values are
 * there to be copied), no trailing spaces. Widths ignore ANSI colours in cells.
 */
export function renderTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  options: TableOptions = {},
): string {
  const gap = ' '.repeat(options.gap ?? 2);
  const bold = paint(!!options.color).bold;
  const width = (text: string) => [...stripAnsi(text)].length;
  const widths = columns.map((column, i) =>
    Math.max(width(column.header), ...rows.map((row) => width(row[i] ?? ''))),
  );
  const line = (cells: readonly string[], style: (text: string) => string = (t) => t) =>
    columns
      .map((column, i) => {
        const cell = cells[i] ?? '';
        const pad = ' '.repeat((widths[i] ?? 0) - width(cell));
        if (column.align === 'right') return `${pad}${style(cell)}`;
        // The last column is not padded, so no line ends in spaces.
        return i === columns.length - 1 ? style(cell) : `${style(cell)}${pad}`;
      })
      .join(gap)
      .trimEnd();
  const header = line(
    columns.map((c) => c.header),
    bold,
  );
  return `${[header, ...rows.map((row) => line(row))].join('\n')}\n`;
}
