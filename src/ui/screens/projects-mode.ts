import { PARAM_PATTERN } from '../../contract/params.js';

/**
 * What the projects screen is doing with the keys: moving in the list, typing a filter (`/`), or
 * typing a project ID by hand (`i`). The filter stays applied once typing ends; Esc clears it.
 */
export interface ProjectsMode {
  mode: 'list' | 'filter' | 'id';
  filter: string;
  typedId: string;
  /** The selected row; kept within the rows where it is read. */
  selected: number;
}

export type ProjectsModeAction =
  | { type: 'move'; step: number; rows: number }
  | { type: 'startFilter' }
  | { type: 'typeFilter'; value: string }
  | { type: 'startId' }
  | { type: 'typeId'; value: string }
  /** Esc while typing: a filter is cleared, a typed ID kept for next time. */
  | { type: 'cancelTyping' }
  | { type: 'opened' };

export const initialProjectsMode: ProjectsMode = {
  mode: 'list',
  filter: '',
  typedId: '',
  selected: 0,
};

export function projectsModeReducer(state: ProjectsMode, action: ProjectsModeAction): ProjectsMode {
  switch (action.type) {
    case 'move': {
      const last = action.rows - 1;
      return {
        ...state,
        selected: Math.max(0, Math.min(last, Math.min(state.selected, last) + action.step)),
      };
    }
    case 'startFilter':
      return { ...state, mode: 'filter', selected: 0 };
    case 'typeFilter':
      return { ...state, filter: action.value, selected: 0 };
    case 'startId':
      return { ...state, mode: 'id' };
    case 'typeId':
      return { ...state, typedId: action.value };
    case 'cancelTyping':
      return state.mode === 'filter'
        ? { ...state, mode: 'list', filter: '' }
        : { ...state, mode: 'list' };
    case 'opened':
      return { ...state, mode: 'list' };
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
