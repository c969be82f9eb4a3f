import { describe, expect, it } from 'vitest';
import { selectedRow } from '../../src/ui/components/selection.js';
import {
  idProblem,
  initialProjectsMode,
  type ProjectsMode,
  type ProjectsModeAction,
  projectsModeReducer,
} from '../../src/ui/projects/projects-mode.js';

const run = (...actions: ProjectsModeAction[]): ProjectsMode =>
  actions.reduce(projectsModeReducer, initialProjectsMode);
const after = (mode: ProjectsMode, ...actions: ProjectsModeAction[]): ProjectsMode =>
  actions.reduce(projectsModeReducer, mode);
/** The id of the row shown as selected among these rows. */
const selectedId = (mode: ProjectsMode, ids: readonly string[]) =>
  ids[selectedRow(ids, mode.selected)];

const PROJECTS = ['prj_acme', 'prj_entry', 'prj_enterprise', 'prj_zeta'];

describe('the projects screen mode', () => {
  it('starts on the list, the first project selected', () => {
    expect(initialProjectsMode.mode).toBe('list');
    expect(selectedId(initialProjectsMode, PROJECTS)).toBe('prj_acme');
  });

  it('↑↓ move the selection by project, and it stays on that project when the list is re-sorted', () => {
    const mode = run({ type: 'move', step: 2, ids: PROJECTS });
    expect(selectedId(mode, PROJECTS)).toBe('prj_enterprise');
    // Recent projects first: the same project is still selected, on another row.
    expect(selectedId(mode, ['prj_enterprise', 'prj_acme', 'prj_entry', 'prj_zeta'])).toBe(
      'prj_enterprise',
    );
  });

  it('/ starts a new filter in place of the one kept, and selects its first match', () => {
    const kept = run(
      { type: 'startFilter' },
      { type: 'typeFilter', value: 'ent' },
      { type: 'opened', id: 'prj_enterprise' },
    );
    expect(kept).toMatchObject({ mode: 'list', filter: 'ent' });
    const again = after(kept, { type: 'startFilter' });
    expect(again).toMatchObject({ mode: 'filter', filter: '' });
    // Typing "ent" again filters by "ent", not "entent".
    expect(after(again, { type: 'typeFilter', value: 'ent' }).filter).toBe('ent');
    expect(selectedId(again, PROJECTS)).toBe('prj_acme');
  });

  it('typing a filter selects its first match, wherever the selection was', () => {
    const mode = run(
      { type: 'move', step: 3, ids: PROJECTS },
      { type: 'startFilter' },
      { type: 'move', step: 1, ids: ['prj_entry', 'prj_enterprise'] },
      { type: 'typeFilter', value: 'ente' },
    );
    expect(selectedId(mode, ['prj_enterprise'])).toBe('prj_enterprise');
    expect(mode.selected.id).toBeUndefined();
  });

  it('Esc while filtering clears the filter and goes back to the list', () => {
    const mode = run(
      { type: 'startFilter' },
      { type: 'typeFilter', value: 'ent' },
      { type: 'cancelTyping' },
    );
    expect(mode).toMatchObject({ mode: 'list', filter: '' });
  });

  it('a project opened stays selected under its filter, and clearing the filter keeps it selected', () => {
    const opened = run(
      { type: 'startFilter' },
      { type: 'typeFilter', value: 'ent' },
      { type: 'move', step: 1, ids: ['prj_entry', 'prj_enterprise'] },
      { type: 'opened', id: 'prj_enterprise' },
    );
    // Coming back: the list is as it was left.
    expect(opened).toMatchObject({ mode: 'list', filter: 'ent' });
    expect(selectedId(opened, ['prj_entry', 'prj_enterprise'])).toBe('prj_enterprise');
    // Esc on the list clears the filter: every project, the same one selected.
    const cleared = after(opened, { type: 'clearFilter' });
    expect(cleared).toMatchObject({ mode: 'list', filter: '' });
    expect(selectedId(cleared, PROJECTS)).toBe('prj_enterprise');
  });

  it('i types an ID by hand; Esc keeps what was typed for next time, and the filter with it', () => {
    const mode = run(
      { type: 'startFilter' },
      { type: 'typeFilter', value: 'acme' },
      { type: 'opened', id: 'prj_acme' },
      { type: 'startId' },
      { type: 'typeId', value: 'prj_8kq2' },
      { type: 'cancelTyping' },
    );
    expect(mode).toMatchObject({ mode: 'list', typedId: 'prj_8kq2', filter: 'acme' });
    expect(after(mode, { type: 'startId' })).toMatchObject({ mode: 'id', typedId: 'prj_8kq2' });
  });

  it('says why a typed ID cannot be opened, and nothing for one that can', () => {
    expect(idProblem('')).toMatch(/type the ID/);
    expect(idProblem('prj 8kq2')).toMatch(/only letters, digits/);
    expect(idProblem('prj_8kq2xv0c5m1t')).toBeUndefined();
  });
});
