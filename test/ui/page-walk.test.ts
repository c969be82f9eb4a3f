import { describe, expect, it } from 'vitest';
import {
  firstPage,
  type WalkAction,
  type WalkState,
  walkReducer,
} from '../../src/ui/queries/page-walk.js';

type Walk = WalkState<string>;
const step = (state: Walk, ...actions: WalkAction<string>[]): Walk =>
  actions.reduce<Walk>(walkReducer, state);
const page = (items: string[], next = '', capped = false) => ({ items, next, capped });

describe('the walk through a paged list', () => {
  it('starts on the first page, which has no token', () => {
    expect(firstPage).toMatchObject({ tokens: [undefined], index: 0 });
  });

  it('n asks for the page at the token the page before handed out; b goes back to the very token that first produced it', () => {
    const third = step(firstPage, { type: 'next', token: 't2' }, { type: 'next', token: 't3' });
    expect(third).toMatchObject({ tokens: [undefined, 't2', 't3'], index: 2 });
    const second = step(third, { type: 'previous' });
    expect(second.index).toBe(1);
    expect(second.tokens[second.index]).toBe('t2');
  });

  it('n typed ahead while a page loads waits for it, and each goes on with the token the page before hands out', () => {
    // n: page 2 loads; n n meanwhile are kept.
    const waiting = step(
      firstPage,
      { type: 'next', token: 't2' },
      { type: 'queueNext' },
      { type: 'queueNext' },
    );
    expect(waiting).toMatchObject({ index: 1, queued: 2 });
    // Page 2 came with t3: the first waiting n takes it; page 3 with t4: the second.
    const third = step(waiting, { type: 'next', token: 't3', queued: true });
    expect(third).toMatchObject({ tokens: [undefined, 't2', 't3'], index: 2, queued: 1 });
    const fourth = step(third, { type: 'next', token: 't4', queued: true });
    expect(fourth).toMatchObject({ index: 3, queued: 0 });
  });

  it('b while an n waits takes that n back; past the last page, or on a refresh, the waiting ones go', () => {
    const waiting = step(firstPage, { type: 'next', token: 't2' }, { type: 'queueNext' });
    expect(step(waiting, { type: 'previous' })).toMatchObject({ index: 1, queued: 0 });
    expect(step(waiting, { type: 'dropQueue' })).toMatchObject({ index: 1, queued: 0 });
    expect(step(waiting, { type: 'refresh' })).toMatchObject({ index: 1, queued: 0 });
    // An n typed when the page in view is ready goes at once, and nothing waits.
    expect(step(firstPage, { type: 'next', token: 't2' }).queued).toBe(0);
  });

  it('b on the first page changes nothing', () => {
    expect(step(firstPage, { type: 'previous' })).toBe(firstPage);
  });

  it('going on from a page gone back to replaces the pages after it', () => {
    const walk = step(
      firstPage,
      { type: 'next', token: 't2' },
      { type: 'next', token: 't3' },
      { type: 'previous' },
      { type: 'previous' },
      { type: 'next', token: 't2-again' },
    );
    expect(walk).toMatchObject({ tokens: [undefined, 't2-again'], index: 1 });
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
    for (const since of [{ type: 'refresh' }, { type: 'next', token: 't2' }] as const) {
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
    expect(step(added, { type: 'next', token: 't2' }).added).toBeUndefined();
  });
});
