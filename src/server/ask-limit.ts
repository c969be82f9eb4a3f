import { MemoryStore } from 'hono-rate-limiter';

/** The window of `--ask-limit`: questions that need the store, each client address a minute. */
export const ASK_WINDOW_MS = 60_000;
/** Past an address's limit, how often one name may still be looked up in the store. */
export const ASK_NAME_WINDOW_MS = 10_000;

/**
 * Which questions to `/v1/tls/ask` may read the store. Only the store is limited: answers from
 * AskCache cost nothing and are never counted. The edge (Caddy) is usually the only client, so a
 * limit on its address alone would let a flood of made-up SNI names shut out the customers' own
 * names, the newly verified ones first. So past its limit an address may still have each name
 * looked up once every ASK_NAME_WINDOW_MS: a verified name gets its 200 (and is cached), while a
 * name asked over and over gets 429. A flood of ever-new names still costs one indexed read each,
 * the price of never refusing a name that nobody has asked about yet.
 */
export class AskLimit {
  private readonly addresses = new MemoryStore();
  private readonly names = new MemoryStore();

  constructor(readonly limit: number) {
    // init() needs only windowMs; the rest of the middleware's options are not read by it.
    this.addresses.init({ windowMs: ASK_WINDOW_MS } as Parameters<MemoryStore['init']>[0]);
    this.names.init({ windowMs: ASK_NAME_WINDOW_MS } as Parameters<MemoryStore['init']>[0]);
  }

  /**
   * Counts a store read for `host` asked by `address`: undefined when it may go ahead, else the
   * seconds until it may (for Retry-After).
   */
  take(address: string, host: string): number | undefined {
    const asked = this.addresses.increment(address);
    if (asked.totalHits <= this.limit) return undefined;
    const name = this.names.increment(host);
    if (name.totalHits <= 1) return undefined;
    const reset = Math.min(asked.resetTime?.getTime() ?? 0, name.resetTime?.getTime() ?? 0);
    return Math.max(1, Math.ceil((reset - Date.now()) / 1000));
  }
}
