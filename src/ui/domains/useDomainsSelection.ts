import { type Dispatch, useState } from 'react';
import type { DomainsViewAction } from './domains-view.js';
import { FIRST_ROW, moveSelection, type Selection, selectedRow } from '../components/selection.js';

/** Where g / Home, G / End and PgUp / PgDn take the selection. */
export type TableJump = 'first' | 'last' | 'pageUp' | 'pageDown';

export interface DomainsSelectionOptions {
  /** Every domain loaded (filtered, sorted) rather than the API's pages. */
  all: boolean;
  /** The rows' ids as shown, in order. */
  ids: readonly string[];
  /** The filtered, sorted list's selection (the screen's view state), and its dispatch. */
  viewSelected: Selection;
  dispatch: Dispatch<DomainsViewAction>;
  /** The API's pages: the one whose rows are shown, and whether a key may turn the page. */
  pages: {
    itemsIndex: number;
    canNext: boolean;
    canPrevious: boolean;
    goNext(): void;
    goPrevious(): void;
  };
}

/**
 * The domains table's selected row, and the keys that move it: a row (↑↓ j k), to either end
 * (g G Home End) or a screenful (PgUp PgDn). In the pages each page keeps its own selection, by
 * id: a refresh, or a domain added above it, keeps it selected; a new page starts at its first
 * row, and going back finds the one left there.
 */
export function useDomainsSelection({
  all,
  ids,
  viewSelected,
  dispatch,
  pages,
}: DomainsSelectionOptions) {
  const [selections, setSelections] = useState<ReadonlyMap<number, Selection>>(new Map());
  const selection = all ? viewSelected : (selections.get(pages.itemsIndex) ?? FIRST_ROW);
  const current = selectedRow(ids, selection);
  const setFor = (page: number, chosen: Selection) =>
    setSelections((s) => new Map(s).set(page, chosen));

  const move = (step: number) => {
    if (all) dispatch({ type: 'move', step, ids });
    else setFor(pages.itemsIndex, moveSelection(ids, selection, step));
  };

  /**
   * The row shown as selected becomes the selected domain, so what a key does next (a refresh,
   * a domain added above, a sort) cannot move the selection to another one.
   */
  const pin = () => {
    const id = ids[current];
    if (selection.id !== undefined || id === undefined) return;
    if (all) dispatch({ type: 'select', id, index: current });
    else setFor(pages.itemsIndex, { id, index: current });
  };

  /**
   * `screenful`: the rows the table shows. A screenful past the page in view is the page
   * beyond it, on the same row, as a pager turns its pages: a page is as many rows as the
   * screen shows, so PgDn PgDn… walks every domain, and row numbers move by a page each time.
   * Where no page is beyond, it stops at the first or last row. The ends are those of the rows
   * shown (the page in view): a cursor-paged API reaches its last page only by asking for each.
   */
  const jump = (to: TableJump, screenful: number) => {
    if (to === 'first' || to === 'last') {
      move(to === 'first' ? -ids.length : ids.length);
      return;
    }
    const direction = to === 'pageDown' ? 1 : -1;
    const target = current + direction * screenful;
    const turns = direction > 0 ? pages.canNext : pages.canPrevious;
    if (!all && turns && (target < 0 || target >= ids.length)) {
      setFor(pages.itemsIndex + direction, { index: current });
      if (direction > 0) pages.goNext();
      else pages.goPrevious();
      return;
    }
    move(direction * screenful);
  };

  return { selection, current, move, pin, jump };
}
