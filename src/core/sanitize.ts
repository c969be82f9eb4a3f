/**
 * Text from outside (API bodies and headers, DNS answers, the config file, the environment) made
 * safe to show on a terminal. A terminal obeys control characters wherever they come from: an
 * `ESC ] 2 ; … BEL` in a project name would retitle the window, `ESC ] 52 ; c ; …` write the
 * clipboard, a CR or backspace hide what came before. So every C0 control (U+0000–U+001F), DEL
 * (U+007F) and C1 control (U+0080–U+009F, which some terminals obey as ESC sequences) is shown as
 * its JSON escape, `\u001b`: visible, never obeyed, and the same in text and in JSON output.
 *
 * So are the characters that change what text looks like without showing themselves: the bidi
 * controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, U+200E/U+200F marks,
 * U+061C) and the zero-width ones (U+200B–U+200D, U+2060, U+FEFF). An override turns
 * `moc.elpmaxe` into what reads as `example.com`; a zero-width space makes two different names
 * look the same. From outside they are data, and shown as such.
 *
 * Pure functions, no dependencies: every face (commands, UI) and every bundle can use them.
 */

// One class for C0, DEL, C1 and the invisible ones (bidi controls, zero-width characters); each
// is shown as JSON writes C0 controls (`\u001b`).
const CONTROL =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
// The same, minus what a multi-line text may hold: LF, tab, and CR right before LF.
const CONTROL_IN_TEXT =
  // eslint-disable-next-line no-control-regex -- as above
  /\r(?!\n)|[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
const ANY_CONTROL =
  // eslint-disable-next-line no-control-regex -- as above
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
// What JSON.stringify leaves raw: DEL, C1 and the invisible ones (it escapes C0 itself).
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

const escape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * One line of outside text as it may be shown: every control character, line breaks and tabs
 * included, as its `\u00XX` escape. For names, messages, table cells, header values.
 */
export function visible(text: string): string {
  return text.replace(CONTROL, escape);
}

/**
 * Outside text of several lines (a response body that is not JSON): line breaks (LF or CRLF) and
 * tabs are kept, every other control character is shown as its `\u00XX` escape. A lone CR is
 * escaped too: it would return to the start of the line and let the rest overwrite it.
 */
export function visibleText(text: string): string {
  return text.replace(CONTROL_IN_TEXT, escape);
}

/**
 * True when the text holds a control character (line breaks and tabs included) or one of the
 * invisible ones `visible` shows.
 */
export function hasControls(text: string): boolean {
  return ANY_CONTROL.test(text);
}

/**
 * JSON text (from JSON.stringify) with DEL, C1 controls and the invisible characters escaped as
 * well. JSON.stringify escapes C0 controls but leaves the others as they are; they can only be
 * inside strings, where `\u009b` is a valid escape of the same character: the output parses back
 * to the same value.
 */
export function escapeJsonControls(json: string): string {
  return json.replace(RAW_IN_JSON, escape);
}
