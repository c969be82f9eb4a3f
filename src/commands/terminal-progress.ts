import { currentIo, type OutStream } from '../core/io.js';
import { NO_PROGRESS, type Progress } from '../core/wait-for-stage.js';

/** The wait's progress line on stderr, rewritten in place; nothing where stderr is no terminal. */
export function terminalProgress(stream: OutStream = currentIo().stderr): Progress {
  if (!stream.isTTY) return NO_PROGRESS;
  let shown = false;
  return {
    active: true,
    show(...texts) {
      // Three characters short of the width: a line that fills it wraps, and \r then returns only
      // to the start of its last row; the terminal's own "^C" echo must fit after it too.
      const width = Math.max(10, (stream.columns || 80) - 3);
      const text = texts.find((t) => t.length <= width) ?? (texts.at(-1) as string);
      const line = text.length > width ? `${text.slice(0, width - 1)}…` : text;
      stream.write(`\r\u001b[2K${line}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\u001b[2K');
      shown = false;
    },
  };
}
