import { describe, expect, it } from 'vitest';
import { isIsoDateTime, parseInstant, utcIso } from '../../src/contract/datetime.js';

describe('parseInstant', () => {
  it('reads every form of an ISO 8601 date-time with an offset as its instant', () => {
    const at = Date.parse('2026-03-02T10:15:30.000Z');
    const forms: [string, number][] = [
      ['2026-03-02T10:15:30.000Z', at],
      ['2026-03-02T10:15:30Z', at],
      ['2026-03-02T10:15:30+00:00', at],
      ['2026-03-02T10:15:30-00:00', at],
      ['2026-03-02t10:15:30z', at],
      ['2026-03-02 10:15:30Z', at],
      ['2026-03-02T10:15:30.123456Z', at + 123],
      ['2026-03-02T10:15:30.1Z', at + 100],
      ['2026-03-02T10:15:30,5Z', at + 500],
      ['2026-03-02T12:15:30+02:00', at],
      ['2026-03-02T05:15:30-0500', at],
      ['2026-03-02T15:45:30+05:30', at],
      ['2026-03-02T11:15:30+01', at],
      ['2026-03-02T10:15Z', at - 30_000],
      ['2026-03-02T10:15:60Z', Date.parse('2026-03-02T10:15:59.999Z')],
    ];
    for (const [text, ms] of forms) expect([text, parseInstant(text)]).toEqual([text, ms]);
  });

  it('refuses what is not a date-time with an offset', () => {
    for (const text of [
      '2026-03-02T10:15:30',
      '2026-03-02',
      '2026-02-30T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-03-02T24:00:00Z',
      '2026-03-02T10:60:00Z',
      '2026-03-02T10:15:30+24:00',
      'yesterday',
      ' 2026-03-02T10:15:30Z',
      '2026-03-02T10:15:30Z\n',
      '',
    ]) {
      expect([text, isIsoDateTime(text)]).toEqual([text, false]);
    }
    expect(isIsoDateTime('2024-02-29T00:00:00Z')).toBe(true);
    expect(isIsoDateTime('2025-02-29T00:00:00Z')).toBe(false);
  });
});

describe('utcIso', () => {
  it('writes the instant as toISOString does, so a date cut from it is the UTC date', () => {
    expect(utcIso('2026-03-01T23:30:00-05:00')).toBe('2026-03-02T04:30:00.000Z');
    expect(utcIso('0099-01-01T00:00:00Z')).toBe('0099-01-01T00:00:00.000Z');
    expect(utcIso('not a time')).toBeUndefined();
  });
});
