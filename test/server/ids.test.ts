import { describe, expect, it } from 'vitest';
import { creationTime, newId } from '../../src/server/ids.js';

describe('creationTime', () => {
  it('is later for every row made, even many in one millisecond', () => {
    // A loop of a thousand runs within a few milliseconds: most calls share one with another.
    const times = Array.from({ length: 1000 }, () => creationTime());
    const ms = times.map((t) => Date.parse(t));
    for (let i = 1; i < ms.length; i += 1) expect(ms[i]).toBeGreaterThan(ms[i - 1]!);
    // Never far ahead of the clock: a burst of a thousand moves it by at most a second.
    expect(ms.at(-1)! - Date.now()).toBeLessThan(1000);
  });

  it('is an ISO time the API sends as created_at', () => {
    expect(creationTime()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('newId', () => {
  it('is its prefix and 16 characters of [a-z0-9]', () => {
    expect(newId('dom_')).toMatch(/^dom_[a-z0-9]{16}$/);
  });
});
