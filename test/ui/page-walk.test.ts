import { describe, expect, it } from 'vitest';
import { FIRST_ROW, selectedRow } from '../../src/ui/components/selection.js';
import {
  firstPage,
  type PageInHand,
  type WalkAction,
  type WalkKey,
  type WalkState,
  walkReducer,
} from '../../src/ui/queries/page-walk.js';

type Walk = WalkState<string>;
const step = (state: Walk, ...actions: WalkAction<string>[]): Walk =>
  actions.reduce<Walk>(walkReducer, state);
const page = (items: string[], next = '', capped = false) => ({ items, next, capped });

/** A list of three pages: 5 rows (token none), 5 rows (t2), 2 rows (t3), the last. */
const BOOK: Record<string, PageInHand> = {
  '': { ids: ['a1', 'a2', 'a3', 'a4', 'a5'], next: 't2' },
  t2: { ids: ['b1', 'b2', 'b3', 'b4', 'b5'], next: 't3' },
  t3: { ids: ['c1', 'c2'], next: '' },
};
/** The rows of the page in view. */
const inView = (walk: Walk): PageInHand => {
  const rows = BOOK[walk.tokens[walk.index] ?? ''];
  if (!rows) throw new Error(`no page at ${String(walk.tokens[walk.index])}`);
  return rows;
};
/** The selected row's id on the page in view. */
const selected = (walk: Walk) => {
  const { ids } = inView(walk);
  return ids[selectedRow(ids, walk.selections[walk.index] ?? FIRST_ROW)];
};
/** Where a walk is, as a person sees it: the page and its selected row. */
const seen = (walk: Walk) => ({ page: walk.index + 1, row: selected(walk) });

// The keys, as the domains screen sends them (a table 5 lines high: 5 rows a screenful).
const n: WalkKey = { type: 'next' };
const b: WalkKey = { type: 'previous' };
const j: WalkKey = { type: 'move', step: 1 };
const k: WalkKey = { type: 'move', step: -1 };
const G: WalkKey = { type: 'end', last: true };
const g: WalkKey = { type: 'end', last: false };
const pgDn: WalkKey = { type: 'screenful', down: true, height: 5 };
const pgUp: WalkKey = { type: 'screenful', down: false, height: 5 };

/** Keys typed one by one: each once the page in view has come, with its rows. */
const slowly = (keys: WalkKey[]): Walk =>
  keys.reduce<Walk>(
    (walk, key) => walkReducer(walk, { type: 'key', key, page: inView(walk) }),
    firstPage,
  );

/**
 * The same keys typed ahead: all in one read, while the page in view still loads (the first
 * page, before it came); then each page comes in turn until no key waits.
 */
function typedAhead(keys: WalkKey[]): Walk {
  let walk = keys.reduce<Walk>(
    (state, key) => walkReducer(state, { type: 'key', key, page: undefined }),
    firstPage,
  );
  for (let pages = 0; walk.pending.length > 0; pages++) {
    if (pages > keys.length) throw new Error('the keys never ran out');
    walk = walkReducer(walk, { type: 'landed', page: inView(walk) });
  }
  return walk;
}

