import { describe, expect, it } from 'vitest';
import { groupText, splitKeys } from '../../src/ui/input/split-keys.js';
import {
  applyEdits,
  type LineEdit,
  type LineState,
  lineState,
} from '../../src/ui/input/line-editor.js';
import { editOf } from '../../src/ui/input/line-editor-keys.js';

/** The edits of what the terminal sent, as the key bus hands it to a focused field. */
const editsOf = (data: string): LineEdit[] =>
  groupText(splitKeys(data)).flatMap(({ input, key }) => editOf(input, key) ?? []);

/** Types `keys` (as the terminal sends them) into a field holding `value`, cursor at `cursor`. */
const type = (state: LineState, keys: string): LineState => applyEdits(state, editsOf(keys));
/** The text with `|` at the cursor, for reading at a glance. */
const shown = (state: LineState) =>
  `${state.value.slice(0, state.cursor)}|${state.value.slice(state.cursor)}`;
const at = (value: string, cursor = value.length) => lineState(value, cursor);

const CTRL = {
  a: '\u0001',
  b: '\u0002',
  d: '\u0004',
  e: '\u0005',
  f: '\u0006',
  h: '\u0008',
  k: '\u000b',
  u: '\u0015',
  w: '\u0017',
  y: '\u0019',
};
const ALT = { b: '\u001bb', f: '\u001bf', d: '\u001bd', backspace: '\u001b\u007f' };
const KEY = {
  backspace: '\u007f',
  delete: '\u001b[3~',
  left: '\u001b[D',
  right: '\u001b[C',
  home: '\u001b[H',
  end: '\u001b[F',
  homeVt: '\u001b[1~',
  endVt: '\u001b[4~',
  ctrlLeft: '\u001b[1;5D',
};

describe('the line editor', () => {
  it('inserts typed text at the cursor, and a paste in one piece, spaces and all', () => {
    expect(shown(type(at('shop.com', 4), 'x'))).toBe('shopx|.com');
    const pasted = editsOf('Demo Scale project');
    expect(pasted).toEqual([{ type: 'insert', text: 'Demo Scale project' }]);
  });

  it('Ctrl+A and Home go to the start, Ctrl+E and End to the end', () => {
    for (const key of [CTRL.a, KEY.home, KEY.homeVt, '\u001bOH']) {
      expect(shown(type(at('shop.example.com'), key))).toBe('|shop.example.com');
    }
    for (const key of [CTRL.e, KEY.end, KEY.endVt, '\u001bOF']) {
      expect(shown(type(at('shop.example.com', 3), key))).toBe('shop.example.com|');
    }
  });

  it('← → and Ctrl+B/F move one character; a surrogate pair is one character', () => {
    expect(shown(type(at('abc'), KEY.left + KEY.left))).toBe('a|bc');
    expect(shown(type(at('abc', 0), KEY.right + CTRL.f))).toBe('ab|c');
    expect(shown(type(at('abc'), CTRL.b))).toBe('ab|c');
    expect(shown(type(at('a😀b', 3), KEY.left))).toBe('a|😀b');
    expect(shown(type(at('a😀b', 3), KEY.backspace))).toBe('a|b');
    // Nothing moves past either end.
    expect(shown(type(at('ab', 0), KEY.left))).toBe('|ab');
    expect(shown(type(at('ab'), KEY.right))).toBe('ab|');
  });

  it('Backspace deletes before the cursor, Delete and Ctrl+D under it', () => {
    expect(shown(type(at('shop.com', 4), KEY.backspace))).toBe('sho|.com');
    expect(shown(type(at('shop.com', 4), CTRL.h))).toBe('sho|.com');
    expect(shown(type(at('shop.com', 4), KEY.delete))).toBe('shop|com');
    expect(shown(type(at('shop.com', 4), CTRL.d))).toBe('shop|com');
    expect(shown(type(at('ab', 0), KEY.backspace))).toBe('|ab');
    expect(shown(type(at('ab'), KEY.delete))).toBe('ab|');
  });

  it('Ctrl+U kills to the start, Ctrl+K to the end; Ctrl+Y puts the killed text back', () => {
    expect(shown(type(at('bad..hostname', 5), CTRL.u))).toBe('|hostname');
    expect(shown(type(at('bad..hostname', 5), CTRL.k))).toBe('bad..|');
    expect(shown(type(at('shop.example.com', 4), CTRL.u + CTRL.e + CTRL.y))).toBe(
      '.example.comshop|',
    );
  });

  it('Ctrl+W kills back to whitespace; Alt+Backspace back to the start of a word', () => {
    expect(shown(type(at('see https://shop.example.com'), CTRL.w))).toBe('see |');
    expect(shown(type(at('see https://shop.example.com  '), CTRL.w))).toBe('see |');
    expect(shown(type(at('shop.example.com'), ALT.backspace))).toBe('shop.example.|');
    expect(shown(type(at('shop.example.com'), ALT.backspace + ALT.backspace))).toBe('shop.|');
    expect(shown(type(at('shop.example.com'), '\u001b\u0008'))).toBe('shop.example.|');
  });

  it('Alt+B/F (and Ctrl+←→) move by words; Alt+D kills the word after the cursor', () => {
    expect(shown(type(at('shop.example.com'), ALT.b))).toBe('shop.example.|com');
    expect(shown(type(at('shop.example.com'), ALT.b + ALT.b))).toBe('shop.|example.com');
    expect(shown(type(at('shop.example.com'), KEY.ctrlLeft))).toBe('shop.example.|com');
    expect(shown(type(at('shop.example.com', 0), ALT.f))).toBe('shop|.example.com');
    expect(shown(type(at('shop.example.com', 0), ALT.f + ALT.f))).toBe('shop.example|.com');
    expect(shown(type(at('shop.example.com', 4), ALT.d))).toBe('shop|.com');
  });

  it('handles a chunk of several keys in order: text runs are inserts, controls one by one', () => {
    // Typed ahead in one read: "bad", Ctrl+U, "good.example", ← ×8, Ctrl+K, ".org".
    const keys = `bad${CTRL.u}good.example${KEY.left.repeat(8)}${CTRL.k}.org`;
    expect(shown(type(at(''), keys))).toBe('good.org|');
    expect(shown(type(at(''), `abc${KEY.backspace.repeat(3)}xyz`))).toBe('xyz|');
  });

  it('keeps the keys that are not edits out of the text: Enter, Tab, Esc, ↑↓, Ctrl+C, F1', () => {
    expect(editsOf('\r')).toEqual([]);
    expect(editsOf('\t')).toEqual([]);
    expect(editsOf('\u001b')).toEqual([]);
    expect(editsOf('\u001b[A\u001b[B')).toEqual([]);
    expect(editsOf('\u0003')).toEqual([]);
    expect(editsOf('\u001bOP')).toEqual([]);
    expect(shown(type(at(''), `ab\rc\td\u001b[5~e\u009bf`))).toBe('abcdef|');
  });
});
