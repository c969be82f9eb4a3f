import { useStdout } from 'ink';
import { useServices } from '../app/context.js';
import type { EditOutcome } from './external-editor.js';
import { useKeyBus } from '../input/useKeys.js';
import {
  ENTER_ALTERNATE_SCREEN,
  HIDE_CURSOR,
  LEAVE_ALTERNATE_SCREEN,
  SHOW_CURSOR,
} from '../app/terminal-modes.js';

/**
 * Hands the terminal to $VISUAL/$EDITOR for a text and takes it back: the shell's screen and
 * cooked mode for the editor (which sets its own), then raw mode, the alternate screen and
 * bracketed paste again, and Ink's frame drawn afresh on the cleared screen. The editor runs
 * synchronously, so no frame can be drawn over it.
 */
export function useExternalEditor(): (text: string, extension: string) => EditOutcome {
  // The terminal is the bus's: Ink reads only what the bus hands it (render-app.tsx).
  const bus = useKeyBus();
  const { stdout, write } = useStdout();
  const services = useServices();
  return (text, extension) => {
    stdout.write(LEAVE_ALTERNATE_SCREEN + SHOW_CURSOR);
    bus.setTerminalRawMode(false);
    try {
      return services.editText(text, extension);
    } finally {
      bus.setTerminalRawMode(true);
      stdout.write(ENTER_ALTERNATE_SCREEN + HIDE_CURSOR);
      // Ink clears what it drew last (nothing, on the fresh screen) and draws it again.
      write('');
    }
  };
}
