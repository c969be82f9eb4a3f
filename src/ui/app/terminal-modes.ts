// The terminal's modes the UI runs in, for run.ts (start, end) and for the editor's suspension.

/** The alternate screen, cleared, the cursor at home; bracketed paste (?2004) so a paste comes
 * marked and its line breaks are text, not Enter. */
export const ENTER_ALTERNATE_SCREEN = '\u001b[?1049h\u001b[H\u001b[?2004h';
export const LEAVE_ALTERNATE_SCREEN = '\u001b[?2004l\u001b[?1049l';
export const SHOW_CURSOR = '\u001b[?25h';
export const HIDE_CURSOR = '\u001b[?25l';
