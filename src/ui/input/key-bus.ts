import type { Key } from 'ink';
import { blankKey, type KeyPress, splitKeys } from './split-keys.js';

/** `sequence` is the key's bytes as the terminal sent them (F1 has no flag in `key`). */
export type KeyHandler = (input: string, key: Key, sequence: string) => void;

/** One listener of the bus: refs, so a listener's latest handler and state are read at key time. */
export interface KeySubscriber {
  handler: { readonly current: KeyHandler };
  active: { readonly current: boolean };
  /** A text field: takes printable characters that arrived together as one run. */
  text: boolean;
  /** The app's own keys (quit, help): heard before the screens'. */
  global: boolean;
}

/** What a terminal in bracketed-paste mode sends around a paste. */
const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';

/**
 * Every key of the UI goes through here, one at a time and in order. One read from the terminal
 * may hold several keys (typing ahead, key repeat, a slow link, a paste): they are queued, and
 * each is handled once the UI has settled after the one before. So a handler always sees the
 * state the previous key left, focus included: `"/ent\r"` starts the filter, types "ent" into it
 * and opens the match, exactly as four separate reads would.
 */
export class KeyBus {
  private readonly subscribers = new Set<KeySubscriber>();
  private readonly queue: KeyPress[] = [];
  private pumping = false;
  /** Between a bracketed paste's start and end (the terminal marks them: run.ts asks it to). */
  private pasting = false;

  /**
   * How many times a listener has rendered: the settle step compares it before and after a round
   * to tell whether the UI still moves (see input/settle.ts).
   */
  get renders(): number {
    return this.renderCount;
  }
  private renderCount = 0;

  /** A listener rendered (its layout effect says so). */
  rendered(): void {
    this.renderCount++;
  }

  /** Screens loading what the keys waiting in the queue act on (hold()). */
  private readonly holds = new Set<symbol>();
  private holdTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Keys typed ahead wait while the list they act on loads: `p⏎jj` in one read opens the projects
   * screen, and the ⏎ and the j's are for its list, as they would be if typed once it showed; so
   * are keys typed while it says "Loading". A screen holds the keys while the answer it shows is
   * out and releases them when the answer (or its error) is in. A hold lasts HOLD_LIMIT_MS at the
   * most (an API that does not answer must not keep the keys, Esc and q among them, for longer),
   * and Ctrl+C never waits.
   */
  hold(): () => void {
    const id = Symbol('hold');
    this.holds.add(id);
    this.holdTimer ??= setTimeout(() => this.releaseAll(), HOLD_LIMIT_MS);
    return () => {
      if (!this.holds.delete(id)) return;
      if (this.holds.size === 0) this.releaseAll();
    };
  }

  private releaseAll(): void {
    this.holds.clear();
    clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    if (this.pumping || this.queue.length === 0) return;
    // A hold ends inside React's commit (an effect's cleanup): the keys go on once the UI has
    // settled, so that they meet the handlers of the screen as it now is, its list in.
    this.pumping = true;
    void this.settle().then(() => this.pump());
  }

  /** The queue waits on a hold. */
  private held(): boolean {
    return this.holds.size > 0;
  }

  /** Raw mode of the terminal the bus reads (input/terminal-input.ts): off while an editor runs. */
  setTerminalRawMode: (mode: boolean) => void = () => {};

  /**
   * @param settle resolves once the UI has caught up with the key just handled.
   * @param forward hands the key on to Ink's own input (input/ink-stdin.ts), for the components
   * that read it with useInput, ink-select-input among them.
   */
  constructor(
    private readonly settle: () => Promise<void>,
    private readonly forward: (sequence: string) => void = () => {},
  ) {}

  subscribe(subscriber: KeySubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** One read from the terminal, as Ink emits it. */
  push(data: string): void {
    for (const press of splitKeys(data)) {
      if (press.sequence === PASTE_START || press.sequence === PASTE_END) {
        this.pasting = press.sequence === PASTE_START;
      } else if (this.pasting && (press.key.return || press.sequence === '\n')) {
        // A line break inside a paste is text, never Enter: pasting a list of host names one a
        // line must not submit the form at the first. One-line fields take it as a space, the
        // body keeps it; CR LF is one break.
        const last = this.queue.at(-1);
        if (!(last?.input === '\n' && last.sequence === '\r' && press.sequence === '\n')) {
          this.queue.push({ input: '\n', key: blankKey(), text: true, sequence: press.sequence });
        }
      } else if (press.key.ctrl && press.input === 'c') {
        // Ctrl+C ends the app now: it waits neither for keys before it nor for a screen's load.
        this.queue.length = 0;
        this.queue.push(press);
        this.releaseAll();
        return;
      } else {
        this.queue.push(press);
      }
    }
    if (!this.pumping) this.pump();
  }

  private pump(): void {
    if (this.queue.length === 0 || this.held()) {
      this.pumping = false;
      return;
    }
    this.pumping = true;
    try {
      this.deliverNext();
    } catch (error) {
      // A handler's error is the app's crash, as with useInput; the keys after it are dropped.
      this.queue.length = 0;
      this.pumping = false;
      throw error;
    }
    // Keys that come before the UI has settled (in this read or the next) wait their turn.
    void this.settle().then(() => this.pump());
  }

  private deliverNext(): void {
    const first = this.queue.shift();
    if (!first) return;
    // Who hears this key is decided before anyone handles it: a key that closes the help must
    // not also reach the screen the help covered.
    const listening = [...this.subscribers].filter((s) => s.active.current);
    const ordered = [...listening.filter((s) => s.global), ...listening.filter((s) => !s.global)];
    const fields = ordered.filter((s) => s.text);
    if (first.text && fields.length > 0) {
      // A field has focus: the characters typed together are one insert, and only the field's.
      let input = first.input;
      while (this.queue[0]?.text) input += this.queue.shift()?.input ?? '';
      for (const field of fields) field.handler.current(input, first.key, input);
      this.forward(input);
      return;
    }
    for (const subscriber of ordered) {
      subscriber.handler.current(first.input, first.key, first.sequence);
    }
    // A line break inside a paste goes on as a line feed, which Ink takes for no Enter either.
    this.forward(first.text ? first.input : first.sequence);
  }
}

/** The longest keys typed ahead wait for a screen's first answer (KeyBus.hold). */
export const HOLD_LIMIT_MS = 2_000;
