/**
 * A list's selection: the selected item's id, and the row it was on. The id is what counts: a
 * refresh, a new item above it, a re-sort (recent projects first) or more rows loaded keep the
 * same item selected. The row is the fallback for when the item is gone: the nearest row is
 * selected instead, never a jump to the top.
 */
export interface Selection {
  id?: string;
  index: number;
}

/** Nothing chosen yet: the first row. */
export const FIRST_ROW: Selection = { index: 0 };

/** The row to show as selected in these rows (their ids, in order). */
export function selectedRow(ids: readonly string[], selection: Selection): number {
  if (ids.length === 0) return 0;
  if (selection.id !== undefined) {
    const found = ids.indexOf(selection.id);
    if (found >= 0) return found;
  }
  return Math.max(0, Math.min(ids.length - 1, selection.index));
}

/** The selection `step` rows down (up when negative) from the selected row, kept in the list. */
export function moveSelection(
  ids: readonly string[],
  selection: Selection,
  step: number,
): Selection {
  if (ids.length === 0) return selection;
  const index = Math.max(0, Math.min(ids.length - 1, selectedRow(ids, selection) + step));
  return { id: ids[index], index };
}
