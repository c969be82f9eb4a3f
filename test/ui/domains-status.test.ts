import { describe, expect, it } from 'vitest';
import { pagesStatus, statusHeight } from '../../src/ui/domains/domains-lines.js';

// The domains screen's status line under the table, apart from Ink: what it says, and the lines
// it takes (the table gives up those past the first).
const PAGE = {
  number: 1,
  shownRows: 'rows 1–14',
  total: '45',
  size: 14,
  canNext: true,
  lastPage: false,
  canPrevious: false,
  refreshing: false,
};
const text = (parts: { text: string }[]) => parts.map((part) => part.text).join('');

describe("the domains screen's status line", () => {
  it('keeps the way on where the line fits', () => {
    const parts = pagesStatus(PAGE, ['watching 5 pending domains every 10 s'], 120);
    expect(text(parts)).toBe(
      'page 1 · rows 1–14 of 45 · 14 per page · n next page · watching 5 pending domains every 10 s',
    );
    expect(statusHeight(parts, 120)).toBe(1);
  });

  it("drops the way on (the footer's keys) before it would wrap; last page stays", () => {
    const parts = pagesStatus(
      { ...PAGE, number: 4, canNext: false, lastPage: true, canPrevious: true },
      ['watching 5 pending domains every 10 s'],
      80,
    );
    expect(text(parts)).toBe(
      'page 4 · rows 1–14 of 45 · 14 per page · last page · watching 5 pending domains every 10 s',
    );
  });

  it('wraps a long note whole, in as many lines as it takes', () => {
    const note = '✓ shop.customer-one.example, www.customer-two.example turned verified';
    const parts = pagesStatus(PAGE, [note, 'watching 3 pending domains every 10 s'], 80);
    expect(text(parts)).toContain(note);
    expect(text(parts)).not.toContain('n next page');
    expect(statusHeight(parts, 80)).toBe(2);
  });
});
