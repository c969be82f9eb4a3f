import { describe, expect, it } from 'vitest';
import { escapeJsonControls, hasControls, visible, visibleText } from '../../src/core/sanitize.js';

// Every control character: C0, DEL and C1.
const ALL_CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
].map((code) => String.fromCharCode(code));
// eslint-disable-next-line no-control-regex -- finding raw control characters is the test
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

describe('visible', () => {
  it('shows every C0, DEL and C1 control as its JSON escape, and nothing else changes', () => {
    for (const char of ALL_CONTROLS) {
      const code = char.charCodeAt(0).toString(16).padStart(4, '0');
      expect(visible(`a${char}b`)).toBe(`a\\u${code}b`);
    }
    expect(visible('shop.example.com é ✓ "quoted" \\ back')).toBe(
      'shop.example.com é ✓ "quoted" \\ back',
    );
  });

  it('turns a terminal-title and a clipboard escape into text that reads as what it is', () => {
    const title = 'Demo\u001b]2;pwned\u0007';
    const clipboard = '\u001b]52;c;ZWNobyBoaQ==\u0007';
    const csi = '\u009b31mred\u009b0m';
    expect(visible(title)).toBe('Demo\\u001b]2;pwned\\u0007');
    expect(visible(clipboard)).toBe('\\u001b]52;c;ZWNobyBoaQ==\\u0007');
    expect(visible(csi)).toBe('\\u009b31mred\\u009b0m');
    for (const text of [title, clipboard, csi, 'a\rb\bc\n\t']) {
      expect(visible(text)).not.toMatch(RAW_CONTROL);
    }
  });
});

describe('visibleText', () => {
  it('keeps line breaks (LF and CRLF) and tabs, and shows every other control', () => {
    expect(visibleText('one\r\ntwo\n\tthree')).toBe('one\r\ntwo\n\tthree');
    expect(visibleText('over\rwrite')).toBe('over\\u000dwrite');
    expect(visibleText('end\r')).toBe('end\\u000d');
    expect(visibleText('a\u001b[2Jb\u0008c\u009d0;t\u009c')).toBe(
      'a\\u001b[2Jb\\u0008c\\u009d0;t\\u009c',
    );
    const kept = visibleText(ALL_CONTROLS.join('')).replace(/\r\n|\n|\t/g, '');
    expect(kept).not.toMatch(RAW_CONTROL);
  });
});

describe('hasControls', () => {
  it('is true for any control character, line breaks and tabs included', () => {
    for (const char of ALL_CONTROLS) expect(hasControls(`x${char}`)).toBe(true);
    expect(hasControls('domainctl-verify=abc123 é')).toBe(false);
    // The same answer twice in a row: no state kept between calls.
    expect(hasControls('\u0007')).toBe(true);
    expect(hasControls('\u0007')).toBe(true);
  });
});

describe('escapeJsonControls', () => {
  it('escapes what JSON.stringify leaves raw (DEL, C1), and the JSON parses back the same', () => {
    const value = { name: 'a\u007fb\u009bc\u0085d', 'k\u009d': ['\u001b', 'é'] };
    const json = escapeJsonControls(JSON.stringify(value));
    expect(json).toBe('{"name":"a\\u007fb\\u009bc\\u0085d","k\\u009d":["\\u001b","é"]}');
    expect(json).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(json)).toEqual(value);
  });
});

// The characters that change how text reads without showing themselves: bidi controls and
// zero-width characters.
const INVISIBLE = [
  0x061c,
  0x200b,
  0x200c,
  0x200d, // the zero-width joiner, where it joins no two pictographs (below)
  0x200e,
  0x200f,
  ...Array.from({ length: 5 }, (_, i) => 0x202a + i),
  0x2060,
  ...Array.from({ length: 4 }, (_, i) => 0x2066 + i),
  0xfeff,
].map((code) => String.fromCharCode(code));
const RAW_INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

// The other default-ignorable characters a font draws as nothing, and the line and paragraph
// separators a terminal does not break on: each makes two different strings look the same.
const ALSO_INVISIBLE = [
  0x00ad, // soft hyphen
  0x034f, // combining grapheme joiner
  0x115f, // Hangul choseong filler
  0x1160, // Hangul jungseong filler
  0x17b4, // Khmer inherent vowel aq
  0x17b5, // Khmer inherent vowel aa
  0x180e, // Mongolian vowel separator
  0x2028, // line separator
  0x2029, // paragraph separator
  ...Array.from({ length: 4 }, (_, i) => 0x2061 + i), // invisible operators
  ...Array.from({ length: 6 }, (_, i) => 0x206a + i), // deprecated format controls
  0x3164, // Hangul filler
  0xffa0, // halfwidth Hangul filler
  0xfff9, // interlinear annotation anchor
  0xfffa,
  0xfffb,
].map((code) => String.fromCharCode(code));

