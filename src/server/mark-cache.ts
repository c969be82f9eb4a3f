/**
 * Values read from the store, kept while its change mark (Store.changeMark) stays the same: any
 * change to the data, by this process or another one sharing the database, empties the cache.
 * The server keeps pages of the domain list, callers and the projects they may see this way;
 * on PostgreSQL the mark is the access version, checked by every statement (access-check.ts),
 * and pages are kept by their project's list version instead (VersionedPages in page-cache.ts).
 */
export class MarkCache<V> {
  private readonly values = new Map<string, V>();
  private mark = '';

  constructor(private readonly capacity = 256) {}

  /** The value under `key` if nothing changed since it was stored; `mark` says what is current. */
  get(key: string, mark: string | undefined): V | undefined {
    if (mark === undefined) return undefined;
    if (mark !== this.mark) {
      this.values.clear();
      this.mark = mark;
      return undefined;
    }
    return this.values.get(key);
  }

  /**
   * Keeps `value`, read after the store's change mark was `mark`. A value read under an older
   * mark is dropped: the store is asynchronous, so a write (and a newer mark from another
   * request) can come between the read and this call, and the value may predate that write.
   * The mark must be read before the value: then a write between the two leaves a value newer
   * than its mark, which the next change of mark clears, never an older one.
   */
  set(key: string, mark: string | undefined, value: V): void {
    if (mark === undefined || mark !== this.mark) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.values.size >= this.capacity)
      this.values.delete(this.values.keys().next().value as string);
    this.values.set(key, value);
  }

  /** Forgets the value under `key`, whatever the mark. */
  delete(key: string): void {
    this.values.delete(key);
  }
}
