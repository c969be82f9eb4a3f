import type { KeyBus } from './key-bus.js';

/** The terminal's side of the bus: what run.ts reads keys from (process.stdin, or a test's). */
export interface TerminalStdin extends NodeJS.EventEmitter {
  readonly isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  setEncoding(encoding: BufferEncoding): unknown;
  read(): string | Buffer | null;
  ref?(): unknown;
  unref?(): unknown;
}

/**
 * The start of an escape sequence at a read's end, which the next read may complete (a slow link
 * can cut "ESC [ B" in two): ESC, ESC [ with parameters, ESC O, or ESC ESC (Alt+arrow).
 */
// eslint-disable-next-line no-control-regex -- escape sequences are the point
const UNFINISHED = /\u001b(?:\u001b|\[[0-?]*[ -/]*|O)?$/;

/**
 * Reads the terminal for the bus, as Ink reads its stdin (raw mode, 'readable', ref while
 * listening): every read goes to the bus whole, which splits it into keys. An escape sequence cut
 * at a read's end waits for the next read, or one event-loop turn (Ink does the same), after
 * which a lone ESC is the Esc key. Returns what stops it and gives the terminal back.
 */
export function readTerminal(stdin: TerminalStdin, bus: KeyBus): () => void {
  let held = '';
  let flush: NodeJS.Immediate | undefined;
  const onReadable = () => {
    if (flush) clearImmediate(flush);
    flush = undefined;
    let chunk: string | Buffer | null;
    let data = held;
    while ((chunk = stdin.read()) !== null) data += String(chunk);
    const unfinished = UNFINISHED.exec(data);
    held = unfinished ? unfinished[0] : '';
    const ready = unfinished ? data.slice(0, unfinished.index) : data;
    if (ready !== '') bus.push(ready);
    if (held !== '') {
      flush = setImmediate(() => {
        flush = undefined;
        const rest = held;
        held = '';
        bus.push(rest);
      });
    }
  };
  const setRawMode = (mode: boolean) => {
    if (stdin.isTTY) stdin.setRawMode?.(mode);
  };
  stdin.setEncoding('utf8');
  stdin.ref?.();
  setRawMode(true);
  stdin.on('readable', onReadable);
  bus.setTerminalRawMode = setRawMode;
  return () => {
    if (flush) clearImmediate(flush);
    stdin.off('readable', onReadable);
    setRawMode(false);
    bus.setTerminalRawMode = () => {};
    // As Ink does: a process whose UI has ended must not stay alive for its stdin.
    stdin.unref?.();
  };
}
