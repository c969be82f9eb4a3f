import type { LineEdit } from './line-editor.js';

type KeyEdit = Exclude<LineEdit, { type: 'insert' }>['type'];

/**
 * Which bytes from the terminal mean which edit of a text field. Read from the raw sequences:
 * Ink's `Key` reports Backspace (DEL, 0x7f) and the Delete key (`ESC [ 3 ~`) alike, as `delete`.
 */
const CONTROL_EDITS: Record<string, KeyEdit> = {
  '\u0001': 'beginning-of-line', // Ctrl+A
  '\u0002': 'backward-char', // Ctrl+B (tmux's prefix, so rarely seen)
  '\u0004': 'delete-char', // Ctrl+D
  '\u0005': 'end-of-line', // Ctrl+E
  '\u0006': 'forward-char', // Ctrl+F
  '\u0008': 'backward-delete-char', // Ctrl+H, and Backspace on some terminals
  '\u000b': 'kill-line', // Ctrl+K
  '\u0015': 'unix-line-discard', // Ctrl+U
  '\u0017': 'unix-word-rubout', // Ctrl+W
  '\u0019': 'yank', // Ctrl+Y
  '\u007f': 'backward-delete-char', // Backspace
};

const ESCAPE_EDITS: Record<string, KeyEdit> = {
  '\u001b[D': 'backward-char',
  '\u001bOD': 'backward-char',
  '\u001b[C': 'forward-char',
  '\u001bOC': 'forward-char',
  '\u001b[H': 'beginning-of-line',
  '\u001bOH': 'beginning-of-line',
  '\u001b[1~': 'beginning-of-line',
  '\u001b[7~': 'beginning-of-line',
  '\u001b[F': 'end-of-line',
  '\u001bOF': 'end-of-line',
  '\u001b[4~': 'end-of-line',
  '\u001b[8~': 'end-of-line',
  '\u001b[3~': 'delete-char',
  '\u001bb': 'backward-word', // Alt+B
  '\u001bf': 'forward-word', // Alt+F
  '\u001b[1;3D': 'backward-word', // Alt+Left
  '\u001b[1;3C': 'forward-word', // Alt+Right
  '\u001b[1;5D': 'backward-word', // Ctrl+Left
  '\u001b[1;5C': 'forward-word', // Ctrl+Right
  '\u001b\u007f': 'backward-kill-word', // Alt+Backspace
  '\u001b\u0008': 'backward-kill-word', // Alt+Backspace where Backspace sends Ctrl+H
  '\u001bd': 'kill-word', // Alt+D
};

/** The length of the escape sequence at `at` (CSI, SS3, or ESC and one character). */
function escapeLength(text: string, at: number): number {
  const kind = text[at + 1];
  if (kind === '[') {
    let i = at + 2;
    // Parameter and intermediate bytes, then one final byte (ESC [ 1 ; 5 D).
    while (i < text.length && /[\u0020-\u003f]/.test(text[i] ?? '')) i++;
    return Math.min(text.length, i + 1) - at;
  }
  if (kind === 'O') return Math.min(3, text.length - at);
  return kind === undefined ? 1 : 2;
}

/** Printable: not a C0 control, DEL or a C1 control (none of which may enter a field's value). */
// eslint-disable-next-line no-control-regex -- telling controls from text is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The edits a chunk from the terminal asks of a text field, in order. A run of printable
 * characters is one insert (a paste stays one paste, spaces and all); control keys and escape
 * sequences are edits one by one; keys that are not edits (Enter, Tab, Esc, ↑↓, Ctrl+C) are left
 * to the screen and add nothing to the text.
 */
export function editsOf(chunk: string): LineEdit[] {
  const edits: LineEdit[] = [];
  let run = '';
  const flush = () => {
    if (run !== '') edits.push({ type: 'insert', text: run });
    run = '';
  };
  let i = 0;
  while (i < chunk.length) {
    const char = chunk[i] as string;
    if (char === '\u001b') {
      flush();
      const length = escapeLength(chunk, i);
      const type = ESCAPE_EDITS[chunk.slice(i, i + length)];
      if (type) edits.push({ type });
      i += length;
    } else if (CONTROL.test(char)) {
      flush();
      const type = CONTROL_EDITS[char];
      if (type) edits.push({ type });
      i += 1;
    } else {
      run += char;
      i += 1;
    }
  }
  flush();
  return edits;
}
