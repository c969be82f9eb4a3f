import { parseInstant } from '../contract/datetime.js';
import type { Tone } from './display.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A certificate with this many whole days left, or fewer, is shown as a warning: at 14 days and
 * some hours left both faces warn, at 15 neither does.
 */
export const TLS_WARNING_DAYS = 14;

/** Whole days from now until the time (rounded down); negative once it has passed. */
export function daysLeft(iso: string, now: Date): number {
  return Math.floor(((parseInstant(iso) ?? Number.NaN) - now.getTime()) / DAY_MS);
}

/** Where a domain's certificate stands at `now`, and the tone either face shows it in. */
export type TlsExpiry =
  | { state: 'none'; tone: 'muted' }
  | { state: 'expired'; daysAgo: number; tone: Tone }
  | { state: 'valid'; daysLeft: number; soon: boolean; tone: Tone | undefined };

/**
 * The one TLS rule: no time is `none` (not issued yet); a time at or before now is `expired`
 * (`daysAgo` whole days ago); else `valid` with its whole days left, and `soon` (a warning) when
 * those are TLS_WARNING_DAYS or fewer.
 */
export function tlsExpiry(iso: string | null | undefined, now: Date): TlsExpiry {
  const at = iso ? parseInstant(iso) : undefined;
  if (at === undefined) return { state: 'none', tone: 'muted' };
  if (at <= now.getTime()) {
    return { state: 'expired', daysAgo: Math.floor((now.getTime() - at) / DAY_MS), tone: 'error' };
  }
  const days = Math.floor((at - now.getTime()) / DAY_MS);
  const soon = days <= TLS_WARNING_DAYS;
  return { state: 'valid', daysLeft: days, soon, tone: soon ? 'warn' : undefined };
}
