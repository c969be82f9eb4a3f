import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SIMPLE_TEXT, simpleWidth } from '../../src/ui/simple-width.js';

// The bundle answers string-width with simpleWidth wherever it can (scripts/build.mjs): each
// answer must be the one string-width would give, for each string-width the bundle holds.
const require = createRequire(import.meta.url);
type StringWidth = (text: string, options?: { ambiguousIsNarrow?: boolean }) => number;
const load = async (path: string) =>
  ((await import(pathToFileURL(path).href)) as { default: StringWidth }).default;
const versions: [string, StringWidth][] = [
  ['string-width (Ink, cli-truncate, ours)', await load(require.resolve('string-width'))],
  [
    "wrap-ansi's string-width",
    await load(createRequire(require.resolve('wrap-ansi')).resolve('string-width')),
  ],
];
const graphemes = (text: string) => [...new Intl.Segmenter().segment(text)].length;

/** Every UTF-16 code unit SIMPLE_TEXT takes (it holds no surrogate pairs). */
const simpleCharacters = Array.from({ length: 0x10000 }, (_, code) =>
  String.fromCharCode(code),
).filter((character) => SIMPLE_TEXT.test(character));

describe('simpleWidth', () => {
  it('takes only characters that are one column and a grapheme of their own', () => {
    expect(simpleCharacters.length).toBeGreaterThan(1000);
    const wrong = simpleCharacters.filter(
      (c) =>
        graphemes(`a${c}a`) !== 3 ||
        graphemes(`${c}${c}`) !== 2 ||
        versions.some(([, width]) => width(c) !== 1 || width(`x${c}${c}y`) !== 4),
    );
    expect(wrong.map((c) => `U+${c.charCodeAt(0).toString(16)}`)).toEqual([]);
  });

  it.each([
    'api.acme-shop.com',
    '',
    '› www.acme-shop.com         \u001b[32mverified  \u001b[39m2026-11-25   2027-02-23 89d',
    'profile none (flags) · 127.0.0.1:33579 · prj_demo_scale',
    '─'.repeat(100),
    '\u001b[1mpage 1 · rows 1–30 of ≥ 30\u001b[22m · 30 per page · n → next page',
    '✓ Copied · ✗ failed … ● done',
  ])('answers as every string-width does: %j', (text) => {
    const width = simpleWidth(text);
    expect(width).toBeTypeOf('number');
    for (const [, stringWidth] of versions) expect(width).toBe(stringWidth(text));
  });

  it.each([
    ['wide characters', 'ドメイン'],
    ['an emoji', 'ok 👍'],
    ['a combining accent', 'cafe\u0301'],
    ['a zero-width joiner', 'a\u200db'],
    ['a warning sign that one string-width counts as an emoji', '⚠ expiring'],
    ['a tab', 'a\tb'],
  ])('leaves %s to string-width', (_, text) => {
    expect(simpleWidth(text)).toBeUndefined();
  });

  it('leaves the counts with options to string-width', () => {
    expect(simpleWidth('a·b', { ambiguousIsNarrow: false })).toBeUndefined();
    expect(simpleWidth('\u001b[1mab', { countAnsiEscapeCodes: true })).toBeUndefined();
    expect(simpleWidth('a·b', { ambiguousIsNarrow: true })).toBe(3);
  });
});
