import { type ActionId, binding } from './keymap.js';

// The screen's geometry, apart from Ink: run.ts sizes the first page of domains with it before
// Ink and React have loaded, so the request it starts is the very one the screen makes.

/** Columns between two of the footer's keys. */
export const FOOTER_GAP = 3;

/**
 * The footer's lines of keys on every screen, whichever keys work now: no screen's size depends
 * on them (what does not fit is in the `?` help; footer-keys.ts chooses).
 */
export const FOOTER_LINES = 2;

/** The footer's height: its rule and its lines of keys. */
export const FOOTER_HEIGHT = 1 + FOOTER_LINES;

/** A footer item's text: its keys and its short label. */
export function footerItemText(id: ActionId): { keys: string; label: string } {
  const b = binding(id);
  return { keys: b.keys, label: b.label ?? b.help };
}

/**
 * The lines a screen gets: the terminal less the header (2), the footer and one spare line. App
 * spells the same sum out.
 */
export function screenBodyHeight(rows: number): number {
  return Math.max(3, rows - 1 - 2 - FOOTER_HEIGHT);
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
