import { describe, expect, it } from 'vitest';
import { cursorLine, fieldLines } from '../../src/ui/components/field-lines.js';

const shown = (value: string, width: number) =>
  fieldLines(value, width).map(({ start, end }) => value.slice(start, end));

describe("a field's lines", () => {
  it('breaks at spaces, leaving the space out, and keeps every other character', () => {
    expect(shown('one.example two.example three.example', 14)).toEqual([
      'one.example',
      'two.example',
      'three.example',
    ]);
    expect(shown('a b c', 80)).toEqual(['a b c']);
  });

  it('breaks a word wider than a line where it reaches the end', () => {
    // (A line's last column is the cursor's.)
    expect(shown('abcdefghij', 5)).toEqual(['abcd', 'efgh', 'ij']);
    expect(shown('ab cdefghij', 5)).toEqual(['ab', 'cdef', 'ghij']);
  });

  it("knows the cursor's line, the end of the text included", () => {
    const value = 'one.example two.example three.example';
    const lines = fieldLines(value, 14);
    expect(cursorLine(lines, 0)).toBe(0);
    expect(cursorLine(lines, value.indexOf('two'))).toBe(1);
    expect(cursorLine(lines, value.length)).toBe(2);
  });
});
