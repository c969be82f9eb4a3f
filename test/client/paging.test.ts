import { describe, expect, it } from 'vitest';
import { PagingError } from '../../src/core/errors.js';
import { PageGuard } from '../../src/client/paging.js';

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

  it('stops at an empty page that points to another', () => {
    expect(() => new PageGuard('the projects').next('more', 0)).toThrow(
      new PagingError(
        'page 1 of the projects was empty but pointed to a further page (next_page_token "more"): following such pages could never end, so the list stopped there, incomplete, after 0 items',
      ),
    );
  });

  it('quotes only the start of a long token', () => {
    const long = 'x'.repeat(100);
    const guard = new PageGuard('the list');
    guard.next(long, 1);
    expect(() => guard.next(long, 1)).toThrow(`"${'x'.repeat(40)}…"`);
  });
});
