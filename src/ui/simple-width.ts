import stripAnsi from 'strip-ansi';

/**
 * The characters (a regular expression's class) that take one column each and are a grapheme of
 * their own: printable ASCII and
 * the Latin, punctuation, arrow, mathematical, box-drawing and shape characters the UI draws
 * (· … – › ≥ ─ ● ✓ ✗ among them). Characters that join their neighbours (combining marks,
 * joiners, variation selectors), take two columns or none, or that a version of string-width
 * counts as an emoji, are not in it. test/ui/simple-width.test.ts checks every character of it
 * against string-width 8 and 7 (Ink's, and wrap-ansi's) and Intl.Segmenter.
 */
export const SIMPLE_CHARACTERS =
  '\\u0020-\\u007E\\u00A0-\\u00A8\\u00AA-\\u00AC\\u00AF-\\u02FF\\u2010-\\u2027\\u2030-\\u203B\\u203D-\\u2048\\u204A-\\u205E\\u2190-\\u2193\\u219A-\\u21A8\\u21AB-\\u21FF\\u2200-\\u22FF\\u2500-\\u25A9\\u25AC-\\u25B5\\u25B7-\\u25BF\\u25C1-\\u25FA\\u2713\\u2717';

/** Text of SIMPLE_CHARACTERS only. */
export const SIMPLE_TEXT = new RegExp(`^[${SIMPLE_CHARACTERS}]*$`);

/**
 * The columns `text` takes, as string-width counts them, when that needs no grapheme segmenting
 * and no Unicode property lookup: the text (without its ANSI escapes, which string-width strips
 * the same way) is SIMPLE_TEXT, so its width is its length. Undefined otherwise, and for the
 * options that change string-width's count: string-width must answer then.
 *
 * The bundle gives this to every importer of string-width (scripts/build.mjs, fastStringWidth),
 * and loads string-width itself only for text this does not answer. Ink measures every line of
 * every frame with it; string-width's own first calls compile its Unicode property expressions
 * (the RGI emoji one alone takes ~11 ms on Node 24), which the UI's first frame then never pays.
 */
export function simpleWidth(
  text: unknown,
  options?: { ambiguousIsNarrow?: boolean; countAnsiEscapeCodes?: boolean },
): number | undefined {
  if (typeof text !== 'string') return undefined;
  if (options?.ambiguousIsNarrow === false || options?.countAnsiEscapeCodes) return undefined;
  const plain = text.includes('\u001B') || text.includes('\u009B') ? stripAnsi(text) : text;
  return SIMPLE_TEXT.test(plain) ? plain.length : undefined;
}
