/**
 * Why a deadline's signal aborted: its time ran out. (An abort by the caller's own signal keeps
 * that signal's reason.) The client turns it into a NetworkError before anyone else sees it.
 */
export class DeadlineExceeded extends Error {
  override readonly name = 'DeadlineExceeded';

  constructor(readonly ms: number) {
    super(`the deadline of ${ms} ms ran out`);
  }
}

// setTimeout holds at most 2^31 - 1 ms (24.8 days); a longer deadline is as good as none.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The time a command (or one request of it) has: one object handed down from the command to
 * every request, retry, Retry-After wait and body read, rather than a timer in each. Its signal
 * aborts when the time runs out (reason: DeadlineExceeded) or when the caller's signal does (the
 * UI quitting, Ctrl+C), whichever comes first. The timer never holds the process open.
 */
export class Deadline {
  private timer: NodeJS.Timeout | undefined;
  private unlink: (() => void) | undefined;

  private constructor(
    /** performance.now() when it runs out; Infinity for a deadline that never does. */
    readonly at: number,
    /** Its whole length in ms, for messages ("within 3 s"); Infinity for none. */
    readonly ms: number,
    private readonly controller: AbortController,
  ) {}

  /** A deadline `ms` from now; `signal`, when given, ends it early with its own reason. */
  static after(ms: number, signal?: AbortSignal): Deadline {
    return Deadline.start(performance.now() + ms, ms, signal, ms);
  }

  /** No time limit, only the caller's signal (if any). */
  static none(signal?: AbortSignal): Deadline {
    const never = Number.POSITIVE_INFINITY;
    return Deadline.start(never, never, signal, never);
  }

  /** A deadline ending at `at` (or with `parent`), by a timer of `timerMs` unless that is Infinity. */
  private static start(
    at: number,
    ms: number,
    parent: AbortSignal | undefined,
    timerMs: number,
  ): Deadline {
    const deadline = new Deadline(at, ms, new AbortController());
    if (parent?.aborted) {
      deadline.end(parent.reason);
      return deadline;
    }
    if (parent) {
      const stop = () => deadline.end(parent.reason);
      parent.addEventListener('abort', stop, { once: true });
      deadline.unlink = () => parent.removeEventListener('abort', stop);
    }
    if (timerMs <= 0) deadline.end(new DeadlineExceeded(ms));
    else if (timerMs <= MAX_TIMER_MS) {
      deadline.timer = setTimeout(() => deadline.end(new DeadlineExceeded(ms)), timerMs);
      deadline.timer.unref();
    }
    return deadline;
  }

  /** Aborts when the time is up or the caller gave up. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get expired(): boolean {
    return this.signal.aborted;
  }

  /** Milliseconds left (0 once it has ended; Infinity for none). */
  remaining(): number {
    if (this.signal.aborted) return 0;
    return Math.max(0, this.at - performance.now());
  }

  /**
   * The earlier of this deadline and `ms` from now, as a deadline of its own that also ends
   * with this one: the time one request of a longer run may take. Call dispose() on it once the
   * request is done (that never touches this one).
   */
  within(ms: number): Deadline {
    const now = performance.now();
    if (now + ms >= this.at) return Deadline.start(this.at, this.ms, this.signal, Infinity);
    return Deadline.start(now + ms, ms, this.signal, ms);
  }

  /** Stops the timer and lets go of the caller's signal: for a deadline that is no longer needed. */
  dispose(): void {
    clearTimeout(this.timer);
    this.unlink?.();
    this.unlink = undefined;
  }

  /**
   * The deadline that ran out (this one or one it is within), when that is why `reason` came;
   * undefined when the caller gave up (or nothing ended).
   */
  exceeded(reason: unknown = this.signal.reason): DeadlineExceeded | undefined {
    return reason instanceof DeadlineExceeded ? reason : undefined;
  }

  private end(reason: unknown): void {
    this.dispose();
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}
