import { describe, expect, it } from 'vitest';
import { availabilityGuard } from '../../src/server/postgres/availability.js';

// The guard around every call to PostgreSQL, apart from a database: what it logs as the database
// goes away and comes back.
const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

describe('the availability guard', () => {
  it('logs one line when the database goes and one when it answers again, not one a call', async () => {
    const lines: string[] = [];
    const guarded = availabilityGuard(1_000, (line) => lines.push(line));
    await expect(guarded(() => Promise.reject(refused()))).rejects.toThrow('unavailable');
    await expect(guarded(() => Promise.reject(refused()))).rejects.toThrow('unavailable');
    await guarded(() => Promise.resolve(1));
    await guarded(() => Promise.resolve(2));
    expect(lines).toEqual([
      expect.stringMatching(/^database: unavailable \(connect ECONNREFUSED\)/),
      'database: answering again',
    ]);
  });

  it('takes no late answer to a call sent before the outage for the database answering again', async () => {
    // A CI run's finding: a statement sent just before the database stopped, answered as it
    // went, logged "answering again", and the next call a second "unavailable".
    const lines: string[] = [];
    const guarded = availabilityGuard(1_000, (line) => lines.push(line));
    let answer: (value: number) => void = () => {};
    const early = guarded(() => new Promise<number>((resolve) => (answer = resolve)));
    await expect(guarded(() => Promise.reject(refused()))).rejects.toThrow('unavailable');
    answer(1);
    await early;
    await expect(guarded(() => Promise.reject(refused()))).rejects.toThrow('unavailable');
    expect(lines).toHaveLength(1);
    await guarded(() => Promise.resolve(2));
    expect(lines).toEqual([
      expect.stringMatching(/^database: unavailable/),
      'database: answering again',
    ]);
  });
});
