import { expect, it } from 'vitest';
import { groupedCount } from '../../src/core/display.js';

it('groups a count by thousands as toLocaleString("en-US") does', () => {
  for (const n of [
    0,
    7,
    45,
    999,
    1_000,
    12_345,
    600_000,
    1_234_567,
    -1_234,
    2 ** 53 - 1,
    1.5,
    1e21,
  ]) {
    expect(groupedCount(n)).toBe(n.toLocaleString('en-US'));
  }
});
