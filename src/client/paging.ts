import { PagingError } from '../core/errors.js';

/** A token as messages quote it: whole when short, else its start. */
const quoted = (token: string) => `"${token.length > 40 ? `${token.slice(0, 40)}…` : token}"`;

/**
 * The most empty pages in a row a walk follows while they still point further. Paged APIs of
 * this kind (Google's AIP-158) may hand out an empty page before the end, when a page's worth
 * of rows was filtered away; ten in a row is no longer that, but a list that never ends.
 */
export const MAX_EMPTY_PAGES = 10;

/**
 * Watches a list being followed page by page. A page token handed out a second time would be
 * followed for ever (and `--all` grew without end), so it ends the walk with a PagingError. An
 * empty page that points further is followed, as AIP-158 allows, but no more than
 * MAX_EMPTY_PAGES of them in a row.
 *
 * Only the tokens are kept (to spot a repeat), never the items.
 */
export class PageGuard {
  private readonly seen = new Set<string>();
  private pages = 0;
  private items = 0;
  private emptyInARow = 0;

  /**
   * @param what the list, for messages: `the domains of prj_x`.
   * @param first the token the first page is asked with, if any (`--page-token`).
   */
  constructor(
    private readonly what: string,
    first?: string,
  ) {
    if (first) this.seen.add(first);
  }

  /**
   * Call after each page with its item count and `next_page_token`: returns the token to ask for
   * next, or undefined when the list is done. Throws PagingError when following it could not end.
   */
  next(token: string | null | undefined, count: number): string | undefined {
    this.pages += 1;
    this.items += count;
    if (!token) return undefined;
    const read = `the list stopped there, incomplete, after ${this.items} ${this.items === 1 ? 'item' : 'items'}`;
    if (this.seen.has(token)) {
      throw new PagingError(
        `the API handed out the page token ${quoted(token)} a second time (page ${this.pages} of ${this.what}): following it would never end, so ${read}`,
      );
    }
    this.emptyInARow = count === 0 ? this.emptyInARow + 1 : 0;
    if (this.emptyInARow > MAX_EMPTY_PAGES) {
      throw new PagingError(
        `page ${this.pages} of ${this.what} made ${this.emptyInARow} empty pages in a row, still pointing to a further page (next_page_token ${quoted(token)}): past ${MAX_EMPTY_PAGES} empty pages in a row the list is taken never to end, so ${read}`,
      );
    }
    this.seen.add(token);
    return token;
  }
}
