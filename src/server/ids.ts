import { hash, randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random string over [a-z0-9]; rejection sampling keeps every character equally likely. */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 252 is the largest multiple of 36 below 256.
      if (byte < 252) out += ALPHABET[byte % 36];
      if (out.length === length) break;
    }
  }
  return out;
}

/** The characters of randomToken in byte order, as the stores sort ids (COLLATE "C" on PostgreSQL). */
const SORTED = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The next token in byte order, or undefined after "zzz…". */
function successor(token: string): string | undefined {
  const chars = [...token];
  for (let i = chars.length - 1; i >= 0; i--) {
    const at = SORTED.indexOf(chars[i] as string);
    if (at < SORTED.length - 1) {
      chars[i] = SORTED[at + 1] as string;
      return chars.join('');
    }
    chars[i] = SORTED[0] as string;
  }
  return undefined;
}

let last = { ms: 0, token: '' };

/**
 * A new row's id and creation time. Lists are newest first by (created_at, id), so of two rows
 * this process makes in one millisecond the later must have the greater id: its token is then the
 * one after the last, and otherwise random. created_at stays the clock's time, however many rows
 * a burst makes; only a clock stepped back is not followed (the last time is kept).
 */
export function newRow(prefix: 'prj_' | 'db_' | 'dom_' | 'org_'): {
  id: string;
  created_at: string;
} {
  let ms = Date.now();
  let token: string | undefined;
  if (ms <= last.ms) {
    ms = last.ms;
    token = successor(last.token);
  }
  if (token === undefined) {
    // A new millisecond, or (once in 36^16) the last token was the largest: a millisecond on.
    if (ms <= last.ms) ms = last.ms + 1;
    token = randomToken(16);
  }
  last = { ms, token };
  return { id: `${prefix}${token}`, created_at: new Date(ms).toISOString() };
}

/** API keys are stored only as this hash; the key itself is never written anywhere. */
export function hashApiKey(key: string): string {
  // One-shot: no Hash object a request (Node 20.12 on).
  return hash('sha256', key, 'hex');
}
