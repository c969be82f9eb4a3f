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
 * U+061C), the zero-width ones (U+200B–U+200D, U+2060, U+FEFF) and the other default-ignorable
 * ones a font draws as nothing: the soft hyphen (U+00AD), the combining grapheme joiner (U+034F),
 * the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the Khmer inherent vowels (U+17B4, U+17B5),
 * the Mongolian vowel separator (U+180E), the invisible operators and deprecated format controls
 * (U+2061–U+206F), the interlinear annotation marks (U+FFF9–U+FFFB), and the line and paragraph
 * separators (U+2028, U+2029), which a terminal shows as nothing or as a break it did not count.
 * An override turns `moc.elpmaxe` into what reads as `example.com`; a zero-width space or a
 * Hangul filler makes two different names look the same. From outside they are data, and shown
 * as such.
 *
 * So are the tag characters (U+E0000–U+E007F), invisible letters that can carry a hidden message,
 * but for the one place they belong: the tag sequence of a subdivision flag. The zero-width
 * joiner is kept where it joins two pictographs into one emoji.
 *
 * The variation selectors (U+FE00–U+FE0F) are left alone: U+FE0F asks for an emoji's colour form
 * and is in most emoji people type, and a selector alone changes nothing it is not attached to.
 *
 * Pure functions, no dependencies: every face (commands, UI) and every bundle can use them.
 */

// The invisible ones, as the body of a character class. Written as escapes (String.raw) so the
// pattern's source reads as the list above. U+200D and the tag characters are handled apart.
const INVISIBLE = String.raw`\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}`;
const C0 = String.raw`\u0000-\u001f`;
const DEL_C1 = String.raw`\u007f-\u009f`;
// What is kept although it holds one of the characters above: an emoji ZWJ sequence's joiner
// (U+200D between two pictographs: 👨‍👩‍👧 is one picture, and escaping the joiner would split it
// into three) and a flag's tag sequence (U+1F3F4, tag letters, the cancel tag: 🏴󠁧󠁢󠁳󠁣󠁴󠁿). Anywhere else
// U+200D joins nothing a reader sees, and tag characters are invisible text.
const KEPT = String.raw`(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}]\ufe0f?)\u200d(?=\p{Extended_Pictographic})|\u{1f3f4}[\u{e0020}-\u{e007e}]+\u{e007f}`;
const JOINER = String.raw`\u200d`;
// Each pattern matches what is kept first (its first group), then one character to escape. Some
// invisible ones are combining marks (U+034F, U+17B4); matching each alone, apart from the letter
// it follows, is the point, so no-misleading-character-class is off here.
// eslint-disable-next-line no-misleading-character-class -- see above
const CONTROL = new RegExp(`(${KEPT})|[${C0}${DEL_C1}${INVISIBLE}]|${JOINER}`, 'gu');
// The same, minus what a multi-line text may hold: LF, tab, and CR right before LF.
const CONTROL_IN_TEXT = new RegExp(
  // eslint-disable-next-line no-misleading-character-class -- see above
  String.raw`(${KEPT})|\r(?!\n)|[\u0000-\u0008\u000b-\u000c\u000e-\u001f` +
    `${DEL_C1}${INVISIBLE}]|${JOINER}`,
  'gu',
);
// What JSON.stringify leaves raw: DEL, C1 and the invisible ones (it escapes C0 itself).
// eslint-disable-next-line no-misleading-character-class -- see above
const RAW_IN_JSON = new RegExp(`(${KEPT})|[${DEL_C1}${INVISIBLE}]|${JOINER}`, 'gu');

/** Each UTF-16 unit as JSON escapes it (`\u001b`; a tag character is two, `\udb40\udc41`). */
const escape = (match: string, kept: string | undefined) => {
  if (kept !== undefined) return kept;
  let out = '';
  for (let i = 0; i < match.length; i++) {
    out += `\\u${match.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  return out;
};

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
  return visible(text) !== text;
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
