import { describe, expect, it } from 'vitest';
import { GraphemeSegmenter } from '../../src/ui/grapheme-segmenter.js';

// The bundle gives Ink and its libraries a GraphemeSegmenter where they make an Intl.Segmenter
// (scripts/build.mjs): it must segment every text exactly as Intl.Segmenter does.
const intl = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const ours = new GraphemeSegmenter(undefined, { granularity: 'grapheme' });
const segments = (segmenter: { segment(text: string): Iterable<unknown> }, text: string) => [
  ...segmenter.segment(text),
];

/** Every UTF-16 code unit, each as one-character text. */
const units = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code));

describe('GraphemeSegmenter', () => {
  it('segments every character, alone, beside itself, ESC and a line feed, as Intl.Segmenter does', () => {
    const wrong = units.filter((c) =>
      [c, `a${c}a`, `${c}${c}`, `\u001b${c}\n`, `\n${c}\u001b[0m`].some(
        (text) => JSON.stringify(segments(ours, text)) !== JSON.stringify(segments(intl, text)),
      ),
    );
    expect(wrong.map((c) => `U+${c.charCodeAt(0).toString(16)}`)).toEqual([]);
  });

  it.each([
    '',
    '\u001b[1m\u001b[36mdomainctl\u001b[39m\u001b[22m profile none (flags) · 127.0.0.1:33579',
    '› www.acme-shop.com   \u001b[32mverified  \u001b[39m2026-11-25   2027-02-23 89d',
    '─'.repeat(100),
    'line one\r\nline two\ttabbed',
    'ドメイン 👍🏽 cafe\u0301 🇫🇷 a\u200db',
  ])('segments %j as Intl.Segmenter does, and finds the same segment at each index', (text) => {
    expect(segments(ours, text)).toEqual(segments(intl, text));
    const theirs = intl.segment(text);
    const mine = ours.segment(text);
    for (const index of [-1, 0, 1, 2.7, text.length - 1, text.length, Number.NaN]) {
      expect(mine.containing(index)).toEqual(theirs.containing(index));
    }
    expect(mine.containing()).toEqual(theirs.containing());
  });

  it('hands other granularities to Intl.Segmenter', () => {
    const words = new GraphemeSegmenter('en', { granularity: 'word' });
    const text = 'two words';
    expect(segments(words, text)).toEqual(
      segments(new Intl.Segmenter('en', { granularity: 'word' }), text),
    );
    expect(words.resolvedOptions()).toEqual(
      new Intl.Segmenter('en', { granularity: 'word' }).resolvedOptions(),
    );
  });
});
