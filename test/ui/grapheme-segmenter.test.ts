import { styledCharsFromTokens, tokenize } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { GraphemeSegmenter, isOneUnitText } from '../../src/ui/grapheme-segmenter.js';

// The bundle gives Ink and its libraries a GraphemeSegmenter where they make an Intl.Segmenter
// (scripts/build.mjs): it must segment every text exactly as Intl.Segmenter does.
const intl = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const ours = new GraphemeSegmenter(undefined, { granularity: 'grapheme' });
const segments = (segmenter: { segment(text: string): Iterable<unknown> }, text: string) => [
  ...segmenter.segment(text),
];
/**
 * Intl.Segmenter's segments of `text`, found with containing() from each boundary to the next:
 * the very boundaries and segment objects its iteration gives (both are the spec's FindBoundary),
 * without making an iterator for each text, which was half the time of the test below.
 */
function intlSegments(text: string): Intl.SegmentData[] {
  const found = intl.segment(text);
  const all: Intl.SegmentData[] = [];
  let at = 0;
  while (at < text.length) {
    const segment = found.containing(at) as Intl.SegmentData;
    all.push(segment);
    at = segment.index + segment.segment.length;
  }
  return all;
}

/** Every UTF-16 code unit, each as one-character text. */
const units = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code));

describe('GraphemeSegmenter', () => {
  it('segments every character, alone, beside itself, ESC and a line feed, as Intl.Segmenter does', () => {
    const wrong = units.filter((c) =>
      [c, `a${c}a`, `${c}${c}`, `\u001b${c}\n`, `\n${c}\u001b[0m`].some(
        (text) => JSON.stringify(segments(ours, text)) !== JSON.stringify(intlSegments(text)),
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

// The bundle skips Ink's slice-ansi cut of a line that fits whole in its box when the line is
// one-unit text (scripts/build.mjs, LIBRARY_EDITS). Ink draws a line from its styled characters
// (ansi-tokenize's, what each cell shows and how): the cut line must have the very same ones.
describe("slice-ansi's whole-line cut of one-unit text", () => {
  const STYLES = [
    ['\u001b[1m', '\u001b[22m'],
    ['\u001b[2m', '\u001b[22m'],
    ['\u001b[3m', '\u001b[23m'],
    ['\u001b[4m', '\u001b[24m'],
    ['\u001b[7m', '\u001b[27m'],
    ['\u001b[31m', '\u001b[39m'],
    ['\u001b[36m', '\u001b[39m'],
    ['\u001b[90m', '\u001b[39m'],
    ['\u001b[38;5;208m', '\u001b[39m'],
    ['\u001b[38;2;10;20;30m', '\u001b[39m'],
    ['\u001b[44m', '\u001b[49m'],
    ['\u001b[48;5;17m', '\u001b[49m'],
  ] as const;
  const WORDS = [
    'www.acme-shop.com',
    'verified  ',
    '2026-11-25',
    ' · ',
    '─'.repeat(12),
    '› ',
    '✓ ok',
    '≥ 30',
    '…',
    ' ',
  ];
  /** A line of styled runs as Ink's Text transforms write them: nested, some left open. */
  function line(seed: number): string {
    let random = seed;
    const next = (n: number) => {
      random = (random * 1_103_515_245 + 12_345) % 2 ** 31;
      return random % n;
    };
    let text = '';
    for (let run = next(6) + 1; run > 0; run--) {
      const [open, close] = STYLES[next(STYLES.length)] ?? STYLES[0];
      const [inner, innerClose] = STYLES[next(STYLES.length)] ?? STYLES[0];
      const nested = next(3) === 0 ? `${inner}${WORDS[next(WORDS.length)]}${innerClose}` : '';
      text += `${open}${WORDS[next(WORDS.length)]}${nested}${WORDS[next(WORDS.length)]}`;
      if (next(5) !== 0) text += close;
      if (next(8) === 0) text += '\u001b[0m';
    }
    return text;
  }

  const cells = (text: string) => JSON.stringify(styledCharsFromTokens(tokenize(text)));

  it('gives back a line of the same styled characters', () => {
    const lines = Array.from({ length: 2_000 }, (_, seed) => line(seed + 1));
    expect(lines.every(isOneUnitText)).toBe(true);
    const changed = lines.filter(
      (text) => cells(sliceAnsi(text, 0, stringWidth(text))) !== cells(text),
    );
    expect(changed.map((text) => JSON.stringify(text))).toEqual([]);
  });
});
