import { describe, expect, it } from 'vitest';
import { daysLeft, TLS_WARNING_DAYS, tlsExpiry } from '../../src/core/tls.js';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-01-01T00:00:00.000Z');
const inDays = (days: number) => new Date(now.getTime() + days * DAY).toISOString();

describe('the TLS rule', () => {
  it('counts whole days left, rounded down', () => {
    expect(daysLeft(inDays(30.5), now)).toBe(30);
    expect(daysLeft(inDays(0.2), now)).toBe(0);
    expect(daysLeft(inDays(-0.5), now)).toBe(-1);
  });

  it('warns with 14 whole days left or fewer, not with 15', () => {
    expect(TLS_WARNING_DAYS).toBe(14);
    expect(tlsExpiry(inDays(14.5), now)).toEqual({
      state: 'valid',
      daysLeft: 14,
      soon: true,
      tone: 'warn',
    });
    expect(tlsExpiry(inDays(14), now)).toMatchObject({ daysLeft: 14, soon: true });
    expect(tlsExpiry(inDays(15), now)).toEqual({
      state: 'valid',
      daysLeft: 15,
      soon: false,
      tone: undefined,
    });
    expect(tlsExpiry(inDays(0.5), now)).toMatchObject({ daysLeft: 0, soon: true });
  });

  it('calls a certificate expired from its very moment on, with whole days since', () => {
    expect(tlsExpiry(now.toISOString(), now)).toEqual({
      state: 'expired',
      daysAgo: 0,
      tone: 'error',
    });
    expect(tlsExpiry(inDays(-3.25), now)).toMatchObject({ state: 'expired', daysAgo: 3 });
  });

  it('has nothing to say without a time', () => {
    expect(tlsExpiry(null, now)).toEqual({ state: 'none', tone: 'muted' });
    expect(tlsExpiry(undefined, now)).toEqual({ state: 'none', tone: 'muted' });
  });
});
