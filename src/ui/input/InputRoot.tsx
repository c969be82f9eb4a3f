import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { KeyBusContext } from './useKeys.js';
import type { KeyBus } from './key-bus.js';
import type { UiSettler } from './settle.js';
import { readTerminal, type TerminalStdin } from './terminal-input.js';

/**
 * The root of the app's tree: it reads the terminal for the key bus while it is mounted, provides
 * the bus, and is the settler's probe (its passive effect runs after all of the tree's).
 */
export function InputRoot({
  bus,
  settler,
  terminal,
  children,
}: {
  bus: KeyBus;
  settler: UiSettler;
  terminal: TerminalStdin;
  children: ReactNode;
}) {
  const [round, setRound] = useState(0);
  useLayoutEffect(() => settler.attach(() => setRound((n) => n + 1)), [settler]);
  // Runs for the mount too, which answers nobody.
  useEffect(() => settler.committed(), [settler, round]);
  // Raw mode (keys as they are typed, Ctrl+C as a key) for as long as the app is on screen.
  useEffect(() => readTerminal(terminal, bus), [terminal, bus]);
  return <KeyBusContext.Provider value={bus}>{children}</KeyBusContext.Provider>;
}
