import { nextSort, type SortKey } from './domain-list.js';
import { FIRST_ROW, moveSelection, type Selection } from '../components/selection.js';

/**
 * How the domains screen shows its domains: the API's pages as they come (the default), or
 * every domain loaded, filtered (`/`) and sorted (`s`, `S` the other way). The filter stays
 * applied once typing ends (Enter); Esc clears it, and the sort with it.
 */
export interface DomainsView {
  filter: string;
  /** The filter field has focus. */
  typing: boolean;
  sort: SortKey;
  /** The sort turned the other way (`S`); `created` turned round is oldest first. */
  reverse: boolean;
  /** The selected domain of the filtered, sorted list (by id; see selection.ts). */
  selected: Selection;
}

export type DomainsViewAction =
  | { type: 'startFilter' }
  | { type: 'typeFilter'; value: string }
  | { type: 'keepFilter' }
  | { type: 'clearFilter' }
  | { type: 'cycleSort' }
  | { type: 'reverseSort' }
  /** Back to the pages: no filter, the API's order. */
  | { type: 'clear' }
  /** `ids`: the rows' ids as shown, in order. */
  | { type: 'move'; step: number; ids: readonly string[] }
  | { type: 'select'; id: string; index: number };

export const initialDomainsView: DomainsView = {
  filter: '',
  typing: false,
  sort: 'created',
  reverse: false,
  selected: FIRST_ROW,
};

/** Whether the screen shows every domain loaded rather than the API's pages. */
export const showsAll = (view: DomainsView): boolean =>
  view.typing || view.filter.trim() !== '' || view.sort !== 'created' || view.reverse;

export function domainsViewReducer(state: DomainsView, action: DomainsViewAction): DomainsView {
  switch (action.type) {
    case 'startFilter':
      return { ...state, typing: true };
    // A new filter selects its first match.
    case 'typeFilter':
      return { ...state, filter: action.value, selected: FIRST_ROW };
    case 'keepFilter':
      return { ...state, typing: false };
    case 'clearFilter':
      return { ...state, typing: false, filter: '', selected: FIRST_ROW };
    // A sort is there to show what comes first: the new order is shown from its top. Each key
    // of the cycle starts the way it reads best (A to Z, soonest first), so four s still come
    // back to the pages.
    case 'cycleSort':
      return { ...state, sort: nextSort(state.sort), reverse: false, selected: FIRST_ROW };
    case 'reverseSort':
      return { ...state, reverse: !state.reverse, selected: FIRST_ROW };
    case 'clear':
      return initialDomainsView;
    case 'move':
      return { ...state, selected: moveSelection(action.ids, state.selected, action.step) };
    case 'select':
      return { ...state, selected: { id: action.id, index: action.index } };
    default: {
      const never: never = action;
      return never;
    }
  }
}
