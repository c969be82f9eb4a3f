import { type ActionId, binding, footerKeys } from './keymap.js';
import type { RouteName } from './navigation.js';

// The screen's geometry, apart from Ink: run.ts sizes the first page of domains with it before
// Ink and React have loaded, so the request it starts is the very one the screen makes.

/** Columns between two of the footer's keys. */
export const FOOTER_GAP = 3;

/** A footer item's text: its keys and its short label. */
export function footerItemText(id: ActionId): { keys: string; label: string } {
  const b = binding(id);
  return { keys: b.keys, label: b.label ?? b.help };
}

/**
 * How many lines the footer's keys take at this width: they wrap between items, never inside.
 * Without `unavailable`, every key the screen can have (what the page size is measured with, so
 * a key coming or going never changes it).
 */
export function footerHeight(
  screen: RouteName,
  typing: boolean,
  columns: number,
  unavailable?: ReadonlySet<ActionId>,
): number {
  let lines = 1;
  let used = 0;
  for (const id of footerKeys(screen, typing, unavailable)) {
    const { keys, label } = footerItemText(id);
    const width = keys.length + 1 + label.length;
    if (used > 0 && used + FOOTER_GAP + width > columns) {
      lines++;
      used = width;
    } else {
      used += (used > 0 ? FOOTER_GAP : 0) + width;
    }
  }
  return lines + 1;
}

/**
 * The lines a screen gets: the terminal less the header (2), the footer and one spare line. App
 * spells the same sum out.
 */
export function screenBodyHeight(
  screen: RouteName,
  typing: boolean,
  columns: number,
  rows: number,
) {
  return Math.max(3, rows - 1 - 2 - footerHeight(screen, typing, columns));
}

/**
 * Lines of the domains screen that are not table rows: title, summary, table header, status line.
 */
export const DOMAINS_CHROME = 4;
const MIN_PAGE = 5;
const MAX_PAGE = 100;

/** The domains screen's page size: as many rows as the body shows, 5 to 100. */
export function domainsPageSize(body: number): number {
  return Math.max(MIN_PAGE, Math.min(MAX_PAGE, body - DOMAINS_CHROME));
}
