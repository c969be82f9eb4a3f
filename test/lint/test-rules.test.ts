import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The project's ESLint config on test code that is not in the tree: lintText with a filePath in
// test/ lints it as that file would be, so these show what `npm test`'s lint step refuses.
const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

const header = "import { expect, it, vi, vitest } from 'vitest';\n";

/**
 * "rule: message" for each problem the test rules (vitest/*, no-restricted-properties) find in
 * `body`, linted as a test file; the general rules (unused imports of the header) are not asked.
 */
async function problems(body: string): Promise<string[]> {
  const [result] = await eslint.lintText(header + body, {
    filePath: join(root, 'test/lint/example.test.ts'),
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === null || /^(vitest\/|no-restricted-properties$)/.test(m.ruleId))
    .map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('the lint rules for tests', () => {
  it('refuses a test without an assertion', async () => {
    expect(await problems("it('adds', async () => {\n  await Promise.resolve(1);\n});\n")).toEqual([
      'vitest/expect-expect: Test has no assertions',
    ]);
  });

  it('takes the assertion helpers of test/helpers as assertions', async () => {
    const code = [
      "it('shows', async () => {",
      "  await app.waitForFrame('HOST NAME');",
      '});',
      "it('fails', () => {",
      "  expectError(res, 404, 'not_found');",
      '});',
      '',
    ].join('\n');
    expect(
      await problems(
        `declare const app: { waitForFrame(t: string): Promise<void> };\ndeclare const res: unknown;\ndeclare function expectError(r: unknown, s: number, c: string): void;\n${code}`,
      ),
    ).toEqual([]);
  });

  it('refuses an assertion that only runs under a condition', async () => {
    const code = "it('maybe', () => {\n  if (Date.now() > 0) {\n    expect(1).toBe(1);\n  }\n});\n";
    expect(await problems(code)).toEqual([
      'vitest/no-conditional-expect: Avoid calling `expect` inside conditional statements',
    ]);
  });

  it('refuses an assertion outside a test or a hook', async () => {
    expect(await problems('expect(1).toBe(1);\n')).toEqual([
      'vitest/no-standalone-expect: Expect must be called inside a test block',
    ]);
  });

  it.each([
    ['vi.mock', "vi.mock('../../src/client/send.js');"],
    ['vi.fn', 'const f = vi.fn();\nf();'],
    ['vi.spyOn', 'vi.spyOn(console, "log");'],
    ['vi.useFakeTimers', 'vi.useFakeTimers();'],
    ['vi.setSystemTime', 'vi.setSystemTime(new Date(0));'],
    ['vi.hoisted', 'const h = vi.hoisted(() => 1);\nh.toFixed();'],
    ['vi.mocked', 'vi.mocked(Date.now);'],
    ['vi.importMock', "await vi.importMock('../../src/client/send.js');"],
    ['vi.stubEnv', "vi.stubEnv('NO_COLOR', '1');"],
    // vitest's other name for vi.
    ['vitest.fn', 'const f = vitest.fn();\nf();'],
    ['vitest.mock', "vitest.mock('../../src/client/send.js');"],
    ['vitest.setSystemTime', 'vitest.setSystemTime(new Date(0));'],
  ])('refuses %s', async (name, code) => {
    const found = await problems(`${code}\nit('x', () => {\n  expect(1).toBe(1);\n});\n`);
    expect(found).toEqual([
      `no-restricted-properties: '${name}' is restricted from being used. No mocks, spies or fake timers: tests run against the real server, the real bin and real time.`,
    ]);
  });

  it.each([
    ['a namespace', "import * as V from 'vitest';\nV.vi.fn();"],
    ['vi renamed', "import { vi as v } from 'vitest';\nv.fn();"],
  ])('refuses vi imported under another name (%s)', async (_, code) => {
    const [result] = await eslint.lintText(
      `${code}\nit('x', () => {\n  expect(1).toBe(1);\n});\n`,
      {
        filePath: join(root, 'test/lint/example.test.ts'),
      },
    );
    expect(
      (result?.messages ?? [])
        .filter((m) => m.ruleId === 'no-restricted-syntax')
        .map((m) => m.message),
    ).toEqual(['Import vi from vitest by its own name, so the rules on mocks can see it.']);
  });

  it('refuses .only, so CI never runs one test alone', async () => {
    expect(await problems("it.only('x', () => {\n  expect(1).toBe(1);\n});\n")).toEqual([
      'vitest/no-focused-tests: Focused tests are not allowed',
    ]);
  });
});

describe('the size limit', () => {
  /** The max-lines problems of a file of `count` lines at `path`. */
  async function sizeProblems(path: string, count: number): Promise<string[]> {
    const text = Array.from({ length: count }, (_, i) => `export const n${i} = ${i};`).join('\n');
    const [result] = await eslint.lintText(`${text}\n`, { filePath: join(root, path) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
  }

  it.each(['src/core/example.ts', 'scripts/example.mjs', 'scripts/bench/example.d.mts'])(
    'refuses %s over 400 lines, and takes it at 400',
    async (path) => {
      expect(await sizeProblems(path, 401)).toEqual([
        'File has too many lines (401). Maximum allowed is 400.',
      ]);
      expect(await sizeProblems(path, 400)).toEqual([]);
    },
  );
});
