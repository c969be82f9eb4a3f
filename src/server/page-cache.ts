import { MarkCache } from './mark-cache.js';

/** A response body already serialized as JSON; the pipeline sends it as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * Pages of the domain list, serialized, kept while the database stays unchanged (see MarkCache).
 * A page is a function of the rows alone (who may see them is checked before the cache is
 * asked). The query and the serializing are two thirds of the cost of a page; clients that poll
 * a page (`domains wait`, a UI on refresh) mostly ask for one that has not changed.
 */
export class PageCache extends MarkCache<JsonText> {}
