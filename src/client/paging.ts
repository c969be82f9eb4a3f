import { PagingError } from '../core/errors.js';

/** A token as messages quote it: whole when short, else its start. */
const quoted = (token: string) => `"${token.length > 40 ? `${token.slice(0, 40)}…` : token}"`;

/**
 * Watches a list being followed page by page. The contract says a page token is never handed out
 * twice and never leads to an empty page; a server that does either anyway would be followed for
 * ever (and `--all` grew without end), so either one ends the walk with a PagingError.
 *
 * Only the tokens are kept (to spot a repeat), never the items.
 */
export class PageGuard {
  private readonly seen = new Set<string>();
  private pages = 0;
  private items = 0;

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
    if (count === 0) {
      throw new PagingError(
        `page ${this.pages} of ${this.what} was empty but pointed to a further page (next_page_token ${quoted(token)}): following such pages could never end, so ${read}`,
      );
    }
    this.seen.add(token);
    return token;
  }
}
