import { describe, expect, it } from 'vitest';
import { resultsWindow } from '../../src/ui/add-domain/AddManyResults.js';

// Which of the add form's results show in the lines they have, apart from Ink: the latest that
// fit, a line kept for the "… N more above · M more below" mark, and where scrolling back takes
// the window.
describe("the add form's results window", () => {
  const oneEach = Array<number>(12).fill(1);

  it('all of them when they fit', () => {
    expect(resultsWindow(oneEach, 12, 0)).toEqual({ first: 0, end: 12, atTop: true });
  });

  it('the latest that fit, a line kept to count those above', () => {
    expect(resultsWindow(oneEach, 8, 0)).toEqual({ first: 5, end: 12, atTop: false });
  });

  it('scrolled back: the same line counts those above and below, so as many rows show each way', () => {
    // A walkthrough's finding: a second line for those below took a row, and the first j or
    // PgDn from the top moved past one result.
    expect(resultsWindow(oneEach, 8, 2)).toEqual({ first: 3, end: 10, atTop: false });
    expect(resultsWindow(oneEach, 8, 4)).toEqual({ first: 1, end: 8, atTop: false });
    // Seven results and the line: the first is in view, the scroll stops here.
    expect(resultsWindow(oneEach, 8, 5)).toEqual({ first: 0, end: 7, atTop: true });
    // From the top, one down shows the next result and no other.
    expect(resultsWindow(oneEach, 8, 4).first).toBe(1);
  });

  it('a result of several lines (a wrapped reason) counts them all; the last of the window always shows', () => {
    expect(resultsWindow([1, 3, 1, 3], 5, 0)).toEqual({ first: 2, end: 4, atTop: false });
    expect(resultsWindow([1, 9], 3, 0)).toEqual({ first: 1, end: 2, atTop: false });
  });
});
