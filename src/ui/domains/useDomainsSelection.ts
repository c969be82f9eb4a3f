import type { Dispatch } from 'react';
import type { DomainsViewAction } from './domains-view.js';
import { type Selection, selectedRow } from '../components/selection.js';
import type { WalkKey } from '../queries/page-walk.js';

/** Where g / Home, G / End and PgUp / PgDn take the selection. */
export type TableJump = 'first' | 'last' | 'pageUp' | 'pageDown';

/** The table as drawn: its first row shown, how many rows it shows, and its lines. */
export interface TableShown {
  offset: number;
  shown: number;
  height: number;
}

export interface DomainsSelectionOptions {
  /** Every domain loaded (filtered, sorted) rather than the API's pages. */
  all: boolean;
  /** The rows' ids as shown, in order. */
  ids: readonly string[];
  /** The filtered, sorted list's selection (the screen's view state), and its dispatch. */
  viewSelected: Selection;
  dispatch: Dispatch<DomainsViewAction>;
  /** The API's pages (usePagedList): the row selected on the page in view, and its keys. */
  pages: {
    selection: Selection;
    key(key: WalkKey): void;
    pin(): void;
  };
}

/**
 * The domains table's selected row, and the keys that move it: a row (↑↓ j k), to either end
 * (g G Home End) or a screenful (PgUp PgDn). Under a filter or a sort it is the view's
 * (domains-view.ts). In the pages it is the paged list's walk (page-walk.ts), which keeps each
 * page's selection by id (a refresh, or a domain added above it, keeps it selected; a new page
 * starts at its first row, and going back finds the one left there) and holds a key typed while
 * the page it acts on loads until its rows come, so keys typed ahead land where the same keys
 * typed one by one do.
 */
export function useDomainsSelection({
  all,
  ids,
  viewSelected,
  dispatch,
  pages,
}: DomainsSelectionOptions) {
  const selection = all ? viewSelected : pages.selection;
  const current = selectedRow(ids, selection);

  const move = (step: number) => {
    if (all) dispatch({ type: 'move', step, ids });
    else pages.key({ type: 'move', step });
  };

  /**
   * The row shown as selected becomes the selected domain, so what a key does next (a refresh,
   * a domain added above, a sort) cannot move the selection to another one.
   */
  const pin = () => {
    if (!all) {
      pages.pin();
      return;
    }
    const id = ids[current];
    if (selection.id === undefined && id !== undefined)
      dispatch({ type: 'select', id, index: current });
  };

  /**
   * `table`: the rows the table shows now, and the lines it has. A page is as many rows as the
   * screen shows, so PgDn PgDn… walks every domain, and row numbers move by a page each time
   * (the pages' walk counts the screenful of the page it acts on: one typed ahead acts on a page
   * not in hand yet). The ends are those of the rows shown (the page in view): a cursor-paged
   * API reaches its last page only by asking for each.
   */
  const jump = (to: TableJump, table: TableShown) => {
    if (!all) {
      pages.key(
        to === 'first' || to === 'last'
          ? { type: 'end', last: to === 'last' }
          : { type: 'screenful', down: to === 'pageDown', height: table.height },
      );
      return;
    }
    if (to === 'first' || to === 'last') move(to === 'first' ? -ids.length : ids.length);
    else {
      // A screenful of rows before or after those shown, as a pager turns: the view moves by a
      // screenful (tableWindow keeps the selection in view and no more, so the selection goes to
      // the far row of the rows now shown: the last after PgDn, the first after PgUp).
      const { offset, shown } = table;
      const target = to === 'pageDown' ? offset + 2 * shown - 1 : offset - shown;
      move(Math.min(ids.length - 1, Math.max(0, target)) - current);
    }
  };

  /** n and b: the next page and the one before, in the pages. */
  const turn = (forward: boolean) => {
    if (!all) pages.key({ type: forward ? 'next' : 'previous' });
  };

  return { selection, current, move, pin, jump, turn };
}
