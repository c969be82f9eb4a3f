import type { Key } from 'ink';
import { createContext, useContext, useLayoutEffect, useRef } from 'react';
import { useScreen, useUi } from '../app/context.js';
import type { KeyBus, KeyHandler } from './key-bus.js';
import { type ActionId, binding, matches } from '../app/keymap.js';

/** The app's key bus, provided by InputRoot (render-app.tsx), which feeds it the terminal's reads. */
export const KeyBusContext = createContext<KeyBus | undefined>(undefined);

export function useKeyBus(): KeyBus {
  const bus = useContext(KeyBusContext);
  if (!bus) throw new Error('useKeyBus() outside the app (render-app.tsx)');
  return bus;
}

export interface KeyInputOptions {
  isActive: boolean;
  /**
   * A text field with focus: printable characters that arrived together come in ONE call, the
   * whole run as `input` (a paste stays one insert), and only to it. Without `text`, every
   * character is a call of its own.
   */
  text?: boolean;
  /** The app's own keys, heard before any screen's. */
  global?: boolean;
}

/**
 * The one way a component hears keys (instead of Ink's useInput, which gets a read whole).
 *
 * The contract:
 * - `handler(input, key)` is called once per key, in the order typed, however the keys arrived
 *   (one read may hold "jj", three Downs, "j\r", a paste). Between two keys the UI settles: what
 *   one key set is rendered and its effects have run (focus moved, a screen pushed) before the
 *   next key is handled, and the handler called is the latest render's. So a handler may read
 *   its component's state as it is; no functional updates are needed for correctness.
 * - `sequence` is the key's bytes as the terminal sent them, for the few keys `Key` has no flag
 *   for (F1).
 * - `input` and `key` are as Ink's useInput gives them (`input` is '' for arrows, Enter, Esc,
 *   Tab, Backspace…; Ctrl+U is `input` "u" with `key.ctrl`; Alt+B is "b" with `key.meta`), except
 *   that Backspace (DEL or Ctrl+H) is `key.backspace` and only the Delete key (ESC [ 3 ~) is
 *   `key.delete`.
 * - With `text: true` (a text field while it has focus), printable characters typed together
 *   come as one call with the run as `input`, and no other listener hears them; control keys,
 *   arrows, Enter, Tab and Esc still come one per call, to the field and to the screen.
 * - Only listeners whose `isActive` is true when the key comes hear it.
 */
export function useKeyInput(handler: KeyHandler, options: KeyInputOptions): void {
  useBusListener(useKeyBus(), handler, options);
}

/** useKeyInput on a given bus. */
export function useBusListener(bus: KeyBus, handler: KeyHandler, options: KeyInputOptions): void {
  const latest = useRef(handler);
  const active = useRef(options.isActive);
  // Layout effects: current before the next key, which comes only after the UI has settled.
  useLayoutEffect(() => {
    latest.current = handler;
    active.current = options.isActive;
    // A listener that renders is the UI still moving: the bus waits a round more (settle.ts).
    bus.rendered();
  });
  const text = options.text ?? false;
  const global = options.global ?? false;
  useLayoutEffect(
    () => bus.subscribe({ handler: latest, active, text, global }),
    [bus, text, global],
  );
}

/** Asks whether the key just pressed means an action that works right now. */
export type KeyTest = (action: ActionId) => boolean;

/**
 * A screen's keys, through the key-map. Listens only while the screen is on top and no help is
 * open; while a text field has focus only the actions marked `whileTyping` match, so typing `q`
 * types a q. Keys come one at a time, in order, as useKeyInput says.
 */
export function useKeys(
  handler: (is: KeyTest, input: string, key: Key) => void,
  options: { isActive?: boolean } = {},
): void {
  const { isTop } = useScreen();
  const ui = useUi();
  useKeyInput(
    (input, key, sequence) => {
      const typing = ui.typingNow();
      handler(
        (action) =>
          matches(action, input, key, sequence) &&
          (!typing || binding(action).whileTyping === true),
        input,
        key,
      );
    },
    { isActive: isTop && !ui.helpOpen && (options.isActive ?? true) },
  );
}

/**
 * Keys typed ahead wait while `waiting` is true (a screen's first answer is out): see
 * KeyBus.hold. Only the screen on top may hold them.
 */
export function useHoldKeysWhile(waiting: boolean): void {
  const bus = useKeyBus();
  const { isTop } = useScreen();
  const hold = waiting && isTop;
  useLayoutEffect(() => (hold ? bus.hold() : undefined), [bus, hold]);
}