describe('the walk through a paged list', () => {
  it('starts on the first page, which has no token, on its first row', () => {
    expect(firstPage).toMatchObject({ tokens: [undefined], index: 0, pending: [] });
    expect(seen(firstPage)).toEqual({ page: 1, row: 'a1' });
  });

  it('n asks for the page at the token the page before handed out; b goes back to the very token that first produced it', () => {
    const third = slowly([n, n]);
    expect(third).toMatchObject({ tokens: [undefined, 't2', 't3'], index: 2 });
    const second = step(third, { type: 'key', key: b, page: inView(third) });
    expect(second.index).toBe(1);
    expect(second.tokens[second.index]).toBe('t2');
    // n on the last page, b on the first: nothing.
    expect(step(third, { type: 'key', key: n, page: inView(third) })).toBe(third);
    expect(step(firstPage, { type: 'key', key: b, page: inView(firstPage) })).toBe(firstPage);
  });

  it('each page keeps its row: a page not seen starts at its first, going back finds the one left there', () => {
    expect(seen(slowly([j, j, n]))).toEqual({ page: 2, row: 'b1' });
    expect(seen(slowly([j, j, n, j, b]))).toEqual({ page: 1, row: 'a3' });
    expect(seen(slowly([j, j, n, j, b, n]))).toEqual({ page: 2, row: 'b2' });
    expect(seen(slowly([G]))).toEqual({ page: 1, row: 'a5' });
    expect(seen(slowly([G, g]))).toEqual({ page: 1, row: 'a1' });
  });

  it('PgDn and PgUp turn the page on the same row, and stop at the last or first row where no page is beyond', () => {
    expect(seen(slowly([j, j, pgDn]))).toEqual({ page: 2, row: 'b3' });
    expect(seen(slowly([j, j, pgDn, pgUp]))).toEqual({ page: 1, row: 'a3' });
    // Page 3 has two rows: the third row is its last.
    expect(seen(slowly([j, j, pgDn, pgDn]))).toEqual({ page: 3, row: 'c2' });
    expect(seen(slowly([j, j, pgDn, pgDn, pgDn]))).toEqual({ page: 3, row: 'c2' });
    expect(seen(slowly([k, pgDn, pgDn, k, pgDn]))).toEqual({ page: 3, row: 'c2' });
    expect(seen(slowly([j, pgUp]))).toEqual({ page: 1, row: 'a1' });
  });

  it('j on the last row goes on to the first row of the next page; k on the first row back to the last row of the page before', () => {
    expect(seen(slowly([G, j]))).toEqual({ page: 2, row: 'b1' });
    // The first row of page 2 even when a row was left there before.
    expect(seen(slowly([n, j, j, b, G, j]))).toEqual({ page: 2, row: 'b1' });
    expect(seen(slowly([n, k]))).toEqual({ page: 1, row: 'a5' });
    expect(seen(slowly([G, j, k]))).toEqual({ page: 1, row: 'a5' });
    // Nothing past the last row of the last page, nor before the first row of the first.
    expect(seen(slowly([n, n, G, j]))).toEqual({ page: 3, row: 'c2' });
    expect(seen(slowly([k]))).toEqual({ page: 1, row: 'a1' });
  });

  it('j and k typed ahead across pages land on the rows the same keys typed one by one do', () => {
    const sequences: WalkKey[][] = [
      [G, j, j, j, j],
      [j, j, j, j, j, j, j],
      [n, k, k, j, j],
      [G, j, k, k, j, j, j],
      [n, n, k, k, k, k],
    ];
    for (const keys of sequences) {
      expect(seen(typedAhead(keys)), JSON.stringify(keys)).toEqual(seen(slowly(keys)));
      expect(typedAhead(keys), JSON.stringify(keys)).toEqual(slowly(keys));
    }
    expect(seen(typedAhead([G, j, j, j, j]))).toEqual({ page: 2, row: 'b4' });
    expect(seen(typedAhead([j, j, j, j, j, j, j]))).toEqual({ page: 2, row: 'b3' });
    expect(seen(typedAhead([n, n, k, k, k, k]))).toEqual({ page: 2, row: 'b2' });
  });

  it('keys typed while a page loads wait for its rows, and then act as the same keys typed one by one do', () => {
    const sequences: WalkKey[][] = [
      [j, j, pgDn, pgDn],
      [j, j, pgDn, pgDn, k],
      [j, j, pgDn, pgDn, pgUp, j],
      [n, j, b, n],
      [n, n, n, b, b, j],
      [pgDn, j, j, j, pgDn, pgUp, pgUp, pgUp],
      [G, pgDn, G, n, b, pgDn, g],
      [b, n, b, pgUp, j, pgDn, n, k],
    ];
    for (const keys of sequences) {
      const ahead = typedAhead(keys);
      const one = slowly(keys);
      expect(seen(ahead), JSON.stringify(keys)).toEqual(seen(one));
      // The whole walk too: every page keeps the row it would have kept, for going back.
      expect(ahead, JSON.stringify(keys)).toEqual(one);
    }
  });

  it('keys typed on a page in hand after one that waits wait too: they act in the order typed', () => {
    // n: page 2 loads; j typed meanwhile waits; a j typed next waits behind it, page or not.
    const loading = step(firstPage, { type: 'key', key: n, page: inView(firstPage) });
    const waiting = step(
      loading,
      { type: 'key', key: pgDn, page: undefined },
      { type: 'key', key: j, page: inView(firstPage) },
    );
    expect(waiting.pending).toEqual([pgDn, j]);
    // Page 2 comes: PgDn turns to page 3 on its first row, and j waits for page 3.
    const third = step(waiting, { type: 'landed', page: inView(waiting) });
    expect(third).toMatchObject({ index: 2, pending: [j] });
    expect(seen(step(third, { type: 'landed', page: inView(third) }))).toEqual({
      page: 3,
      row: 'c2',
    });
  });

  it('b typed while a page loads, with nothing waiting, goes back at once: it needs no row of the page', () => {
    const loading = step(
      firstPage,
      { type: 'key', key: j, page: inView(firstPage) },
      {
        type: 'key',
        key: n,
        page: inView(firstPage),
      },
    );
    const back = step(loading, { type: 'key', key: b, page: undefined });
    expect(back.pending).toEqual([]);
    expect(seen(back)).toEqual({ page: 1, row: 'a2' });
  });

  it('a page that fails drops the keys waiting for it; so does a refresh', () => {
    const waiting = step(
      firstPage,
      { type: 'key', key: j, page: undefined },
      {
        type: 'key',
        key: n,
        page: undefined,
      },
    );
    expect(waiting.pending).toEqual([j, n]);
    expect(step(waiting, { type: 'landed', page: undefined })).toMatchObject({
      index: 0,
      pending: [],
    });
    expect(step(waiting, { type: 'refresh' })).toMatchObject({ index: 0, pending: [] });
  });

  it('pin makes the row shown the selected item, by id, so rows added above keep it selected; not while keys wait', () => {
    const third = slowly([j, j, pgDn]);
    expect(third.selections[1]).toEqual({ index: 2 });
    const pinned = step(third, { type: 'pin', page: inView(third) });
    expect(pinned.selections[1]).toEqual({ id: 'b3', index: 2 });
    // A domain added above: the same domain, one row down.
    expect(selectedRow(['new', ...inView(third).ids], pinned.selections[1] ?? FIRST_ROW)).toBe(3);
    const waiting = step(third, { type: 'key', key: j, page: undefined });
    expect(step(waiting, { type: 'pin', page: inView(third) })).toBe(waiting);
  });

  describe('cut again at another page size (a resize)', () => {
    /** The same 12 rows cut 3 a page: a1 a2 a3 | a4 a5 b1 | b2 b3 b4 | b5 c1 c2. */
    const RECUT: Record<string, PageInHand> = {
      '': { ids: ['a1', 'a2', 'a3'], next: 'r2' },
      r2: { ids: ['a4', 'a5', 'b1'], next: 'r3' },
      r3: { ids: ['b2', 'b3', 'b4'], next: 'r4' },
      r4: { ids: ['b5', 'c1', 'c2'], next: '' },
    };
    const recutView = (walk: Walk): PageInHand => {
      const rows = RECUT[walk.tokens[walk.index] ?? ''];
      if (!rows) throw new Error(`no page at ${String(walk.tokens[walk.index])}`);
      return rows;
    };
    /** The pages come, each in turn, until the walk has landed. */
    const land = (walk: Walk): Walk => {
      for (let pages = 0; walk.seek || walk.pending.length > 0; pages++) {
        if (pages > 10) throw new Error('the walk never landed');
        walk = walkReducer(walk, { type: 'landed', page: recutView(walk) });
      }
      return walk;
    };
    const where = (walk: Walk) => {
      const { ids } = recutView(walk);
      return {
        page: walk.index + 1,
        row: ids[selectedRow(ids, walk.selections[walk.index] ?? FIRST_ROW)],
      };
    };
    /** Cuts the walk again, as usePagedList does: with the page in view as the old cut had it. */
    const recut = (walk: Walk): Walk =>
      walkReducer(walk, {
        type: 'recut',
        page: { ids: inView(walk).ids, start: walk.index * 5 },
      });

    it('goes back to the first page and on, page by page, to the one that holds the selected row', () => {
      // Page 2 of 5 rows, its second row (b2): at 3 a page, b2 is the first row of page 3.
      const before = slowly([n, j]);
      expect(seen(before)).toEqual({ page: 2, row: 'b2' });
      const cut = recut(before);
      expect(cut).toMatchObject({ tokens: [undefined], index: 0, seek: { id: 'b2', row: 6 } });
      const landed = land(cut);
      expect(landed.tokens).toEqual([undefined, 'r2', 'r3']);
      expect(where(landed)).toEqual({ page: 3, row: 'b2' });
      expect(landed.seek).toBeUndefined();
      // b then walks back through pages that cover every row once: a4 a5 b1, then a1 a2 a3.
      const back = step(landed, { type: 'key', key: b, page: recutView(landed) });
      expect(recutView(back).ids).toEqual(['a4', 'a5', 'b1']);
    });

    it('goes on at once through the pages the cache has, in one step, not one render a page', () => {
      // A walkthrough's finding: a seek through 25 cached pages, a render each, made React give
      // up ("too many re-renders") after a resize on page 26.
      const cut = recut(slowly([n, j]));
      const landed = walkReducer(cut, {
        type: 'landed',
        page: recutView(cut),
        cached: (token) => RECUT[token ?? ''],
      });
      expect(landed.seek).toBeUndefined();
      expect(where(landed)).toEqual({ page: 3, row: 'b2' });
    });

    it('keeps a row not pinned (a page just turned to) by the item shown on it', () => {
      // n: page 2 on its first row, b1, never pinned; at 3 a page b1 is the last row of page 2.
      expect(where(land(recut(slowly([n]))))).toEqual({ page: 2, row: 'b1' });
      expect(where(land(recut(slowly([n, n, j]))))).toEqual({ page: 4, row: 'c2' });
      expect(where(land(recut(slowly([]))))).toEqual({ page: 1, row: 'a1' });
    });

    it('keys typed while it walks wait, and act on the page it lands on', () => {
      const cut = recut(slowly([n, j]));
      const typed = step(
        cut,
        { type: 'key', key: j, page: undefined },
        { type: 'key', key: j, page: recutView(cut) },
      );
      expect(typed.pending).toEqual([j, j]);
      // b3, then b4.
      expect(where(land(typed))).toEqual({ page: 3, row: 'b4' });
      // Not pinned to the first page's row meanwhile.
      expect(step(cut, { type: 'pin', page: recutView(cut) })).toBe(cut);
    });

    it('an item gone: stops at the page that holds the row it was on, on that row', () => {
      const cut = walkReducer(slowly([n, j]), {
        type: 'recut',
        page: { ids: ['b1', 'gone', 'b3', 'b4', 'b5'], start: 5 },
      });
      const landed = land({ ...cut, selections: [] });
      expect(landed.tokens).toEqual([undefined, 'r2', 'r3']);
      expect(where(landed)).toEqual({ page: 3, row: 'b2' });
    });

    it('cut again on its way: on to the same item; a failed page ends the walk', () => {
      const cut = recut(slowly([n, j]));
      const halfway = walkReducer(cut, { type: 'landed', page: recutView(cut) });
      expect(halfway).toMatchObject({ index: 1, seek: { id: 'b2' } });
      const again = walkReducer(halfway, { type: 'recut', page: undefined });
      expect(again).toMatchObject({ index: 0, seek: { id: 'b2', passed: 0 } });
      expect(where(land(again))).toEqual({ page: 3, row: 'b2' });
      expect(walkReducer(halfway, { type: 'landed', page: undefined })).toMatchObject({
        index: 1,
        seek: undefined,
      });
      // With no rows in hand when cut (the page in view was loading): the first page.
      expect(walkReducer(slowly([n]), { type: 'recut', page: undefined })).toMatchObject({
        tokens: [undefined],
        index: 0,
        seek: undefined,
      });
    });
  });

  it('m adds the next page after the one in view; the rows stay meanwhile', () => {
    const asking = step(firstPage, { type: 'more', all: false });
    expect(asking.more).toBe('one');
    const added = step(asking, {
      type: 'appended',
      generation: asking.generation,
      page: page(['c', 'd'], 't3'),
    });
    expect(added.added).toEqual(page(['c', 'd'], 't3'));
    expect(added.more).toBeUndefined();
    // M adds the rest after them, up to the bound it says it stopped at.
    const all = step(added, { type: 'more', all: true });
    expect(all.more).toBe('all');
    const capped = step(all, {
      type: 'appended',
      generation: all.generation,
      page: page(['e', 'f'], 't9', true),
    });
    expect(capped.added).toEqual(page(['c', 'd', 'e', 'f'], 't9', true));
  });

  it('drops an answer to m that comes after a refresh or a move: the rows are the page in view', () => {
    const asking = step(firstPage, { type: 'more', all: false });
    const moves: WalkAction<string>[] = [
      { type: 'refresh' },
      { type: 'key', key: n, page: inView(firstPage) },
    ];
    for (const since of moves) {
      const moved = step(asking, since);
      expect(moved.more).toBeUndefined();
      const late = step(moved, {
        type: 'appended',
        generation: asking.generation,
        page: page(['late']),
      });
      expect(late).toBe(moved);
      expect(late.added).toBeUndefined();
      const failedLate = step(moved, {
        type: 'moreFailed',
        generation: asking.generation,
        error: new Error('late'),
      });
      expect(failedLate).toBe(moved);
    }
  });

  it('drops the answer of an m asked again before it came: only the last one counts', () => {
    const first = step(firstPage, { type: 'more', all: false });
    const again = step(first, { type: 'more', all: true });
    expect(
      step(again, { type: 'appended', generation: first.generation, page: page(['old']) }),
    ).toBe(again);
    expect(
      step(again, { type: 'appended', generation: again.generation, page: page(['new']) }).added
        ?.items,
    ).toEqual(['new']);
  });

  it('a failed m says why and leaves the rows; the next m forgets the failure', () => {
    const asking = step(
      firstPage,
      { type: 'more', all: false },
      { type: 'appended', generation: 1, page: page(['c'], 't3') },
      { type: 'more', all: false },
    );
    const error = new Error('the API is down');
    const failed = step(asking, { type: 'moreFailed', generation: asking.generation, error });
    expect(failed).toMatchObject({ more: undefined, moreError: error });
    expect(failed.added?.items).toEqual(['c']);
    expect(step(failed, { type: 'more', all: false }).moreError).toBeUndefined();
  });

  it('a refresh, or a move, drops what m added: the page in view is the API answer again', () => {
    const added = step(
      firstPage,
      { type: 'more', all: false },
      { type: 'appended', generation: 1, page: page(['c'], 't3') },
    );
    expect(step(added, { type: 'refresh' }).added).toBeUndefined();
    expect(step(added, { type: 'key', key: n, page: inView(firstPage) }).added).toBeUndefined();
  });
});
