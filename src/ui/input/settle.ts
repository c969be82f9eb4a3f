/**
 * Tells when the UI has caught up with a key, through React's public API only: a probe component
 * at the root of the tree (InputRoot) re-renders on request, and its passive effect, which React
 * runs after every passive effect of its descendants in the same commit, says the round is done.
 *
 * A key's work comes in generations: the handler's state updates render and commit; the passive
 * effects of that commit (a field taking focus, a pushed screen asking for data) set state that
 * renders again; and so on. Each round waits for one generation. The UI has settled when a round
 * saw no listener of the bus render (their layout effects count renders), which is how a key's
 * work shows up (every screen, field and the app hear keys).
 */
export class UiSettler {
  private request: (() => void) | undefined;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly renders: () => number) {}

  /** The probe mounted: `bump` makes it render once more. */
  attach(bump: () => void): () => void {
    this.request = bump;
    return () => {
      this.request = undefined;
      this.release();
    };
  }

  /** The probe's passive effect ran: every effect of that commit has. */
  committed(): void {
    this.release();
  }

  async settle(): Promise<void> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const before = this.renders();
      if (!(await this.round())) return;
      if (this.renders() === before) return;
    }
  }

  /** One render of the probe and the passive effects before it; false once the app is gone. */
  private round(): Promise<boolean> {
    const request = this.request;
    if (!request) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      // Resolved on the turn after the probe's effect: the state the effects set is committed by
      // then (React renders it before it returns from the effects), and a lone Esc Ink held has
      // been handed out.
      this.waiting.push(() => setImmediate(() => resolve(true)));
      request();
    });
  }

  private release(): void {
    for (const done of this.waiting.splice(0)) done();
  }
}

/** A guard for a UI that keeps rendering on its own (a spinner): a key waits no longer. */
const MAX_ROUNDS = 20;
