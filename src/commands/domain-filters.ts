import { domainToUnicode } from 'node:url';
import type { ReadDomain } from '../contract/read-schemas.js';

// The client-side filters of `domains list`: the API lists every domain of a project, newest
// first, and has no filters of its own, so the command walks the pages and keeps the matches.

export interface FilterFlags {
  status?: 'pending' | 'verified';
  /** ms: keep domains whose certificate expires within this long from now (or has expired). */
  expiringWithin?: number;
  host?: string;
}

/**
 * A host glob as a RegExp: `*` is any run of characters (dots too: `*.example.com` matches
 * `a.b.example.com`), `?` one character, everything else itself; case does not matter. Written
 * here rather than taken from a glob library: those match paths, where `*` stops at `/`, and
 * their brace and class syntax means nothing in a host name.
 */
export function hostPattern(glob: string): RegExp {
  const source = [...glob.trim().toLowerCase()]
    .map((char) =>
      char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`, 'i');
}

/** The filters given, as one test (every one must hold), or undefined when none is. */
export function domainFilter(
  flags: FilterFlags,
  now: Date,
): ((domain: ReadDomain) => boolean) | undefined {
  const tests: ((domain: ReadDomain) => boolean)[] = [];
  if (flags.status) {
    const verified = flags.status === 'verified';
    tests.push((d) => d.verified === verified);
  }
  if (flags.expiringWithin !== undefined) {
    const until = now.getTime() + flags.expiringWithin;
    // A certificate that has expired already is within any window: a monitor must see it.
    tests.push((d) => !!d.tls_cert_expiry && Date.parse(d.tls_cert_expiry) <= until);
  }
  if (flags.host !== undefined) {
    const pattern = hostPattern(flags.host);
    // The API stores an IDN as punycode (xn--bcher-kva.example): a glob matches that, or the
    // name as the person typed it when adding it (bücher.example).
    tests.push((d) => pattern.test(d.domain) || pattern.test(domainToUnicode(d.domain)));
  }
  if (tests.length === 0) return undefined;
  return (domain) => tests.every((test) => test(domain));
}
