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
