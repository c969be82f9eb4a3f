/** A response body already serialized as JSON; the pipeline sends it as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * Pages of the domain list, serialized, kept while the database stays unchanged. A page is a
 * function of the rows alone (who may see them is checked before the cache is asked), so any
 * change to the database, by this process or another one sharing the file, empties the cache
 * (see Store.changeMark). The query and the serializing are two thirds of the cost of a page;
 * clients that poll a page (`domains wait`, a UI on refresh) mostly ask for one that has not
 * changed.
 */
export class PageCache {
  private readonly pages = new Map<string, JsonText>();
  private mark = '';

  constructor(private readonly capacity = 256) {}

  /** The page under `key` if nothing changed since it was stored; `mark` says what is current. */
  get(key: string, mark: string): JsonText | undefined {
    if (mark !== this.mark) {
      this.pages.clear();
      this.mark = mark;
      return undefined;
    }
    return this.pages.get(key);
  }

  /**
   * Keeps `page`, read after the store's change mark was `mark`. A page read under an older mark
   * is dropped: the store is asynchronous, so a write (and a newer mark from another request)
   * can come between the read and this call, and the page may predate that write.
   */
  set(key: string, mark: string, page: JsonText): void {
    if (mark !== this.mark) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.pages.size >= this.capacity)
      this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, page);
  }
}
