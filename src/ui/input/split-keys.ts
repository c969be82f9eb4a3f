import { EventEmitter } from 'node:events';
import { emitKeypressEvents } from 'node:readline';
import type { Key } from 'ink';
import { ALT_EDITS } from './line-editor-keys.js';

/** One key of a read, in the shape Ink's useInput hands out, or a run of typed characters. */
export interface KeyPress {
  /** The character(s) typed; for Ctrl+letter the letter; '' for arrows, Enter, Esc and the like. */
  input: string;
  key: Key;
  /** Printable characters, which a text field takes as text (a run of them is one insert). */
  text: boolean;
  /** The bytes of the key as the terminal sent them: for keys `Key` has no flag for, like F1. */
  sequence: string;
}

/** What node:readline's keypress parser says about one key. */
interface ReadlineKey {
  sequence: string;
  name?: string;
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
}

const ESC = '\u001b';

/** Keys whose `input` is '' (as in Ink): they have a flag of their own, and type nothing. */
const NAMED = new Set([
  'up',
  'down',
  'left',
  'right',
  'pageup',
  'pagedown',
  'home',
  'end',
  'return',
  'enter',
  'escape',
  'tab',
  'backspace',
  'delete',
  'insert',
  'clear',
  'paste-start',
  'paste-end',
  ...Array.from({ length: 12 }, (_, i) => `f${i + 1}`),
]);

/** A key with no flag set: what a typed character carries. */
export function blankKey(): Key {
  return {
    upArrow: false,
    downArrow: false,
    leftArrow: false,
    rightArrow: false,
    pageDown: false,
    pageUp: false,
    home: false,
    end: false,
    return: false,
    escape: false,
    ctrl: false,
    shift: false,
    tab: false,
    backspace: false,
    delete: false,
    meta: false,
    super: false,
    hyper: false,
    capsLock: false,
    numLock: false,
  };
}

/** A C0 control or DEL: never text, even inside a run of letters. */
// eslint-disable-next-line no-control-regex -- telling controls from text is the point
const CONTROL = /^[\u0000-\u001f\u007f]$/;

function toKeyPress(parsed: ReadlineKey): KeyPress {
  const name = parsed.name ?? '';
  const key = blankKey();
  key.upArrow = name === 'up';
  key.downArrow = name === 'down';
  key.leftArrow = name === 'left';
  key.rightArrow = name === 'right';
  key.pageUp = name === 'pageup';
  key.pageDown = name === 'pagedown';
  key.home = name === 'home';
  key.end = name === 'end';
  key.return = name === 'return';
  key.escape = name === 'escape';
  key.tab = name === 'tab';
  // Backspace is DEL (0x7f) or Ctrl+H; Delete is the key that deletes forward (ESC [ 3 ~).
  // (Ink calls DEL "delete"; keeping them apart lets a text field have both.)
  key.backspace = name === 'backspace';
  key.delete = name === 'delete';
  key.ctrl = parsed.ctrl === true;
  key.meta = parsed.meta === true || key.escape;
  key.shift = parsed.shift === true;
  const sequence = parsed.sequence;
  let input: string;
  if (NAMED.has(name)) input = '';
  else if (key.ctrl) input = name;
  else if (key.meta && sequence.startsWith(ESC)) input = sequence.slice(1);
  else input = sequence;
  if (/^[A-Z]$/.test(input)) key.shift = true;
  const text = !key.ctrl && !key.meta && input !== '' && !CONTROL.test(input);
  return { input, key, text, sequence };
}

/**
 * Splits what one read from the terminal held into its keys, in order: `"jj"` is two keys, three
 * Down sequences three, `"j\r"` a j and an Enter, `"ab\u0015"` a, b and Ctrl+U. Every escape
 * sequence node:readline knows (arrows with modifiers, Home, End, PgUp, Delete, Shift+Tab, Alt+
 * letter) is one key. Each printable character is a key of its own; groupText joins them again
 * for a text field.
 *
 * The terminal's reader (terminal-input.ts) holds an escape sequence cut at a read's end until it
 * knows no more of it follows, so a trailing Esc here is the Esc key itself.
 */
export function splitKeys(data: string): KeyPress[] {
  const keys: KeyPress[] = [];
  // Escs at the end would wait in readline's decoder for a sequence that is not coming.
  let body = data;
  let trailingEscapes = 0;
  while (body.endsWith(ESC)) {
    body = body.slice(0, -1);
    trailingEscapes++;
  }
  if (body !== '') {
    // readline's parser only listens to a stream's 'data' events: an emitter is stream enough.
    const stream = new EventEmitter();
    emitKeypressEvents(stream as NodeJS.ReadableStream);
    stream.on('keypress', (_: unknown, parsed: ReadlineKey | undefined) => {
      // readline passes no key object for some lone characters; the sequence is then the text.
      keys.push(...escapeThenKey(toKeyPress(parsed ?? { sequence: String(_) })));
    });
    stream.emit('data', body);
  }
  for (let i = 0; i < trailingEscapes; i++) {
    keys.push(toKeyPress({ sequence: ESC, name: 'escape' }));
  }
  return keys;
}

/**
 * ESC and a character in one read are Alt+character to readline, and to a terminal an Alt key
 * sends just that; but so do Esc and a key typed quickly (or over a slow link): Esc then G in
 * one read did nothing at all. Where the UI binds Alt+character (the text fields' Alt+B, F, D;
 * Alt+Backspace and Alt+Enter are named keys and stay whole), it is that; any other is the two
 * keys, Esc and then the character, as typed one by one.
 */
function escapeThenKey(press: KeyPress): KeyPress[] {
  const altCharacter =
    press.key.meta &&
    !press.key.escape &&
    press.sequence.length === 2 &&
    press.sequence.startsWith(ESC) &&
    press.input === press.sequence.slice(1) &&
    !CONTROL.test(press.input);
  if (!altCharacter || Object.hasOwn(ALT_EDITS, press.input)) return [press];
  return [toKeyPress({ sequence: ESC, name: 'escape' }), ...splitKeys(press.input)];
}

/**
 * The same keys with each run of printable characters joined into one KeyPress: what a text field
 * with focus gets, so a paste is one insert (and one change), not a change per character.
 */
export function groupText(keys: KeyPress[]): KeyPress[] {
  const grouped: KeyPress[] = [];
  for (const press of keys) {
    const last = grouped.at(-1);
    if (press.text && last?.text) {
      grouped[grouped.length - 1] = {
        ...last,
        input: last.input + press.input,
        sequence: last.sequence + press.sequence,
      };
    } else {
      grouped.push(press);
    }
  }
  return grouped;
}
