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

let lastCreatedMs = 0;

/**
 * The creation time of a new row: now, but always later than the last one this process made.
 * Lists are newest first by (created_at, id) and ids are random, so two rows made in the same
 * millisecond would otherwise be listed in a random order rather than the order they were made.
 */
export function creationTime(): string {
  const now = Date.now();
  lastCreatedMs = now > lastCreatedMs ? now : lastCreatedMs + 1;
  return new Date(lastCreatedMs).toISOString();
}

/** API keys are stored only as this hash; the key itself is never written anywhere. */
export function hashApiKey(key: string): string {
  // One-shot: no Hash object a request (Node 20.12 on).
  return hash('sha256', key, 'hex');
}
