import { MarkCache } from './mark-cache.js';

/**
 * A response body already serialized as JSON, kept as the bytes that go out: a kept page is
 * encoded to UTF-8 once, not by every answer (the adapter would measure and encode a string
 * each time, about as costly as the rest of a cached answer's own work).
 */
export class JsonText {
  readonly bytes: Uint8Array<ArrayBuffer>;
  constructor(text: string) {
    this.bytes = utf8.encode(text);
  }
}

const utf8 = new TextEncoder();

/**
 * Pages of the domain list, serialized, kept while the database stays unchanged (see MarkCache).
 * A page is a function of the rows alone (who may see them is checked before the cache is
 * asked). The query and the serializing are two thirds of the cost of a page; clients that poll
 * a page (`domains wait`, a UI on refresh) mostly ask for one that has not changed.
 */
export class PageCache extends MarkCache<JsonText> {}

/**
 * Pages of the domain list, serialized, each with the version of its project's list it was read
 * at, where the store's change mark does not move with every write (PostgreSQL): the statement of
 * the next request for the page reads the version again and the rows only if it moved
 * (Store.domainPage). A page is a function of the rows alone, as above.
 */
export class VersionedPages {
  private readonly pages = new Map<string, { version: string; body: JsonText }>();

  constructor(private readonly capacity = 256) {}

  get(key: string): { version: string; body: JsonText } | undefined {
    return this.pages.get(key);
  }

  set(key: string, version: string, body: JsonText): void {
    // Oldest first out: a Map iterates in insertion order.
    if (!this.pages.has(key) && this.pages.size >= this.capacity)
      this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, { version, body });
  }
}
