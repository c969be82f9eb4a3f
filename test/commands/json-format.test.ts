import { describe, expect, it } from 'vitest';
import { formatJson, jsonListWriter } from '../../src/commands/json-format.js';
import { stripAnsi } from '../../src/commands/style.js';

const sample = {
  id: 'dom_1',
  count: 3,
  ratio: -1.5e-7,
  verified: true,
  other: false,
  verified_at: null,
  nested: { list: [1, 'two', { three: [] }], empty: {} },
  quote: 'say "hi"\n\u001b',
  'key "with" quotes': [],
};

describe('formatJson', () => {
  it('without colour is exactly JSON.stringify: indented, or compact', () => {
    expect(formatJson(sample)).toBe(JSON.stringify(sample, null, 2));
    expect(formatJson(sample, { compact: true })).toBe(JSON.stringify(sample));
    for (const value of [null, 0, 'x', [], {}, [[]], [{}]]) {
      expect(formatJson(value)).toBe(JSON.stringify(value, null, 2));
    }
  });

  it('with colour is the same text once the colours are stripped', () => {
    expect(stripAnsi(formatJson(sample, { color: true }))).toBe(JSON.stringify(sample, null, 2));
    expect(stripAnsi(formatJson(sample, { color: true, compact: true }))).toBe(
      JSON.stringify(sample),
    );
  });

  it('colours keys, strings, numbers, booleans and null apart', () => {
    expect(formatJson({ a: 's', n: 1, t: true, z: null }, { color: true, compact: true })).toBe(
      '{\u001b[34m"a"\u001b[39m:\u001b[32m"s"\u001b[39m,' +
        '\u001b[34m"n"\u001b[39m:\u001b[36m1\u001b[39m,' +
        '\u001b[34m"t"\u001b[39m:\u001b[33mtrue\u001b[39m,' +
        '\u001b[34m"z"\u001b[39m:\u001b[90mnull\u001b[39m}',
    );
  });

  it('escapes control characters inside strings, so a body cannot drive the terminal', () => {
    expect(formatJson('\u001b[2J', { color: true })).toBe('\u001b[32m"\\u001b[2J"\u001b[39m');
  });
});

describe('formatJson and C1 controls', () => {
  it('escapes DEL and C1, which JSON.stringify leaves raw, and parses back to the same value', () => {
    const value = { name: 'a\u009b2Jb\u007f', [`k\u0085`]: '\u009d0;title\u009c' };
    for (const options of [
      {},
      { compact: true },
      { color: true },
      { color: true, compact: true },
    ]) {
      const text = formatJson(value, options);
      expect(text).not.toMatch(/[\u007f-\u009f]/);
      expect(JSON.parse(stripAnsi(text))).toEqual(value);
    }
    expect(formatJson(value, { compact: true })).toBe(
      '{"name":"a\\u009b2Jb\\u007f","k\\u0085":"\\u009d0;title\\u009c"}',
    );
  });
});

describe('jsonListWriter', () => {
  const pages = [[sample, { a: 1 }], [], [['x'], 'y\u009b', null]];
  const all = pages.flat();

  it('streams, page by page, the very text formatJson prints for the merged document', () => {
    for (const options of [
      {},
      { compact: true },
      { color: true },
      { color: true, compact: true },
    ]) {
      for (const given of [pages, [], [[]], [[], [1]]]) {
        let text = '';
        const out = jsonListWriter('domains', options, (chunk) => {
          text += chunk;
        });
        for (const page of given) out.items(page);
        out.close();
        const merged = { domains: given.flat(), next_page_token: '' };
        expect(text).toBe(`${formatJson(merged, options)}\n`);
      }
    }
  });

  it('writes nothing that parses as a whole document before close()', () => {
    let text = '';
    const out = jsonListWriter('domains', { compact: true }, (chunk) => {
      text += chunk;
    });
    out.items(all);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    out.close();
    expect(JSON.parse(text)).toEqual({ domains: all, next_page_token: '' });
  });
});
