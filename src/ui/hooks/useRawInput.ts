import { useStdin } from 'ink';
import { useLayoutEffect, useRef } from 'react';

/**
 * The terminal's input as Ink's parser splits it (one escape sequence, or a run of other
 * characters that may hold several keys), before Ink's `Key` is made of it. For what `Key`
 * cannot tell apart: Backspace (DEL) from the Delete key (`ESC [ 3 ~`), and F1 from any other
 * function key. The listener goes first (prepended), so a field has taken its text before a
 * screen's key handler reads the value for Enter.
 */
export function useRawInput(
  handler: (chunk: string) => void,
  options: { isActive: boolean },
): void {
  // useInput listens on the same emitter; Ink exposes it on useStdin for exactly this.
  const { internal_eventEmitter: events } = useStdin();
  const latest = useRef({ handler, isActive: options.isActive });
  useLayoutEffect(() => {
    latest.current = { handler, isActive: options.isActive };
  });
  useLayoutEffect(() => {
    const listener = (chunk: string) => {
      if (latest.current.isActive) latest.current.handler(chunk);
    };
    events.prependListener('input', listener);
    return () => {
      events.removeListener('input', listener);
    };
  }, [events]);
}
