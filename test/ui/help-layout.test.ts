import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/ui/components/format.js';
import {
  type HelpItem,
  helpLayout,
  helpWindow,
  NOT_NOW,
  scrolledTop,
} from '../../src/ui/app/help-layout.js';
import { binding, helpKeys, screenKeys } from '../../src/ui/app/keymap.js';
import { screenBodyHeight } from '../../src/ui/app/layout.js';
import type { RouteName } from '../../src/ui/app/navigation.js';

const screens = Object.keys(screenKeys) as RouteName[];

/**
 * A screen's keys as the overlay gives them: none, or every one, doing nothing now; the help's
 * scroll key only where it scrolls (`scrolling`).
 */
const itemsOf = (screen: RouteName, off: boolean, scrolling = false): HelpItem[] =>
  helpKeys(screen)
    .filter((id) => scrolling || id !== 'help.scroll')
    .map((id) => ({ id, keys: binding(id).keys, help: binding(id).help, off }));

/** The help's rows at this size: the body less the title's line. */
const rowsAt = (rows: number) => screenBodyHeight(rows) - 1;

const byId = (a: HelpItem, b: HelpItem) => a.id.localeCompare(b.id);

const whole = (item: HelpItem) => item.help + (item.off ? NOT_NOW : '');

describe('the help layout', () => {
  for (const [columns, rows] of [
    [80, 24],
    [60, 24],
    [200, 50],
  ] as const) {
    it(`at ${columns}x${rows}, on every screen: every key listed once, every help whole, within the columns`, () => {
      for (const screen of screens) {
        for (const off of [false, true]) {
          const items = itemsOf(screen, off);
          const height = rowsAt(rows);
          const layout = helpLayout(items, height, columns);
          const listed = layout.columns.flatMap((c) => c.entries.map((e) => e.item));
          // Every key, once (a scrolling help puts those that work now first).
          expect([...listed].sort(byId), screen).toEqual([...items].sort(byId));
          expect(layout.columns.reduce((sum, c) => sum + c.width, 0)).toBeLessThanOrEqual(columns);
          for (const column of layout.columns) {
            const used = column.entries.reduce((sum, e) => sum + e.lines.length, 0);
            // Taller than the rows only when it scrolls (then one column).
            expect({ screen, over: used > height }).toEqual({ screen, over: layout.scrolls });
            expect(layout.scrolls && layout.columns.length > 1, screen).toBe(false);
            for (const { item, lines } of column.entries) {
              expect(lines.join(' '), screen).toBe(whole(item));
              // Two columns apart in the first of two columns.
              const gap = column === layout.columns[0] && layout.columns.length > 1 ? 2 : 0;
              for (const line of lines) {
                expect(displayWidth(line), line).toBeLessThanOrEqual(
                  column.width - column.keysWidth - gap,
                );
              }
            }
          }
        }
      }
    });
  }

  it('at 200x50 every help of every screen but the raw one is whole, in one column', () => {
    for (const screen of screens.filter((s) => s !== 'raw')) {
      const layout = helpLayout(itemsOf(screen, false), rowsAt(50), 200);
      expect(layout.columns).toHaveLength(1);
      expect(layout.scrolls).toBe(false);
    }
  });

  it('at 80x24 the raw screen scrolls: page after page shows every key, each with its help whole', () => {
    const height = rowsAt(24);
    const layout = helpLayout(itemsOf('raw', false, true), height, 80);
    expect(layout.scrolls).toBe(true);
    const entries = layout.columns[0]?.entries ?? [];
    // The overlay's window: the rows less the line that says where it is.
    const rows = height - 1;
    const seen = new Set<string>();
    let top = 0;
    for (let page = 0; page < entries.length; page++) {
      const { first, count } = helpWindow(entries, top, rows);
      const shown = entries.slice(first, first + count);
      expect(shown.reduce((sum, e) => sum + e.lines.length, 0)).toBeLessThanOrEqual(rows);
      for (const entry of shown) seen.add(entry.item.id);
      const next = scrolledTop(entries, top, rows, { by: 'page', direction: 1 });
      if (next === top) break;
      // A page on starts right after the last entry in view: none is skipped.
      expect(next).toBeLessThanOrEqual(first + count);
      top = next;
    }
    expect([...seen].sort()).toEqual(helpKeys('raw').sort());
    // ↑ and PgUp from the end come back to the first key.
    expect(scrolledTop(entries, top, rows, { by: 'line', direction: -1 })).toBe(top - 1);
    let back = top;
    for (let i = 0; i < entries.length && back > 0; i++) {
      back = scrolledTop(entries, back, rows, { by: 'page', direction: -1 });
    }
    expect(back).toBe(0);
  });

  it('wraps a help under itself: one column while it fits, then two, then a scrolling one', () => {
    const items: HelpItem[] = [
      { id: 'app.quit', keys: 'q', help: 'one two three four five six', off: false },
      { id: 'app.help', keys: '?', help: 'seven eight nine', off: true },
    ];
    // Just the rows they need: both whole, in one column (room: 20 columns less the keys' 3).
    const exact = helpLayout(items, 4, 20);
    expect(exact.columns).toHaveLength(1);
    expect(exact.columns[0]?.entries.map((e) => e.lines)).toEqual([
      ['one two three', 'four five six'],
      ['seven eight nine', '(not now)'],
    ]);
    // One row: two columns of 40, each help whole on its line.
    const two = helpLayout(items, 1, 80);
    expect(two.scrolls).toBe(false);
    expect(two.columns.map((c) => c.entries.map((e) => e.lines))).toEqual([
      [['one two three four five six']],
      [[`seven eight nine${NOT_NOW}`]],
    ]);
    // A row short of one column, and too narrow for two: one column that scrolls, nothing cut.
    const scrolling = helpLayout(items, 3, 20);
    expect(scrolling.scrolls).toBe(true);
    expect(scrolling.columns.map((c) => c.entries.map((e) => e.lines))).toEqual([
      exact.columns[0]?.entries.map((e) => e.lines),
    ]);
  });
});
