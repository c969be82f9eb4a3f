import { Box, Text } from 'ink';
import { Fragment } from 'react';
import { groupedCount, type Tone } from '../../core/display.js';
import { visible } from '../../core/sanitize.js';
import { clip, displayWidth, padEnd } from './format.js';
import { tableWindow, useTableTop } from './table-window.js';
import { useTone } from '../app/theme.js';

export interface Column<Row> {
  id: string;
  header: string;
  /** The most columns it takes (a wider value is cut with …); without, the room left is the limit. */
  max?: number;
  /**
   * The column that gives way when the row does not fit: it is cut (down to `minFlex`) before
   * other columns are dropped. At most one per table.
   */
  flexible?: boolean;
  /** Narrow terminals drop columns with the lowest priority first; 0 is never dropped. */
  priority: number;
  /**
   * A text the column always has room for, though no row shows it now: one that a row takes for
   * a moment (a mark) then widens nothing, and no column moves while it shows.
   */
  room?: string;
  cell(row: Row): { text: string; tone?: Tone | 'accent' };
}

const GAP = 2;
const MARKER = 2;

/**
 * Each column as wide as its widest value or its header (up to its `max`), measured as the
 * terminal shows them (control characters as their escapes, wide characters as two). When a row
 * is wider than `width`, the flexible column is cut, down to `minFlex`, then the columns of lowest
 * priority go. What is left over stays empty: no column is padded to the terminal's edge.
 */
export function fitColumns<Row>(
  columns: Column<Row>[],
  rows: readonly Row[],
  width: number,
  minFlex: number,
): (Column<Row> & { width: number })[] {
  const natural = new Map(
    columns.map((c) => {
      const widest = Math.max(
        displayWidth(c.header),
        displayWidth(c.room ?? ''),
        ...rows.map((row) => displayWidth(visible(c.cell(row).text))),
      );
      return [c, Math.min(c.max ?? Number.POSITIVE_INFINITY, widest)];
    }),
  );
  const widthOf = (c: Column<Row>) => natural.get(c) ?? 0;
  let kept = [...columns];
  for (;;) {
    const flex = kept.find((c) => c.flexible);
    const others = kept.filter((c) => c !== flex).reduce((sum, c) => sum + widthOf(c), 0);
    const room = width - MARKER - GAP * (kept.length - 1) - others;
    const fits = flex ? room >= Math.min(minFlex, widthOf(flex)) : room >= 0;
    const droppable = kept.filter((c) => c.priority > 0);
    if (fits || droppable.length === 0) {
      return kept.map((c) => ({
        ...c,
        width: c === flex ? Math.max(1, Math.min(widthOf(c), room)) : widthOf(c),
      }));
    }
    const lowest = droppable.reduce((a, b) => (b.priority > a.priority ? b : a));
    kept = kept.filter((c) => c !== lowest);
  }
}

/** A row as plain text in fitted columns (a pick list's item): cut with …, padded, no colours. */
export function plainRow<Row>(fitted: (Column<Row> & { width: number })[], row: Row): string {
  return fitted
    .map((c, i) => {
      const clipped = clip(visible(c.cell(row).text), c.width);
      return i === fitted.length - 1 ? clipped : padEnd(clipped, c.width) + ' '.repeat(GAP);
    })
    .join('');
}

/** The header line of `plainRow`'s rows. */
export function plainHeader<Row>(fitted: (Column<Row> & { width: number })[]): string {
  return plainRow(
    fitted.map((c) => ({ ...c, cell: () => ({ text: c.header }) })),
    undefined,
  );
}

/**
 * A one-line-per-row table with a selection marker. Cells are cut with … to keep every row on
 * one line; screens show the full values elsewhere. Cells hold what the API said: their control
 * characters are shown as `\u001b`, never sent to the terminal.
 */
export function Table<Row>({
  columns,
  rows,
  selected,
  width,
  minFlex = 16,
  height,
  top,
  rowKey,
}: {
  columns: Column<Row>[];
  rows: Row[];
  selected: number;
  width: number;
  minFlex?: number;
  /**
   * Lines for the rows (the header is extra); when fewer than the rows, it scrolls with the
   * selection and its last line says how many rows are above and below.
   */
  height: number;
  /** The first row shown, where the screen keeps it (useTableTop); else the table keeps it. */
  top?: number;
  rowKey(row: Row): string;
}) {
  const tone = useTone();
  const fitted = fitColumns(columns, rows, width, minFlex);
  // The screen that draws the table may keep its first row itself (`top`) to count what it shows.
  const kept = useTableTop();
  const window = tableWindow(selected, rows.length, height, top ?? kept.top);
  if (top === undefined) kept.keep(window.offset);
  const { offset } = window;
  const shown = rows.slice(offset, offset + window.shown);
  /**
   * A row's marker and cells as runs of one colour each, so only a coloured run needs a nested
   * Text: a row without colours (NO_COLOR, the header) is one string, a row with one coloured cell
   * three runs. Every nested Text is a React element, an Ink node and a colour transform of its
   * own, which a first frame paid for once per cell. The output is the same.
   */
  const runs = (
    marker: string,
    cells: { text: string; tone?: Tone | 'accent' }[],
    colorOf: (cell: { tone?: Tone | 'accent' }) => string | undefined,
  ) => {
    const out: { text: string; color: string | undefined }[] = [{ text: marker, color: undefined }];
    cells.forEach((cell, i) => {
      const columnWidth = fitted[i]?.width ?? 0;
      const clipped = clip(visible(cell.text), columnWidth);
      // The last column is not padded: the row ends where its text does.
      const text =
        i === cells.length - 1 ? clipped : padEnd(clipped, columnWidth) + ' '.repeat(GAP);
      const color = colorOf(cell);
      const last = out.at(-1);
      if (last && last.color === color) last.text += text;
      else out.push({ text, color });
    });
    return out;
  };
  const line = (
    cells: { text: string; tone?: Tone | 'accent' }[],
    isSelected: boolean,
    isHeader: boolean,
  ) => (
    <Text
      bold={isHeader || isSelected}
      dimColor={isHeader}
      inverse={isSelected}
      wrap="truncate-end"
    >
      {runs(
        isSelected ? '› ' : '  ',
        cells,
        isHeader ? () => undefined : (cell) => tone(cell.tone),
      ).map((run, i) =>
        run.color ? (
          <Text key={i} color={run.color}>
            {run.text}
          </Text>
        ) : (
          run.text
        ),
      )}
    </Text>
  );
  return (
    <Box flexDirection="column">
      {line(
        fitted.map((c) => ({ text: c.header })),
        false,
        true,
      )}
      {shown.map((row, i) => (
        <Fragment key={rowKey(row)}>
          {line(
            fitted.map((c) => c.cell(row)),
            offset + i === selected,
            false,
          )}
        </Fragment>
      ))}
      {window.above + window.below > 0 ? (
        <Text dimColor wrap="truncate-end">
          {'  '}
          {[
            window.below > 0 ? `↓ ${groupedCount(window.below)} more below` : '',
            window.above > 0 ? `↑ ${groupedCount(window.above)} more above` : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ) : null}
    </Box>
  );
}
