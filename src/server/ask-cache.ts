import { MarkCache } from './mark-cache.js';

/** How long an answer is kept when the store has no change mark (PostgreSQL), in milliseconds. */
export const ASK_VERIFIED_MS = 30_000;
export const ASK_NOT_VERIFIED_MS = 2_000;
/** How many answers about names that are not verified the cache keeps. */
export const ASK_CACHE_CAPACITY = 10_000;
/**
 * How many verified names the cache keeps, apart from the rest. Only a name the store said is
 * verified gets here, so what fills it is the database's own domains, never a client's guesses.
 */
export const ASK_VERIFIED_CAPACITY = 100_000;

/** Answers of one kind, kept by the store's change mark or for a time, oldest out first. */
interface Shelf {
  get(host: string, mark: string | undefined): boolean | undefined;
  set(host: string, mark: string | undefined, verified: boolean): void;
  delete(host: string): void;
}

class TimedShelf implements Shelf {
  private readonly values = new Map<string, { verified: boolean; until: number }>();

  constructor(
    private readonly capacity: number,
    private readonly keepMs: number,
  ) {}

  get(host: string): boolean | undefined {
    const kept = this.values.get(host);
    if (!kept) return undefined;
    if (kept.until > Date.now()) return kept.verified;
    this.values.delete(host);
    return undefined;
  }

  set(host: string, _mark: string | undefined, verified: boolean): void {
    this.values.delete(host);
    // Oldest first out: a Map iterates in insertion order.
    if (this.values.size >= this.capacity)
      this.values.delete(this.values.keys().next().value as string);
    this.values.set(host, { verified, until: Date.now() + this.keepMs });
  }

  delete(host: string): void {
    this.values.delete(host);
  }
}

class MarkedShelf implements Shelf {
  private readonly values: MarkCache<boolean>;

  constructor(capacity: number) {
    this.values = new MarkCache<boolean>(capacity);
  }

  get(host: string, mark: string | undefined): boolean | undefined {
    return this.values.get(host, mark);
  }

  set(host: string, mark: string | undefined, verified: boolean): void {
    this.values.set(host, mark, verified);
  }

  delete(host: string): void {
    this.values.delete(host);
  }
}

/**
 * The answers of `/v1/tls/ask` by host name. With a store whose change mark moves with every
 * write (SQLite) an answer is kept until the data changes, so a domain verified a moment ago is
 * let through at once; with another (PostgreSQL, whose mark follows access alone), a "verified"
 * is kept 30 s and a "not verified" 2 s (a domain's verification is what an operator waits for;
 * a name that is not verified is what a flood of made-up names asks about, and 2 s still spares
 * the database all but one question a name).
 *
 * Verified names have a shelf of their own, which a flood of made-up names (all "not verified")
 * never reaches: however many names an edge is made to ask about, the customers' own stay kept.
 * And the cache remembers which names were verified when the store was last asked, across
 * changes of mark, so that the ask limit never refuses them a read (see wasVerified).
 */
export class AskCache {
  private readonly verified: Shelf;
  private readonly others: Shelf;
  private readonly lastVerified = new Set<string>();

  /** `byMark`: the store's change mark moves with every write (SQLite), so answers follow it. */
  constructor(byMark: boolean) {
    this.verified = byMark
      ? new MarkedShelf(ASK_VERIFIED_CAPACITY)
      : new TimedShelf(ASK_VERIFIED_CAPACITY, ASK_VERIFIED_MS);
    this.others = byMark
      ? new MarkedShelf(ASK_CACHE_CAPACITY)
      : new TimedShelf(ASK_CACHE_CAPACITY, ASK_NOT_VERIFIED_MS);
  }

  get(host: string, mark: string | undefined): boolean | undefined {
    return this.verified.get(host, mark) ?? this.others.get(host, mark);
  }

  set(host: string, mark: string | undefined, verified: boolean): void {
    if (verified) {
      this.others.delete(host);
      this.verified.set(host, mark, true);
      this.lastVerified.delete(host);
      if (this.lastVerified.size >= ASK_VERIFIED_CAPACITY)
        this.lastVerified.delete(this.lastVerified.values().next().value as string);
      this.lastVerified.add(host);
    } else {
      this.verified.delete(host);
      this.others.set(host, mark, false);
      this.lastVerified.delete(host);
    }
  }

  /**
   * Whether the store said `host` was verified when it was last asked, however long ago and
   * whatever changed since: such a name is not one a flood makes up, so the ask limit lets it
   * be read (a domain is rarely unverified, and then the next read says so and forgets it).
   */
  wasVerified(host: string): boolean {
    return this.lastVerified.has(host);
  }
}
