import { describe, expect, it } from 'vitest';
import { lineTokens } from '../../src/core/json-tokens.js';
import {
  documentOf,
  findMatches,
  jqDocument,
  visibleLines,
} from '../../src/ui/raw/response-document.js';
import { lineRows } from '../../src/ui/raw/response-rows.js';
import { initialView, viewReducer } from '../../src/ui/raw/response-view.js';

const answer = { a: { b: [1, 2], c: 'x' }, d: null };
const doc = documentOf({ text: JSON.stringify(answer), json: answer });
const geo = { rows: () => 1, height: 3 };

describe("the raw screen's answer, as data", () => {
  it('knows where each object and array closes, and what each line is inside', () => {
    // {  "a": {  "b": [  1,  2  ],  "c": "x"  },  "d": null  }
    expect(doc.lines[1]).toBe('  "a": {');
    expect(doc.closeOf[1]).toBe(7);
    expect(doc.closeOf[2]).toBe(5);
    expect(doc.parentOf[3]).toBe(2);
    expect(doc.parentOf[6]).toBe(1);
    expect(Array.from(visibleLines(doc, new Set([1])))).toEqual([0, 1, 8, 9]);
  });

  it('matches a closing line only to an opener of its kind and indentation (jq -r text)', () => {
    const text = jqDocument('a {\n  }\n[\n  1\n]\n');
    expect(Array.from(text.closeOf)).toEqual([-1, -1, 4, -1, -1]);
  });

  it('searches with smart case', () => {
    expect(findMatches(doc, '"c"')).toEqual([6]);
    expect(findMatches(doc, 'NULL')).toEqual([]);
    expect(findMatches(doc, 'null')).toEqual([8]);
  });

  it('keeps the cursor in view, and unfolds what hides a match', () => {
    let view = viewReducer(initialView(doc), { type: 'move', by: 5 }, geo);
    expect([view.cursor, view.top]).toEqual([5, 3]);
    view = viewReducer(view, { type: 'fold' }, geo);
    // On `],` the fold is the array it closes.
    expect([view.cursor, [...view.folded]]).toEqual([2, [2]]);
    view = viewReducer(view, { type: 'search', query: '2' }, geo);
    expect([view.cursor, view.folded.size]).toEqual([4, 0]);
  });

  it('tokenises a line by JSON type; a line that is not JSON is text', () => {
    const kinds = (line: string) => lineTokens(line).map((t) => `${t.kind}:${t.text}`);
    expect(kinds('  "n": -1.5e3,')).toEqual([
      'punctuation:  ',
      'key:"n"',
      'punctuation:: ',
      'number:-1.5e3',
      'punctuation:,',
    ]);
    expect(kinds('  "s": "a \\" b"')).toContain('string:"a \\" b"');
    expect(kinds('  true')).toContain('boolean:true');
    expect(kinds('  null,')).toContain('null:null');
    expect(kinds('shop.example.com')).toEqual(['punctuation:shop.example.com']);
  });

  it('cuts a very long line where it is drawn, saying how much is left', () => {
    const long = documentOf({ text: 'x'.repeat(20_000) });
    const rows = lineRows(long, 0, { width: 100, folded: false });
    expect(rows.length).toBe(81);
    expect(
      rows
        .at(-1)
        ?.map((s) => s.text)
        .join(''),
    ).toContain('12000 more characters');
  });

  it('wraps a long line between its tokens, its rest two columns past its indentation; only a string wider than a row is broken', () => {
    const value = {
      key_of_forty_characters_or_thereabouts_x: 'a-value-of-forty-characters-or-about-it',
      long: 'y'.repeat(70),
      deep: { deeper: { a_key_as_wide_as_the_row_less_its_indent_x: 1 } },
    };
    const wrapped = documentOf({ text: JSON.stringify(value), json: value });
    const rowsOf = (line: number) =>
      lineRows(wrapped, line, { width: 50, folded: false }).map((row) =>
        row.map((s) => s.text).join(''),
      );
    // The value goes whole to the next row, its comma with it; the key keeps its colon. The
    // next row starts past the key's indentation: it reads as the value, not as the next key.
    expect(rowsOf(1)).toEqual([
      '  "key_of_forty_characters_or_thereabouts_x": ',
      '    "a-value-of-forty-characters-or-about-it",',
    ]);
    // Wider than a row: broken, from where the row has got to.
    expect(rowsOf(2)).toEqual([`  "long": "${'y'.repeat(39)}`, `    ${'y'.repeat(31)}",`]);
    // No hanging indent where it would take more than half the row.
    const narrow = (width: number) =>
      lineRows(wrapped, 2, { width, folded: false }).map((row) => row.map((s) => s.text).join(''));
    expect(narrow(8)[1]).toBe('    "yyy');
    expect(
      narrow(7)
        .slice(1)
        .filter((row) => row.startsWith(' ')),
    ).toEqual([]);
    // Indentation alone is no row: it gives way to a key that fits a row of its own.
    expect(rowsOf(5)).toEqual(['"a_key_as_wide_as_the_row_less_its_indent_x": 1']);
  });
});
