import { type Key, useInput } from 'ink';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useScreen, useUi } from '../context.js';
import { type ActionId, binding, matches } from '../keymap.js';

type InputHandler = (input: string, key: Key) => void;

/**
 * useInput with a handler that is always the latest one. Ink subscribes a new handler in a
 * passive effect after each render, so a key that arrives before that effect has run would meet
 * the previous handler and its stale state; this subscribes once and reads the handler from a
 * ref that a layout effect keeps current.
 */
export function useLatestInput(handler: InputHandler, options: { isActive: boolean }): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  const stable = useCallback<InputHandler>((input, key) => latest.current(input, key), []);
  useInput(stable, options);
}

/** Asks whether the key just pressed means an action that works right now. */
export type KeyTest = (action: ActionId) => boolean;

/**
 * A screen's keys. Listens only while the screen is on top and no help is open; while a text
 * field has focus only the actions marked `whileTyping` match, so typing `q` types a q.
 */
export function useKeys(
  handler: (is: KeyTest, input: string, key: Key) => void,
  options: { isActive?: boolean } = {},
): void {
  const { isTop } = useScreen();
  const ui = useUi();
  useLatestInput(
    (input, key) => {
      const typing = ui.typingNow();
      handler(
        (action) =>
          matches(action, input, key) && (!typing || binding(action).whileTyping === true),
        input,
        key,
      );
    },
    { isActive: isTop && !ui.helpOpen && (options.isActive ?? true) },
  );
}
