import { StaleAccessError } from '../../core/errors.js';

/**
 * Whether an instance may answer from what it keeps (callers, the projects they may see) on
 * PostgreSQL, where other instances write too: the access version (migration 5) moves, in the
 * same transaction, with every change to API keys, users, memberships, flags and projects, and
 * every statement of a request reads it. A request takes the version this instance saw last as
 * its change mark, so its caches answer with what was read under that version; each statement
 * then says which version its own snapshot holds. The same: what the caches said is what the
 * database says at that statement, so the answer is as fresh as one read there. Another: a
 * change committed since, so the request starts again (StaleAccessError) under the new one.
 *
 * So a key revoked, a membership ended or a flag turned off through any instance (or straight in
 * the database) is refused by every instance on its very next request, without waiting for a
 * notification to arrive (a LISTEN/NOTIFY message comes after the commit and could lose the race
 * to that request), and the warm path is one statement: the page itself.
 */
export class AccessCheck {
  /** A statement of this request read the expected version. */
  private confirmed = false;
  /** The request asked for the change mark, so its caches may have answered. */
  private used = false;

  constructor(
    /** The version the request's caches answer under; undefined: they answer nothing. */
    readonly expected: string | undefined,
    /** Told every version a statement read (the store keeps the newest). */
    private readonly saw: (version: string) => void,
    /** Told when the request must start again (for metrics). */
    private readonly onStale: () => void = () => {},
  ) {}

  /** The request's change mark: the expected version. */
  mark(): string | undefined {
    this.used = true;
    return this.expected;
  }

  /** A statement of this request read `version`: throws StaleAccessError if it moved. */
  seen(version: string): void {
    this.saw(version);
    if (this.expected === undefined) return;
    if (version !== this.expected) {
      this.onStale();
      throw new StaleAccessError(`access changed: version ${this.expected}, now ${version}`);
    }
    this.confirmed = true;
  }

  /** Whether the answer rests on cached values no statement of this request has confirmed. */
  unconfirmed(): boolean {
    return this.used && this.expected !== undefined && !this.confirmed;
  }
}

/** Whether the access version `a` is newer than `b` (both decimal integers, no leading zeros). */
export function newerVersion(a: string, b: string | undefined): boolean {
  return b === undefined || a.length > b.length || (a.length === b.length && a > b);
}
