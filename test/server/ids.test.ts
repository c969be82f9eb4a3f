import { describe, expect, it } from 'vitest';
import { newRow } from '../../src/server/ids.js';

describe('newRow', () => {
  it('orders rows made in one millisecond by their id, and keeps created_at at the clock', () => {
    // A loop of a thousand runs within a few milliseconds: most calls share one with another.
    const before = Date.now();
    const rows = Array.from({ length: 1000 }, () => newRow('dom_'));
    const after = Date.now();
    // Newest first by (created_at, id), as the stores list them, is the reverse of making them.
    const listed = [...rows].sort((a, b) =>
      a.created_at === b.created_at
        ? Number(a.id < b.id) - Number(a.id > b.id)
        : Number(a.created_at < b.created_at) - Number(a.created_at > b.created_at),
    );
    expect(listed).toEqual([...rows].reverse());
    // Never ahead of the clock, however many a millisecond made.
    const times = rows.map((row) => Date.parse(row.created_at));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(before);
    expect(Math.max(...times)).toBeLessThanOrEqual(after);
    expect(new Set(rows.map((row) => row.id)).size).toBe(1000);
  });

  it('is its prefix and 16 characters of [a-z0-9], made at an ISO time the API sends', () => {
    const row = newRow('dom_');
    expect(row.id).toMatch(/^dom_[a-z0-9]{16}$/);
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
