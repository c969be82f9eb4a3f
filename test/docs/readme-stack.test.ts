import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGuide, section } from '../helpers/guide.js';

// The README's "Stack" section against package.json: every package the product's brief names is
// in its table, once; one that package.json lists is named with the range it lists and what uses
// it, one it does not is marked "not used" with the measured reason and the release checked.

const readme = readGuide(new URL('../../README.md', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

const BRIEF = [
  'ink',
  'react',
  'ink-select-input',
  'ink-text-input',
  'ky',
  'conf',
  'zod',
  'ink-testing-library',
  'vitest',
] as const;

/** What the reason for leaving each out must name: the measured defects, by a word each. */
const LEFT_OUT: Record<string, RegExp[]> = {
  conf: [/ajv/, /symlink/, /writeSync/, /short count/, /16\.0\.0/],
  'ink-text-input': [/Backspace and Delete/, /Ctrl\+U/, /paste/, /cursor/, /6\.0\.0/],
};

/** The table's rows by the package each names (its first code span). */
const rows = section(readme, 'Stack', 2)
  .tables.flat()
  .map((row) => [row[0]?.codes[0] ?? '', row] as const);
const rowOf = (name: string) => rows.find(([named]) => named === name)?.[1] ?? [];

const listed = (name: string) => pkg.dependencies[name] ?? pkg.devDependencies[name];
const used = BRIEF.filter((name) => listed(name) !== undefined);
const unused = BRIEF.filter((name) => listed(name) === undefined);

describe("the README's stack section", () => {
  it('names each package of the brief once, and nothing else', () => {
    expect(rows.map(([name]) => name).sort()).toEqual([...BRIEF].sort());
  });

  it.each(used)('names %s with the range package.json lists, and what uses it', (name) => {
    const [, range, use] = rowOf(name);
    expect(range?.codes).toEqual([listed(name)]);
    expect(use?.text).toMatch(/\w{3,}/);
  });

  it.each(unused)(
    'names %s, not in package.json, as not used, with the measured reason',
    (name) => {
      const [, range, use] = rowOf(name);
      expect(range?.text).toBe('not used');
      expect(Object.keys(LEFT_OUT), 'a package left out needs its reasons here').toContain(name);
      for (const word of LEFT_OUT[name] ?? []) expect(use?.text).toMatch(word);
    },
  );
});
