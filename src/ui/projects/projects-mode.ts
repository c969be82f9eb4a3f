import { PARAM_PATTERN } from '../../contract/params.js';
import { FIRST_ROW, moveSelection, type Selection } from '../components/selection.js';

/**
 * What the projects screen is doing with the keys: moving in the list, typing a filter (`/`), or
 * typing a project ID by hand (`i`). The filter stays applied once typing ends, and when a
 * project is opened and the list is come back to (`Esc`, `p`), as k9s keeps a view's filter
 * when one comes back to it: the list is as it was left. The screen says so (`Filtered by …`);
 * Esc clears it, and `/` starts a new one.
 */
export interface ProjectsMode {
  mode: 'list' | 'filter' | 'id';
  filter: string;
  typedId: string;
  /** The selected project (by id, so a re-sort or a reload keeps it); see selection.ts. */
  selected: Selection;
}

export type ProjectsModeAction =
  /** `ids`: the rows' ids as shown, in order. */
  | { type: 'move'; step: number; ids: readonly string[] }
  | { type: 'startFilter' }
  | { type: 'typeFilter'; value: string }
  | { type: 'startId' }
  | { type: 'typeId'; value: string }
  /** Esc while typing: a filter is cleared, a typed ID kept for next time. */
  | { type: 'cancelTyping' }
  /** Esc on the list under a filter: every project again, the selected one still selected. */
  | { type: 'clearFilter' }
  /** A project was opened: it stays selected, wherever it is listed when we come back. */
  | { type: 'opened'; id: string };

export const initialProjectsMode: ProjectsMode = {
  mode: 'list',
  filter: '',
  typedId: '',
  selected: FIRST_ROW,
};

export function projectsModeReducer(state: ProjectsMode, action: ProjectsModeAction): ProjectsMode {
  switch (action.type) {
    case 'move':
      return { ...state, selected: moveSelection(action.ids, state.selected, action.step) };
    // `/` starts a new filter in place of the old one (as k9s's does), kept since the screen
    // was last left: typing "ent" again filters by "ent", not "entent". It selects its first match.
    case 'startFilter':
      return { ...state, mode: 'filter', filter: '', selected: FIRST_ROW };
    case 'typeFilter':
      return { ...state, filter: action.value, selected: FIRST_ROW };
    case 'startId':
      return { ...state, mode: 'id' };
    case 'typeId':
      return { ...state, typedId: action.value };
    case 'cancelTyping':
      return state.mode === 'filter'
        ? { ...state, mode: 'list', filter: '' }
        : { ...state, mode: 'list' };
    case 'clearFilter':
      return { ...state, filter: '' };
    case 'opened':
      return { ...state, mode: 'list', selected: { ...state.selected, id: action.id } };
    default: {
      const never: never = action;
      return never;
    }
  }
}

/** Why a typed project ID cannot be opened, or undefined when it can. */
export function idProblem(id: string): string | undefined {
  if (id === '') return 'type the ID, e.g. prj_8kq2xv0c5m1t';
  if (!PARAM_PATTERN.test(id)) return `an ID may hold only letters, digits, ".", "_" and "-"`;
  return undefined;
}
