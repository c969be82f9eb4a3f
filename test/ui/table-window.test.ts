import { describe, expect, it } from 'vitest';
import { tableWindow } from '../../src/ui/components/table-window.js';

// The rows a table shows, apart from Ink: 100 rows in 11 lines (10 rows and the "more" line).
describe('tableWindow', () => {
  it('shows every row with no "more" line where they fit', () => {
    expect(tableWindow(3, 5, 11, 40)).toEqual({ offset: 0, shown: 5, above: 0, below: 0 });
  });

  it('stays where it was while the selection is in view', () => {
    expect(tableWindow(45, 100, 11, 40).offset).toBe(40);
    expect(tableWindow(49, 100, 11, 40).offset).toBe(40);
  });

  it('moves no further than it takes to show the selection', () => {
    expect(tableWindow(50, 100, 11, 40)).toEqual({ offset: 41, shown: 10, above: 41, below: 49 });
    expect(tableWindow(39, 100, 11, 40).offset).toBe(39);
    expect(tableWindow(0, 100, 11, 40).offset).toBe(0);
  });

  it('never shows past the last row, whatever it kept (after a filter or a resize)', () => {
    expect(tableWindow(10, 20, 11, 15).offset).toBe(10);
    expect(tableWindow(19, 20, 11, 95).offset).toBe(10);
  });
});
