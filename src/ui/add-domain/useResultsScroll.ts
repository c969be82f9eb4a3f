import { useState } from 'react';
import type { AddResult } from './add-many.js';
import { resultLines, resultsRoom, resultsWindow } from './AddManyResults.js';

/**
 * Where the add form's results are scrolled: `back` results from the last (0 follows the latest,
 * as they come), the window that shows, and where ↑↓ j k PgUp PgDn take it (a host, or a
 * screenful; never past the first result or the last).
 */
export function useResultsScroll(
  results: readonly AddResult[],
  running: boolean,
  height: number,
  columns: number,
) {
  const [kept, setBack] = useState(0);
  const lines = resultLines(results, columns);
  const room = resultsRoom(results, running, height, columns);
  // Where the room has grown (a taller terminal) the view fills it: it shows the results below
  // rather than spare lines under "more below".
  let back = kept;
  while (back > 0 && resultsWindow(lines, room, back - 1).atTop) back--;
  const shown = resultsWindow(lines, room, back);
  const scroll = (up: boolean, page: boolean) => {
    const step = page ? Math.max(1, shown.end - shown.first) : 1;
    if (!up) return setBack(Math.max(0, back - step));
    let next = back;
    for (let n = 0; n < step && !resultsWindow(lines, room, next).atTop; n++) next++;
    setBack(next);
  };
  /** g: back to the first result; G: on to the latest. */
  const end = (first: boolean) => {
    let next = 0;
    while (first && !resultsWindow(lines, room, next).atTop) next++;
    setBack(next);
  };
  return {
    back,
    /** There is more than the view shows: the scroll keys do something. */
    scrolls: back > 0 || !shown.atTop,
    scroll,
    end,
    reset: () => setBack(0),
  };
}
