import { describe, expect, it } from 'vitest';
import { selectedRow } from '../../src/ui/components/selection.js';
import {
  type DomainsView,
  type DomainsViewAction,
  domainsViewReducer,
  initialDomainsView,
  showsAll,
} from '../../src/ui/domains/domains-view.js';

const run = (...actions: DomainsViewAction[]): DomainsView =>
  actions.reduce(domainsViewReducer, initialDomainsView);
const after = (view: DomainsView, ...actions: DomainsViewAction[]): DomainsView =>
  actions.reduce(domainsViewReducer, view);
/** The id of the row shown as selected among these rows. */
const selectedId = (view: DomainsView, ids: readonly string[]) =>
  ids[selectedRow(ids, view.selected)];

const ROWS = ['dom_a', 'dom_b', 'dom_c', 'dom_d'];

describe('the domains screen view', () => {
  it('starts in the API pages, first row selected, nothing typed', () => {
    expect(showsAll(initialDomainsView)).toBe(false);
    expect(selectedId(initialDomainsView, ROWS)).toBe('dom_a');
  });

  it('/ opens the filter field on every domain loaded, even before a letter is typed', () => {
    const view = run({ type: 'startFilter' });
    expect(view.typing).toBe(true);
    expect(showsAll(view)).toBe(true);
  });

  it('Enter keeps a typed filter applied once typing ends; with nothing typed, back to the pages', () => {
    const kept = run(
      { type: 'startFilter' },
      { type: 'typeFilter', value: 'shop' },
      { type: 'keepFilter' },
    );
    expect(kept).toMatchObject({ typing: false, filter: 'shop' });
    expect(showsAll(kept)).toBe(true);
    // Spaces alone filter nothing: the pages again.
    const blank = run(
      { type: 'startFilter' },
      { type: 'typeFilter', value: '  ' },
      { type: 'keepFilter' },
    );
    expect(showsAll(blank)).toBe(false);
  });

  it('a new filter selects its first match, wherever the selection was', () => {
    const moved = run({ type: 'startFilter' }, { type: 'move', step: 2, ids: ROWS });
    expect(selectedId(moved, ROWS)).toBe('dom_c');
    const typed = after(moved, { type: 'typeFilter', value: 'd' });
    expect(selectedId(typed, ['dom_d', 'dom_c'])).toBe('dom_d');
  });

  it('Esc while typing clears the filter and goes back to the pages', () => {
    const view = run(
      { type: 'startFilter' },
      { type: 'typeFilter', value: 'shop' },
      { type: 'clearFilter' },
    );
    expect(view).toMatchObject({ typing: false, filter: '' });
    expect(showsAll(view)).toBe(false);
  });

  it('the selection is a domain, not a row: it stays on it when the rows change order', () => {
    const view = run({ type: 'cycleSort' }, { type: 'move', step: 1, ids: ROWS });
    expect(selectedId(view, ROWS)).toBe('dom_b');
    // A reload brings the rows in another order, with one more above.
    expect(selectedId(view, ['dom_new', 'dom_d', 'dom_b', 'dom_a'])).toBe('dom_b');
    // Gone: the nearest row, not the top.
    expect(selectedId(view, ['dom_a', 'dom_c', 'dom_d'])).toBe('dom_c');
  });

  it('select pins the row shown as selected to its domain', () => {
    const view = run({ type: 'cycleSort' }, { type: 'select', id: 'dom_c', index: 2 });
    expect(selectedId(view, ['dom_c', 'dom_a'])).toBe('dom_c');
  });

  it('moves stop at either end of the rows', () => {
    const top = run({ type: 'cycleSort' }, { type: 'move', step: -5, ids: ROWS });
    expect(selectedId(top, ROWS)).toBe('dom_a');
    const bottom = after(top, { type: 'move', step: 99, ids: ROWS });
    expect(selectedId(bottom, ROWS)).toBe('dom_d');
  });

  it('s steps through the sorts from the top of each, and the fourth comes back to the pages', () => {
    let view = run({ type: 'cycleSort' });
    expect(view.sort).toBe('host');
    expect(showsAll(view)).toBe(true);
    view = after(view, { type: 'move', step: 3, ids: ROWS }, { type: 'reverseSort' });
    expect(view.reverse).toBe(true);
    expect(selectedId(view, ROWS)).toBe('dom_a');
    // Each new sort reads its own way first (A to Z, soonest first), not the way S turned the last.
    view = after(view, { type: 'cycleSort' });
    expect(view).toMatchObject({ sort: 'status', reverse: false });
    view = after(view, { type: 'cycleSort' });
    expect(view.sort).toBe('tls');
    view = after(view, { type: 'cycleSort' });
    expect(view.sort).toBe('created');
    expect(showsAll(view)).toBe(false);
  });

  it('S on the pages turns the API order round (oldest first), over every domain; S again is the pages', () => {
    const oldestFirst = run({ type: 'reverseSort' });
    expect(oldestFirst).toMatchObject({ sort: 'created', reverse: true });
    expect(showsAll(oldestFirst)).toBe(true);
    expect(showsAll(after(oldestFirst, { type: 'reverseSort' }))).toBe(false);
  });

  it('Esc on the view clears the filter and the sort at once, back to the pages at the top', () => {
    const view = run(
      { type: 'startFilter' },
      { type: 'typeFilter', value: 'shop' },
      { type: 'keepFilter' },
      { type: 'cycleSort' },
      { type: 'move', step: 1, ids: ROWS },
      { type: 'clear' },
    );
    expect(view).toEqual(initialDomainsView);
    expect(showsAll(view)).toBe(false);
  });
});
