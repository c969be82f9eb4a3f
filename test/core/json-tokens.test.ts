import { describe, expect, it } from 'vitest';
import { formatJson } from '../../src/commands/json-format.js';
import { stripAnsi } from '../../src/commands/style.js';
import { jsonLines, jsonTokens, lineText } from '../../src/core/json-tokens.js';

const SAMPLES: unknown[] = [
  null,
  true,
  -0,
  1.5e-7,
  'plain',
  '\u001b]52;c;aGk=\u0007 \u009b \u202e',
  [],
  {},
  [1, [2, [3, {}]], { a: [] }],
  {
    domains: [{ id: 'dom_1', verified: false, verified_at: null, n: 3, 'k"ey': 'v' }],
    next_page_token: '',
  },
];

describe('jsonLines and jsonTokens', () => {
  it('spell exactly what formatJson prints without colour, pretty and compact', () => {
    for (const value of SAMPLES) {
      const label = JSON.stringify(value);
      expect(jsonLines(value).map(lineText).join('\n'), label).toBe(formatJson(value));
      expect(
        jsonTokens(value)
          .map((t) => t.text)
          .join(''),
        label,
      ).toBe(formatJson(value, { compact: true }));
      // Colour adds escapes and changes no other byte.
      expect(stripAnsi(formatJson(value, { color: true })), label).toBe(formatJson(value));
      expect(stripAnsi(formatJson(value, { color: true, compact: true })), label).toBe(
        formatJson(value, { compact: true }),
      );
    }
  });

  it('type every token, and say where each object or array that spans lines closes', () => {
    const lines = jsonLines({ a: [1, 'x'], b: { c: null, d: true }, e: [] });
    expect(lines.map(lineText)).toEqual([
      '{',
      '  "a": [',
      '    1,',
      '    "x"',
      '  ],',
      '  "b": {',
      '    "c": null,',
      '    "d": true',
      '  },',
      '  "e": []',
      '}',
    ]);
    expect(lines.map((line) => line.fold)).toEqual([
      { end: 10, count: 3, kind: 'object' },
      { end: 4, count: 2, kind: 'array' },
      undefined,
      undefined,
      undefined,
      { end: 8, count: 2, kind: 'object' },
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(lines[6]?.tokens).toEqual([
      { kind: 'key', text: '"c"' },
      { kind: 'punctuation', text: ': ' },
      { kind: 'null', text: 'null' },
      { kind: 'punctuation', text: ',' },
    ]);
    expect(jsonTokens([1, 'x', false]).map((t) => t.kind)).toEqual([
      'punctuation',
      'number',
      'punctuation',
      'string',
      'punctuation',
      'boolean',
      'punctuation',
    ]);
  });

  it('colour keys, strings, numbers and literals each their own way on a terminal', () => {
    expect(formatJson({ k: 's', n: 1, b: true, z: null }, { color: true, compact: true })).toBe(
      '{\u001b[34m"k"\u001b[39m:\u001b[32m"s"\u001b[39m,\u001b[34m"n"\u001b[39m:\u001b[36m1\u001b[39m,\u001b[34m"b"\u001b[39m:\u001b[33mtrue\u001b[39m,\u001b[34m"z"\u001b[39m:\u001b[90mnull\u001b[39m}',
    );
  });
});
