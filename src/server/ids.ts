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

export function newId(prefix: 'prj_' | 'db_' | 'dom_' | 'org_'): string {
  return `${prefix}${randomToken(16)}`;
}

/** API keys are stored only as this hash; the key itself is never written anywhere. */
export function hashApiKey(key: string): string {
  // One-shot: no Hash object a request (Node 20.12 on).
  return hash('sha256', key, 'hex');
}
