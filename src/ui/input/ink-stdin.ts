import { EventEmitter } from 'node:events';

/**
 * The stdin Ink is given (render's public `stdin` option): Ink reads only what the key bus writes
 * here, one key at a time, once the UI has settled after the key before. So a component that
 * reads Ink's useInput itself (ink-select-input) gets keys typed ahead one per call, each with
 * the state the previous one left, as the bus's own listeners do.
 *
 * It is a terminal to Ink (isTTY, setRawMode, ref/unref, read on 'readable'), but the real
 * terminal is the bus's (input/terminal-input.ts): Ink turning raw mode off when its last useInput
 * goes must not stop the keys the bus still reads.
 */
export class InkStdin extends EventEmitter {
  readonly isTTY = true;
  /** Whether Ink wants keys now (a useInput is active); only for tests and curiosity. */
  rawMode = false;
  private readonly chunks: string[] = [];

  /** One key (or a run of typed text) for Ink, read at once: Ink's handlers run before this returns. */
  write(sequence: string): boolean {
    this.chunks.push(sequence);
    this.emit('readable');
    return true;
  }

  read(): string | null {
    return this.chunks.shift() ?? null;
  }

  setRawMode(mode: boolean): this {
    this.rawMode = mode;
    return this;
  }

  setEncoding(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  resume(): this {
    return this;
  }

  pause(): this {
    return this;
  }
}
