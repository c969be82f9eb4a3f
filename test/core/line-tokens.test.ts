import { describe, expect, it } from 'vitest';
import { jsonLines, lineText, lineTokens } from '../../src/core/json-tokens.js';

describe('lineTokens', () => {
  it('reads every line of a formatted document as jsonLines tokenised it', () => {
    const value = {
      name: 'a "quoted": value, with \\ and \u009b',
      n: [-1.5e-7, 0, 42],
      flags: { on: true, off: false, none: null },
      empty: { list: [], object: {} },
      'key: with colon': [{ deep: [[1]] }],
    };
    for (const line of jsonLines(value)) {
      const expected = line.tokens.map((t) => `${t.kind}:${t.text}`);
      const got = lineTokens(lineText(line)).map((t) => `${t.kind}:${t.text}`);
      // The indentation is one more (uncoloured) token.
      expect(got).toEqual(
        line.depth > 0 ? [`punctuation:${'  '.repeat(line.depth)}`, ...expected] : expected,
      );
    }
  });
});
