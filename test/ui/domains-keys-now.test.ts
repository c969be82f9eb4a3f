import { describe, expect, it } from 'vitest';
import { type DomainsKeyFacts, domainsKeysNow } from '../../src/ui/domains/useDomainsKeys.js';

// Which of the domains screen's keys do something now: the footer offers them, the `?` help lights
// them and the screen obeys them, all from this one function (no renderer needed to test it).

/** Page 1 of several in the API's pages, 14 rows, some pending, the watch on. */
const PAGES: DomainsKeyFacts = {
  rows: 14,
  all: false,
  loading: false,
  failed: false,
  planGated: false,
  loaded: true,
  empty: false,
  canNext: true,
  canPrevious: false,
  pendingOnScreen: 5,
  watchEnabled: true,
  watchPaused: false,
};
const keysOn = (facts: Partial<DomainsKeyFacts>) => {
  const can = domainsKeysNow({ ...PAGES, ...facts });
  return (Object.keys(can) as (keyof typeof can)[]).filter((id) => can[id]).sort();
};

describe('the domains keys that work now', () => {
  it('on a first page of several: moving, opening, the next page, filter and sort, add, d, w, Esc back', () => {
    expect(keysOn({})).toEqual(
      [
        'domains.up',
        'domains.down',
        'domains.open',
        'domains.first',
        'domains.last',
        'domains.pageScroll',
        'domains.nextPage',
        'domains.add',
        'domains.filter',
        'domains.sort',
        'domains.reverse',
        'domains.checkDns',
        'domains.watch',
        'nav.back',
      ].sort(),
    );
  });

  it('the page keys follow the pages: b on a later page, no n on the last', () => {
    expect(keysOn({ canPrevious: true })).toContain('domains.previousPage');
    const last = keysOn({ canNext: false, canPrevious: true });
    expect(last).not.toContain('domains.nextPage');
    expect(last).toContain('domains.previousPage');
  });

  it('one row: it opens, but there is nowhere to move; PgUp/PgDn only with pages to turn', () => {
    const one = keysOn({ rows: 1, canNext: false });
    expect(one).toContain('domains.open');
    for (const id of ['domains.up', 'domains.down', 'domains.first', 'domains.last'] as const) {
      expect(one).not.toContain(id);
    }
    expect(one).not.toContain('domains.pageScroll');
    expect(keysOn({ rows: 1, canNext: true })).toContain('domains.pageScroll');
  });

  it('one row on a page among others: j and k go on to the page after or before it', () => {
    expect(keysOn({ rows: 1, canNext: true })).toContain('domains.down');
    expect(keysOn({ rows: 1, canNext: true })).not.toContain('domains.up');
    const last = keysOn({ rows: 1, canNext: false, canPrevious: true });
    expect(last).toContain('domains.up');
    expect(last).not.toContain('domains.down');
  });

  it('a project with no domain: nothing to open, filter or sort; a can still add', () => {
    const empty = keysOn({ rows: 0, empty: true, canNext: false, pendingOnScreen: 0 });
    for (const id of [
      'domains.open',
      'domains.filter',
      'domains.sort',
      'domains.reverse',
      'domains.checkDns',
      'domains.pageScroll',
    ] as const) {
      expect(empty).not.toContain(id);
    }
    expect(empty).toContain('domains.add');
    expect(empty).toContain('nav.back');
  });

  it('before the first page is in: no filter or sort yet', () => {
    const waiting = keysOn({ rows: 0, loaded: false, canNext: false });
    expect(waiting).not.toContain('domains.filter');
    expect(waiting).not.toContain('domains.sort');
  });

  it('no add where it cannot work: a failed page, or a plan without custom domains', () => {
    expect(keysOn({ failed: true })).not.toContain('domains.add');
    expect(keysOn({ planGated: true })).not.toContain('domains.add');
  });

  it('d with pending domains on screen, w with the watch enabled', () => {
    expect(keysOn({ pendingOnScreen: 0 })).not.toContain('domains.checkDns');
    expect(keysOn({ watchEnabled: false })).not.toContain('domains.watch');
    expect(keysOn({ watchEnabled: false })).not.toContain('domains.resumeWatch');
  });

  it('w has one meaning at a time: pause the watch that runs, or resume the one paused', () => {
    const ws = (facts: Partial<DomainsKeyFacts>) =>
      keysOn(facts).filter((id) => ['domains.watch', 'domains.resumeWatch'].includes(id));
    expect(ws({})).toEqual(['domains.watch']);
    expect(ws({ watchPaused: true })).toEqual(['domains.resumeWatch']);
  });

  it('Esc has exactly one meaning at a time: stop the load, clear the filter and sort, or back', () => {
    const escs = (facts: Partial<DomainsKeyFacts>) =>
      keysOn(facts).filter((id) =>
        ['domains.stopLoading', 'domains.clearView', 'nav.back'].includes(id),
      );
    expect(escs({ all: false, loading: false })).toEqual(['nav.back']);
    expect(escs({ all: false, loading: true })).toEqual(['nav.back']);
    expect(escs({ all: true, loading: true })).toEqual(['domains.stopLoading']);
    expect(escs({ all: true, loading: false })).toEqual(['domains.clearView']);
  });
});
