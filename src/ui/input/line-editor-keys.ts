import type { Key } from 'ink';
import type { LineEdit } from './line-editor.js';

type KeyEdit = Exclude<LineEdit, { type: 'insert' }>['type'];

/** Ctrl+letter: readline's bindings (Ctrl+H is Backspace, which the key bus reports as such). */
const CTRL_EDITS: Record<string, KeyEdit> = {
  a: 'beginning-of-line',
  b: 'backward-char', // tmux's prefix, so rarely seen there
  d: 'delete-char',
  e: 'end-of-line',
  f: 'forward-char',
  k: 'kill-line',
  u: 'unix-line-discard',
  w: 'unix-word-rubout',
  y: 'yank',
};

/** Alt+letter (ESC then the letter). */
export const ALT_EDITS: Record<string, KeyEdit> = {
  b: 'backward-word',
  f: 'forward-word',
  d: 'kill-word',
};

// No control character may enter a field's value (C0, DEL, C1): it would be obeyed when shown.
// eslint-disable-next-line no-control-regex -- telling controls from text is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex -- as above; a line break is the body's own
const CONTROLS_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

/**
 * The edit a key from the key bus asks of a text field (its contract in hooks/useKeys.ts:
 * Backspace is `key.backspace`, only the Delete key is `key.delete`, Alt+B is "b" with
 * `key.meta`, a run of typed or pasted characters is one `input`). Undefined for the keys that
 * are not edits (Enter, Tab, Esc, ↑↓, PgUp/PgDn, Ctrl+C, F1): those are the screen's.
 */
export function editOf(input: string, key: Key, multiline = false): LineEdit | undefined {
  const word = key.ctrl || (key.meta && !key.escape);
  if (key.leftArrow) return { type: word ? 'backward-word' : 'backward-char' };
  if (key.rightArrow) return { type: word ? 'forward-word' : 'forward-char' };
  if (key.home) return { type: 'beginning-of-line' };
  if (key.end) return { type: 'end-of-line' };
  if (key.backspace) return { type: key.meta ? 'backward-kill-word' : 'backward-delete-char' };
  if (key.delete) return { type: 'delete-char' };
  if (key.escape || key.return || key.tab || input === '') return undefined;
  if (key.ctrl) {
    const type = CTRL_EDITS[input];
    return type ? { type } : undefined;
  }
  if (key.meta) {
    const type = ALT_EDITS[input];
    return type ? { type } : undefined;
  }
  // A pasted line break: kept by the body, a space in a one-line field (hosts one a line).
  const text = (multiline ? input.replaceAll('\t', '  ') : input.replaceAll('\n', ' ')).replace(
    multiline ? CONTROLS_BUT_LF : CONTROLS,
    '',
  );
  return text === '' ? undefined : { type: 'insert', text };
}
