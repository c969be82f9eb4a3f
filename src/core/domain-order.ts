import { parseInstant } from '../contract/datetime.js';
import type { ReadDomain as Domain } from '../contract/read-schemas.js';

// The orders of a list of domains, one code for both faces: the UI's `s` and `domains list
// --sort`, so a person and a script see the same order. The API has one order (newest first);
// these run over the domains once they are loaded.

export type SortKey = 'created' | 'host' | 'status' | 'tls';

/** Every order, in the order the UI's `s` steps through them; `created` is the API's own. */
export const SORT_KEYS: readonly SortKey[] = ['created', 'host', 'status', 'tls'];

const time = (iso: string | null | undefined) => (iso ? parseInstant(iso) : undefined);

/** The API's order: newest first, then by id, as its keyset cursor pages. */
export function apiOrder(a: Domain, b: Domain): number {
  const at = time(a.created_at) ?? 0;
  const bt = time(b.created_at) ?? 0;
  if (at !== bt) return bt - at;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

const comparators: Record<SortKey, (a: Domain, b: Domain) => number> = {
  created: apiOrder,
  host: (a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : apiOrder(a, b)),
  status: (a, b) => Number(a.verified) - Number(b.verified) || apiOrder(a, b),
  // No certificate yet (pending) sorts after every date.
  tls: (a, b) => {
    const at = time(a.tls_cert_expiry) ?? Number.POSITIVE_INFINITY;
    const bt = time(b.tls_cert_expiry) ?? Number.POSITIVE_INFINITY;
    return at === bt ? apiOrder(a, b) : at < bt ? -1 : 1;
  },
};

/** A sorted copy: by `key`, ties in the API's order; `reverse` turns the whole order round. */
export function sortDomains<D extends Domain>(
  domains: readonly D[],
  key: SortKey,
  reverse = false,
): D[] {
  const sorted = [...domains].sort(comparators[key]);
  return reverse ? sorted.reverse() : sorted;
}
