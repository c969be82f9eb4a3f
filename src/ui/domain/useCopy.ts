import { useStdout } from 'ink';
import type { RefObject } from 'react';
import { hasControls } from '../../core/sanitize.js';
import { useServices } from '../app/context.js';
import { copyNotice } from '../components/copy-notice.js';
import type { StatusLine } from './domain-fields.js';

/**
 * The domain screen's copy: copies `text` to the clipboard and says so in the status line. Each
 * copy counts as an action (`actionsRef`, shared with the screen's other actions), so that a copy
 * answered after a later action does not replace that action's message. `shown` runs first: the
 * message must be in view.
 */
export function useCopy(
  actionsRef: RefObject<number>,
  setStatusLine: (line: StatusLine) => void,
  shown: () => void,
) {
  const services = useServices();
  const { write } = useStdout();
  /** `checked` when the text was built from values checked already (the zone snippet). */
  return (text: string, what: string, checked = false) => {
    shown();
    const action = ++actionsRef.current;
    const setNotice = (notice: Omit<Extract<StatusLine, { kind: 'notice' }>, 'kind'>) => {
      if (actionsRef.current === action) setStatusLine({ kind: 'notice', ...notice });
    };
    // The clipboard gets the API's exact string, so it must hold nothing a terminal, a shell or
    // a DNS provider's form would read as more than text (a line break would be another command).
    if (!checked && hasControls(text)) {
      setNotice({
        text: `✗ Not copied: ${what} holds control characters (shown as \\u…), which a paste would carry along`,
        tone: 'error',
      });
      return;
    }
    // Through Ink's write, which clears its frame, writes, and draws it again: the escape can
    // never land in the middle of a frame.
    services.copy(text, write).then(
      (result) => setNotice(copyNotice(what, text, result)),
      (error: unknown) =>
        setNotice({ text: `✗ Could not copy: ${(error as Error).message}`, tone: 'error' }),
    );
  };
}
