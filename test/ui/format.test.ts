import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { recordsLayout, recordWidths } from '../../src/ui/domain/RecordsTable.js';
import {
  clip,
  displayWidth,
  padEnd,
  tlsCell,
  wrapHard,
  wrapName,
  wrapWords,
} from '../../src/ui/components/format.js';

describe('wrapName', () => {
  it('keeps every character, in order, in lines no wider than asked', () => {
    for (const text of [
      '_domainctl-verify.a-rather-long-name.wrapping-test.example.com',
      'domainctl-verify=qc55ibshl2viudh1g4k968b6',
      'dom-qygtaqg3alyj5jme.acme.edge.domainctl.test',
      'x'.repeat(70),
    ]) {
      for (const width of [1, 7, 20, 29, 80]) {
        const lines = wrapName(text, width);
        expect(lines.join('')).toBe(text);
        for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
      }
    }
  });

  it('breaks between labels when it can', () => {
    expect(wrapName('_acme-challenge.www.acme-shop.com', 24)).toEqual([
      '_acme-challenge.www.',
      'acme-shop.com',
    ]);
    expect(wrapName('domainctl-verify=abcdefghijklmnop', 24)).toEqual([
      'domainctl-verify=',
      'abcdefghijklmnop',
    ]);
  });
});

describe('wrapWords', () => {
  it('breaks at spaces, never leaves a space at either end, and breaks long names like wrapName', () => {
    const text =
      'the TXT record at _domainctl-verify.shop.example.com holds another token; it must be domainctl-verify=abc';
    for (const width of [12, 30, 50]) {
      const lines = wrapWords(text, width);
      expect(lines.join(' ').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
      for (const line of lines) {
        expect(line.length).toBeLessThanOrEqual(width);
        expect(line).toBe(line.trim());
      }
    }
    expect(wrapWords(text, 30)).toEqual([
      'the TXT record at',
      '_domainctl-verify.shop.',
      'example.com holds another',
      'token; it must be',
      'domainctl-verify=abc',
    ]);
  });
});

describe('the records table', () => {
  it('puts the check marks in a column only where no record wraps beside it', () => {
    const records = [
      {
        type: 'TXT' as const,
        host: '_domainctl-verify.www.acme-shop.com',
        value: 'v'.repeat(41),
        purpose: '',
      },
    ];
    // The value column as wide as its value: the marks go right after it, not at the edge.
    expect(recordsLayout(records, 120, true)).toEqual({ host: 35, value: 41, statusColumn: true });
    expect(recordsLayout(records, 200, true)).toEqual({ host: 35, value: 41, statusColumn: true });
    expect(recordsLayout(records, 80, true)).toEqual({ host: 28, value: 41, statusColumn: false });
    expect(recordsLayout(records, 120, false).statusColumn).toBe(false);
  });

  it('gives the value its whole width when the host keeps at least 20', () => {
    const records = [
      {
        type: 'TXT' as const,
        host: '_domainctl-verify.www.acme-shop.com',
        value: 'v'.repeat(41),
        purpose: '',
      },
    ];
    expect(recordWidths(records, 80)).toEqual({ host: 28, value: 41 });
    expect(recordWidths(records, 120).host).toBe(35);
  });
});

describe('the TLS expiry cell', () => {
  const now = new Date('2026-01-01T00:00:00.000Z');
  it('words the date and days left, in the tone core gives it', () => {
    expect(tlsCell('2026-01-31T12:00:00.000Z', now)).toEqual({
      text: '2026-01-31 30d',
      tone: undefined,
    });
    expect(tlsCell('2026-01-10T00:00:00.000Z', now)).toEqual({
      text: '2026-01-10 9d',
      tone: 'warn',
    });
    expect(tlsCell('2026-01-31T12:00:00.000Z', now, true)).toEqual({
      text: '2026-01-31 12:00 UTC · 30 days left',
      tone: undefined,
    });
    expect(tlsCell('2025-12-31T00:00:00.000Z', now)).toEqual({
      text: '2025-12-31 expired',
      tone: 'error',
    });
    expect(tlsCell(null, now)).toEqual({ text: '-', tone: 'muted' });
    expect(tlsCell(null, now, true)).toEqual({
      text: 'no certificate yet (issued once verified)',
      tone: 'muted',
    });
  });
});

describe('widths in terminal columns', () => {
  const wide = '東京ストア'.repeat(4);

  it('wraps wide characters by the columns they take, keeping every one', () => {
    for (const wrap of [wrapHard, wrapName]) {
      const lines = wrap(wide, 7);
      expect(lines.join('')).toBe(wide);
      for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(7);
    }
    expect(wrapHard(wide, 10)[0]).toBe('東京ストア');
    const words = wrapWords(`found ${wide} there`, 12);
    for (const line of words) expect(stringWidth(line)).toBeLessThanOrEqual(12);
    expect(words.join('')).toContain(wide.slice(0, 3));
  });

  it('cuts and pads by columns, never in the middle of a character', () => {
    expect(clip(wide, 9)).toBe('東京スト…');
    expect(stringWidth(clip(wide, 10))).toBeLessThanOrEqual(10);
    expect(clip('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301…');
    expect(padEnd('東京', 6)).toBe('東京  ');
    expect(displayWidth('東京')).toBe(4);
  });
});
