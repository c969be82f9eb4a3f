import { MarkCache } from './mark-cache.js';

/** How long an answer is kept when the store has no change mark (PostgreSQL), in milliseconds. */
export const ASK_VERIFIED_MS = 30_000;
export const ASK_NOT_VERIFIED_MS = 2_000;
const CAPACITY = 10_000;

/**
 * The answers of `/v1/tls/ask` by host name. With a store whose change mark moves with every
 * write (SQLite) an answer is kept until the data changes, so a domain verified a moment ago is let through at
 * once; with another (PostgreSQL, whose mark follows access alone), a "verified" is kept 30 s and a "not verified" 2 s (a domain's verification
 * is what an operator waits for; a name that is not verified is what a flood of made-up names
 * asks about, and 2 s still spares the database all but one question a name).
 */
export class AskCache {
  private readonly marked = new MarkCache<boolean>(CAPACITY);
  private readonly timed = new Map<string, { verified: boolean; until: number }>();

  /** `byMark`: the store's change mark moves with every write (SQLite), so answers follow it. */
  constructor(private readonly byMark: boolean) {}

  get(host: string, mark: string | undefined): boolean | undefined {
    if (this.byMark) return this.marked.get(host, mark);
    const kept = this.timed.get(host);
    if (!kept) return undefined;
    if (kept.until > Date.now()) return kept.verified;
    this.timed.delete(host);
    return undefined;
  }

  set(host: string, mark: string | undefined, verified: boolean): void {
    if (this.byMark) {
      this.marked.set(host, mark, verified);
      return;
    }
    // Oldest first out: a Map iterates in insertion order.
    if (this.timed.size >= CAPACITY) this.timed.delete(this.timed.keys().next().value as string);
    this.timed.set(host, {
      verified,
      until: Date.now() + (verified ? ASK_VERIFIED_MS : ASK_NOT_VERIFIED_MS),
    });
  }
}
