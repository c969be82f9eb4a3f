/**
 * The editing of a one-line text field, with the habits of readline (bash, zsh, psql): a pure
 * reducer over the text and the cursor, so every key is tested without a terminal. The names of
 * the edits are readline's, for a reader who knows them from `man readline`.
 */
export interface LineState {
  value: string;
  /** Where the next character goes: 0 to value.length, in UTF-16 code units. */
  cursor: number;
  /** The text the last kill removed: Ctrl+Y puts it back (readline's kill ring, one deep). */
  killed: string;
}

export type LineEdit =
  /** Typed or pasted text: one insert, whatever it holds (a paste with spaces stays whole). */
  | { type: 'insert'; text: string }
  | { type: 'backward-delete-char' }
  | { type: 'delete-char' }
  | { type: 'backward-char' }
  | { type: 'forward-char' }
  | { type: 'beginning-of-line' }
  | { type: 'end-of-line' }
  | { type: 'backward-word' }
  | { type: 'forward-word' }
  /** Ctrl+U */
  | { type: 'unix-line-discard' }
  /** Ctrl+K */
  | { type: 'kill-line' }
  /** Ctrl+W: back to the previous whitespace, so `https://shop.example.com` goes at once. */
  | { type: 'unix-word-rubout' }
  /** Alt+Backspace: back to the start of the word, so only `com` of `shop.example.com` goes. */
  | { type: 'backward-kill-word' }
  /** Alt+D */
  | { type: 'kill-word' }
  /** Ctrl+Y */
  | { type: 'yank' };

export const lineState = (value: string, cursor = value.length): LineState => ({
  value,
  cursor: Math.max(0, Math.min(value.length, cursor)),
  killed: '',
});

// Words for Alt+B/F/D/Backspace are runs of letters and digits, as in readline.
const WORD_CHAR = /[\p{L}\p{N}]/u;
const isWordChar = (char: string | undefined) => char !== undefined && WORD_CHAR.test(char);
const isSpace = (char: string | undefined) => char !== undefined && /\s/u.test(char);

/** The index one code point before `at` (a surrogate pair is one character, not two). */
function previousIndex(value: string, at: number): number {
  if (at <= 0) return 0;
  const low = value.charCodeAt(at - 1);
  const high = value.charCodeAt(at - 2);
  const pair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return at - (pair && at >= 2 ? 2 : 1);
}

function nextIndex(value: string, at: number): number {
  if (at >= value.length) return value.length;
  const code = value.codePointAt(at) ?? 0;
  return at + (code > 0xffff ? 2 : 1);
}

/** Moves back over non-word characters, then over the word before them. */
function wordStartBefore(value: string, at: number): number {
  let i = at;
  while (i > 0 && !isWordChar(value[i - 1])) i = previousIndex(value, i);
  while (i > 0 && isWordChar(value[i - 1])) i = previousIndex(value, i);
  return i;
}

/** Moves forward over non-word characters, then to the end of the word after them. */
function wordEndAfter(value: string, at: number): number {
  let i = at;
  while (i < value.length && !isWordChar(value[i])) i = nextIndex(value, i);
  while (i < value.length && isWordChar(value[i])) i = nextIndex(value, i);
  return i;
}

/** Back over whitespace, then to the previous whitespace: readline's Ctrl+W. */
function spaceWordStartBefore(value: string, at: number): number {
  let i = at;
  while (i > 0 && isSpace(value[i - 1])) i = previousIndex(value, i);
  while (i > 0 && !isSpace(value[i - 1])) i = previousIndex(value, i);
  return i;
}

/** Removes value[from, to) and keeps it for Ctrl+Y; the cursor goes to `from`. */
function kill(state: LineState, from: number, to: number): LineState {
  if (from === to) return state;
  return {
    value: state.value.slice(0, from) + state.value.slice(to),
    cursor: from,
    killed: state.value.slice(from, to),
  };
}

function insert(state: LineState, text: string): LineState {
  if (text === '') return state;
  const { value, cursor } = state;
  return {
    ...state,
    value: value.slice(0, cursor) + text + value.slice(cursor),
    cursor: cursor + text.length,
  };
}

export function lineEditReducer(state: LineState, edit: LineEdit): LineState {
  const { value, cursor } = state;
  const moveTo = (at: number): LineState => (at === cursor ? state : { ...state, cursor: at });
  switch (edit.type) {
    case 'insert':
      return insert(state, edit.text);
    case 'backward-delete-char': {
      if (cursor === 0) return state;
      const from = previousIndex(value, cursor);
      return { ...state, value: value.slice(0, from) + value.slice(cursor), cursor: from };
    }
    case 'delete-char': {
      if (cursor === value.length) return state;
      return { ...state, value: value.slice(0, cursor) + value.slice(nextIndex(value, cursor)) };
    }
    case 'backward-char':
      return moveTo(previousIndex(value, cursor));
    case 'forward-char':
      return moveTo(nextIndex(value, cursor));
    case 'beginning-of-line':
      return moveTo(0);
    case 'end-of-line':
      return moveTo(value.length);
    case 'backward-word':
      return moveTo(wordStartBefore(value, cursor));
    case 'forward-word':
      return moveTo(wordEndAfter(value, cursor));
    case 'unix-line-discard':
      return kill(state, 0, cursor);
    case 'kill-line':
      return kill(state, cursor, value.length);
    case 'unix-word-rubout':
      return kill(state, spaceWordStartBefore(value, cursor), cursor);
    case 'backward-kill-word':
      return kill(state, wordStartBefore(value, cursor), cursor);
    case 'kill-word':
      return kill(state, cursor, wordEndAfter(value, cursor));
    case 'yank':
      return insert(state, state.killed);
    default: {
      const never: never = edit;
      return never;
    }
  }
}

export const applyEdits = (state: LineState, edits: readonly LineEdit[]): LineState =>
  edits.reduce(lineEditReducer, state);
