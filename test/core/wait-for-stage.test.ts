import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INTERVAL_MS,
  MAX_INTERVAL_MS,
  nextInterval,
} from '../../src/core/wait-for-stage.js';

/** The pauses of a wait that starts at `first` ms, `count` of them. */
function pauses(first: number, count: number): number[] {
  const out = [first];
  while (out.length < count) out.push(nextInterval(out.at(-1) as number, first));
  return out;
}

describe('the backoff of domains wait', () => {
  it('grows by half from 2 s and stops at 30 s', () => {
    expect(DEFAULT_INTERVAL_MS).toBe(2_000);
    expect(MAX_INTERVAL_MS).toBe(30_000);
    expect(pauses(DEFAULT_INTERVAL_MS, 10)).toEqual([
      2_000, 3_000, 4_500, 6_750, 10_125, 15_187.5, 22_781.25, 30_000, 30_000, 30_000,
    ]);
  });

  it('keeps an --interval longer than the cap as it is', () => {
    expect(pauses(45_000, 3)).toEqual([45_000, 45_000, 45_000]);
  });

  it('caps a short --interval at 30 s too', () => {
    const long = pauses(300, 20);
    expect(long.slice(0, 3)).toEqual([300, 450, 675]);
    expect(long.at(-1)).toBe(30_000);
    expect(Math.max(...long)).toBe(30_000);
  });
});
