import type { Key } from 'ink';

// The key predicates the key-map is written with (keymap.ts and each screen's keymap-<feature>.ts).

export type KeyPredicate = (input: string, key: Key) => boolean;

export const plain = (char: string): KeyPredicate => {
  return (input, key) => input === char && !key.ctrl && !key.meta;
};
export const any =
  (...predicates: KeyPredicate[]): KeyPredicate =>
  (input, key) =>
    predicates.some((p) => p(input, key));

export const up: KeyPredicate = (_, key) => key.upArrow;
export const down: KeyPredicate = (_, key) => key.downArrow;
export const left: KeyPredicate = (_, key) => key.leftArrow;
export const right: KeyPredicate = (_, key) => key.rightArrow;
export const enter: KeyPredicate = (_, key) => key.return;
/** Enter alone: Alt+Enter is a new line in the raw screen's body. */
export const enterAlone: KeyPredicate = (_, key) => key.return && !key.meta;
export const esc: KeyPredicate = (_, key) => key.escape;
export const tab: KeyPredicate = (_, key) => key.tab && !key.shift;
export const shiftTab: KeyPredicate = (_, key) => key.tab && key.shift;
export const pageUp: KeyPredicate = (_, key) => key.pageUp;
export const pageDown: KeyPredicate = (_, key) => key.pageDown;
export const home: KeyPredicate = (_, key) => key.home;
export const end: KeyPredicate = (_, key) => key.end;
export const ctrl =
  (letter: string): KeyPredicate =>
  (input, key) =>
    key.ctrl && input === letter;
