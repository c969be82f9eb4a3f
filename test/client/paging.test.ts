import { describe, expect, it } from 'vitest';
import { PagingError } from '../../src/core/errors.js';
import { MAX_EMPTY_PAGES, PageGuard } from '../../src/client/paging.js';

describe('PageGuard', () => {
  it('hands on each new token and ends the walk at an empty one', () => {
    const guard = new PageGuard('the domains of prj_x');
    expect(guard.next('p2', 100)).toBe('p2');
    expect(guard.next('p3', 100)).toBe('p3');
    expect(guard.next('', 7)).toBeUndefined();
    expect(new PageGuard('x').next(null, 0)).toBeUndefined();
    expect(new PageGuard('x').next(undefined, 0)).toBeUndefined();
  });

  it('stops at a token handed out a second time, and says how far it got', () => {
    const guard = new PageGuard('the domains of prj_x');
    guard.next('p2', 2);
    expect(() => guard.next('p2', 2)).toThrow(
      new PagingError(
        'the API handed out the page token "p2" a second time (page 2 of the domains of prj_x): following it would never end, so the list stopped there, incomplete, after 4 items',
      ),
    );
  });

  it('counts the token the walk started from as handed out', () => {
    expect(() => new PageGuard('the list', 'start').next('start', 1)).toThrow(PagingError);
  });

  it('follows empty pages that point further (AIP-158), up to MAX_EMPTY_PAGES in a row', () => {
    const guard = new PageGuard('the projects');
    expect(guard.next('a', 3)).toBe('a');
    for (let n = 1; n <= MAX_EMPTY_PAGES; n++) expect(guard.next(`e${n}`, 0)).toBe(`e${n}`);
    expect(() => guard.next('one-too-many', 0)).toThrow(
      new PagingError(
        `page ${MAX_EMPTY_PAGES + 2} of the projects made ${MAX_EMPTY_PAGES + 1} empty pages in a row, still pointing to a further page (next_page_token "one-too-many"): past ${MAX_EMPTY_PAGES} empty pages in a row the list is taken never to end, so the list stopped there, incomplete, after 3 items`,
      ),
    );
  });

  it('counts only empty pages in a row: a page with items starts the count again', () => {
    const guard = new PageGuard('the projects');
    let token = 0;
    for (let round = 0; round < 3; round++) {
      for (let n = 0; n < MAX_EMPTY_PAGES; n++) guard.next(`t${token++}`, 0);
      guard.next(`t${token++}`, 1);
    }
    expect(guard.next('', 0)).toBeUndefined();
  });

  it('an empty last page ends the walk like any other', () => {
    expect(new PageGuard('x').next('', 0)).toBeUndefined();
  });

  it('quotes only the start of a long token', () => {
    const long = 'x'.repeat(100);
    const guard = new PageGuard('the list');
    guard.next(long, 1);
    expect(() => guard.next(long, 1)).toThrow(`"${'x'.repeat(40)}…"`);
  });
});
