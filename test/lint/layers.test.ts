import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The project's own ESLint config, run through ESLint's Node API on code that is not in the tree:
// lintText with a filePath inside src/ lints it as if it were that file.
const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of the layer rule for `code` in the file at `path` (in src/). */
async function problems(path: string, code: string, rule = 'domainctl/layers'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('the layers of src/', () => {
  it('refuses core importing a face', async () => {
    expect(await problems('src/core/upward.ts', "export { runUi } from '../ui/run.js';\n")).toEqual(
      ['src/core may not import src/ui: core builds on contract only (docs/architecture.md)'],
    );
  });

  it('refuses an adapter importing a face, or the entry, in any form of import', async () => {
    const code = [
      "import type { CommandContext } from '../commands/context.js';",
      "export const program = () => import('../program.js');",
      'export type Context = CommandContext;',
      '',
    ].join('\n');
    expect(await problems('src/client/upward.ts', code)).toEqual([
      'src/client may not import src/commands: client builds on core, contract only (docs/architecture.md)',
      'src/client may not import src/entry: client builds on core, contract only (docs/architecture.md)',
    ]);
  });

  it('refuses a face importing the other face', async () => {
    expect(
      await problems('src/commands/sideways.ts', "export { App } from '../ui/App.js';\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/ui/screens/Sideways.tsx',
        "export { ExitCode } from '../../commands/domains.js';\n",
      ),
    ).toHaveLength(1);
  });

  it('lets each layer import the ones below it', async () => {
    const code = [
      "export { ApiError } from '../core/errors.js';",
      "export { checkRecords } from '../dns/index.js';",
      "export { createApiClient } from '../client/api-client.js';",
      "export { VERSION } from '../version.js';",
      '',
    ].join('\n');
    expect(await problems('src/ui/downward.ts', code)).toEqual([]);
    expect(
      await problems('src/dns/downward.ts', "export { VERSION } from '../version.js';\n"),
    ).toEqual([]);
  });
});

describe('private APIs of Ink and React', () => {
  it("refuses Ink's internal event emitter and the scheduler's unstable API", async () => {
    const code = [
      "import { useStdin } from 'ink';",
      "import { unstable_scheduleCallback as later } from 'scheduler';",
      'export const reads = () => useStdin().internal_eventEmitter;',
      'export { later };',
      '',
    ].join('\n');
    expect(await problems('src/ui/hooks/useReads.ts', code, 'no-restricted-syntax')).toEqual([
      "React's scheduler is React's own, with an unstable API: the UI uses React's public API only.",
      'A private API of Ink or React: the UI uses their public API only (src/ui/input/ says how keys arrive).',
      'A private API of Ink or React: the UI uses their public API only (src/ui/input/ says how keys arrive).',
    ]);
  });
});
