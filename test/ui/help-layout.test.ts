import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/ui/format.js';
import { type HelpItem, helpLayout } from '../../src/ui/help-layout.js';
import { binding, helpKeys, screenKeys } from '../../src/ui/keymap.js';
import { screenBodyHeight } from '../../src/ui/layout.js';
import type { RouteName } from '../../src/ui/navigation.js';

const screens = Object.keys(screenKeys) as RouteName[];

/** A screen's keys as the overlay gives them: none, or every one, doing nothing now. */
const itemsOf = (screen: RouteName, off: boolean): HelpItem[] =>
  helpKeys(screen).map((id) => ({
    id,
    keys: binding(id).keys,
    help: binding(id).help,
    off,
    main: screenKeys[screen].footer.includes(id),
  }));

/** The help's rows at this size: the body less the title's line. */
const rowsAt = (rows: number) => screenBodyHeight(rows) - 1;

describe('the help layout', () => {
  for (const [columns, rows] of [
    [80, 24],
    [60, 24],
    [200, 50],
  ] as const) {
    it(`at ${columns}x${rows}, on every screen: within its rows and columns, every key listed or counted`, () => {
      for (const screen of screens) {
        for (const off of [false, true]) {
          const items = itemsOf(screen, off);
          const height = rowsAt(rows);
          // More keys that work than two columns have rows for: none could give way (the raw
          // screen, whose keys never all work at once).
          if (!off && items.length > 2 * height) continue;
          const layout = helpLayout(items, height, columns);
          const listed = layout.columns.flatMap((c) => c.entries.map((e) => e.item));
          expect(listed.length + layout.left, screen).toBe(items.length);
          expect(layout.columns.reduce((sum, c) => sum + c.width, 0)).toBeLessThanOrEqual(columns);
          for (const column of layout.columns) {
            const used = column.entries.reduce((sum, e) => sum + e.lines.length, 0);
            expect(used + (layout.left ? 1 : 0), screen).toBeLessThanOrEqual(height);
            for (const { lines } of column.entries) {
              for (const line of lines) {
                // Two columns apart in the first of two columns.
                const gap = column === layout.columns[0] && layout.columns.length > 1 ? 2 : 0;
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

  it('at 200x50 every help of every screen is whole, in one column', () => {
    for (const screen of screens.filter((s) => s !== 'raw')) {
      const layout = helpLayout(itemsOf(screen, false), rowsAt(50), 200);
      expect(layout.columns).toHaveLength(1);
      for (const { item, lines } of layout.columns[0]?.entries ?? []) {
        expect(lines.join(' ')).toBe(item.help);
      }
    }
  });

  it('wraps a help under itself while the rows allow, and cuts only when they do not', () => {
    const items: HelpItem[] = [
      { id: 'app.quit', keys: 'q', help: 'one two three four five six', off: false },
      { id: 'app.help', keys: '?', help: 'seven eight nine', off: true },
    ];
    // Room for the helps: 12 columns less the keys' 3.
    expect(helpLayout(items, 8, 12).columns[0]?.entries.map((e) => e.lines)).toEqual([
      ['one two', 'three', 'four five', 'six'],
      ['seven', 'eight', 'nine (not', 'now)'],
    ]);
    // Just the rows they need: both whole, in one column.
    const exact = helpLayout(items, 4, 20);
    expect(exact.columns).toHaveLength(1);
    expect(exact.columns[0]?.entries.map((e) => e.lines)).toEqual([
      ['one two three', 'four five six'],
      ['seven eight nine', '(not now)'],
    ]);
    // A row short: the key that does nothing gives up its lines first, its mark kept.
    expect(helpLayout(items, 3, 20).columns[0]?.entries.map((e) => e.lines)).toEqual([
      ['one two three', 'four five six'],
      ['seven … (not now)'],
    ]);
  });
});