describe('bidi controls and zero-width characters', () => {
  it('are shown as their escapes by visible and visibleText, as the controls are', () => {
    for (const char of INVISIBLE) {
      const code = char.charCodeAt(0).toString(16).padStart(4, '0');
      expect(visible(`a${char}b`)).toBe(`a\\u${code}b`);
      expect(visibleText(`a${char}b\nc`)).toBe(`a\\u${code}b\nc`);
      expect(hasControls(`a${char}b`)).toBe(true);
    }
    // An override that makes "moc.elpmaxe" read as "example.com" reads as what it is.
    expect(visible('shop.\u202emoc.elpmaxe\u202c')).toBe('shop.\\u202emoc.elpmaxe\\u202c');
    // Other characters of those blocks are left alone: dashes, quotes, the ellipsis, NBSP.
    expect(visible('a\u2013b\u201cc\u2026d\u00a0e')).toBe('a\u2013b\u201cc\u2026d\u00a0e');
  });

  it('are escaped in JSON too, which parses back to the same value', () => {
    const value = { name: `Shop${INVISIBLE.join('')}` };
    const json = escapeJsonControls(JSON.stringify(value));
    expect(json).not.toMatch(RAW_INVISIBLE);
    expect(json).toContain('\\u202e');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('the other invisible characters', () => {
  it('are shown as their escapes by visible and visibleText, and found by hasControls', () => {
    for (const char of ALSO_INVISIBLE) {
      const code = char.charCodeAt(0).toString(16).padStart(4, '0');
      expect(visible(`a${char}b`)).toBe(`a\\u${code}b`);
      expect(visibleText(`a${char}b\nc`)).toBe(`a\\u${code}b\nc`);
      expect(hasControls(`a${char}b`)).toBe(true);
    }
    // A project named with Hangul fillers reads as blank; a soft hyphen hides inside a name.
    expect(visible('\u3164\u3164')).toBe('\\u3164\\u3164');
    expect(visible('pay\u00adpal.com')).toBe('pay\\u00adpal.com');
    // A line separator is not a line break a terminal obeys, and not one visibleText keeps.
    expect(visibleText('one\u2028two\u2029')).toBe('one\\u2028two\\u2029');
  });

  it('are escaped in JSON too, which parses back to the same value', () => {
    const value = { name: `Shop${ALSO_INVISIBLE.join('')}` };
    const json = escapeJsonControls(JSON.stringify(value));
    for (const char of ALSO_INVISIBLE) expect(json).not.toContain(char);
    expect(json).toContain('\\u3164');
    expect(JSON.parse(json)).toEqual(value);
  });

  it('leave emoji whole: the variation selectors and skin tones are part of what they show', () => {
    // U+FE0F asks for the colour form, U+FE0E for the text form; a skin-tone modifier and a
    // keycap sequence are drawn as one picture. None of them is escaped.
    const emoji = '\u2764\ufe0f \u263a\ufe0e \u{1f44d}\u{1f3fd} 1\ufe0f\u20e3 \u{1f1eb}\u{1f1f7}';
    expect(visible(emoji)).toBe(emoji);
    expect(visibleText(emoji)).toBe(emoji);
    expect(hasControls(emoji)).toBe(false);
    expect(escapeJsonControls(JSON.stringify(emoji))).toBe(JSON.stringify(emoji));
    // Nor the characters next to the new ones: the hyphen, the Hangul letters, NBSP, U+2027.
    expect(visible('a-b \u3131\u1100\u1161 \u00a0 \u2027')).toBe(
      'a-b \u3131\u1100\u1161 \u00a0 \u2027',
    );
  });
});

describe('emoji sequences and tag characters', () => {
  const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
  const technologist = '\u{1f469}\u{1f3fd}\u200d\u{1f4bb}';
  const heartOnFire = '\u2764\ufe0f\u200d\u{1f525}';
  const england = '\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}';

  it('leave an emoji ZWJ sequence and a subdivision flag whole', () => {
    const emoji = `${family} ${technologist} ${heartOnFire} ${england}`;
    expect(visible(emoji)).toBe(emoji);
    expect(visibleText(`${emoji}\n${emoji}`)).toBe(`${emoji}\n${emoji}`);
    expect(hasControls(emoji)).toBe(false);
    expect(escapeJsonControls(JSON.stringify(emoji))).toBe(JSON.stringify(emoji));
  });

  it('escape a joiner that joins no two pictographs', () => {
    expect(visible('pay\u200dpal')).toBe('pay\\u200dpal');
    expect(visible('\u200d\u{1f468}')).toBe('\\u200d\u{1f468}');
    expect(visible('\u{1f468}\u200d')).toBe('\u{1f468}\\u200d');
    expect(hasControls('a\u200db')).toBe(true);
  });

  it('escape tag characters outside a flag: invisible text that could carry a hidden message', () => {
    // "hi" followed by the tag letters A and B, which no terminal draws.
    expect(visible('hi\u{e0041}\u{e0042}')).toBe('hi\\udb40\\udc41\\udb40\\udc42');
    // A flag's tags without the cancel tag that ends them are not a flag.
    expect(visible('\u{1f3f4}\u{e0067}')).toBe('\u{1f3f4}\\udb40\\udc67');
    expect(visibleText('a\u{e007f}\nb')).toBe('a\\udb40\\udc7f\nb');
    expect(hasControls('x\u{e0020}')).toBe(true);
    const value = { name: `Shop\u{e0041}${england}` };
    const json = escapeJsonControls(JSON.stringify(value));
    expect(json).toBe(`{"name":"Shop\\udb40\\udc41${england}"}`);
    expect(JSON.parse(json)).toEqual(value);
  });
});
