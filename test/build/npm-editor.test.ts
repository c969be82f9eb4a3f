import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';

// npm start runs scripts/start.mjs, which drops the EDITOR npm sets for every script when the
// user's shell had none (scripts/npm-editor.mjs), so Ctrl+G says "no editor" as `domainctl demo`
// does instead of opening vi. Run under a real npm: a package of its own whose script does what
// start.mjs does first and prints the EDITOR left.

const editorModule = new URL('../../scripts/npm-editor.mjs', import.meta.url).href;
const dir = mkdtempSync(join(tmpdir(), 'domainctl-npm-editor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'package.json'),
  JSON.stringify({ name: 'probe', version: '1.0.0', scripts: { probe: 'node probe.mjs' } }),
);
writeFileSync(
  join(dir, 'probe.mjs'),
  `import { dropNpmEditor } from ${JSON.stringify(editorModule)};
const given = process.env.EDITOR;
dropNpmEditor();
console.log(JSON.stringify({ given, left: process.env.EDITOR ?? null }));
`,
);

/**
 * What EDITOR npm gave the script, and what is left of it, for a shell with these variables. The
 * npm runs go side by side (an npm start takes seconds on a busy machine; one after another, three
 * of them ran out of a test's time in CI).
 */
function underNpm(shell: Record<string, string>) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: dir, ...shell };
  return new Promise<{ given?: string; left: string | null }>((resolve, reject) => {
    execFile('npm', ['run', '--silent', 'probe'], { cwd: dir, env }, (error, stdout, stderr) => {
      if (error) reject(new Error(`npm run probe failed: ${error.message}${stderr}`));
      else if (stderr !== '') reject(new Error(`npm run probe wrote to stderr: ${stderr}`));
      else resolve(JSON.parse(stdout) as { given?: string; left: string | null });
    });
  });
}

// npm itself, not what is tested, sets the pace: its start alone is 1-7 s on a loaded machine.
const NPM_TIME = 60_000;

describe.concurrent('the EDITOR npm sets for its scripts', () => {
  it(
    'is dropped when the shell had none: npm made up vi',
    async ({ expect }) => {
      expect(await underNpm({})).toEqual({ given: 'vi', left: null });
    },
    NPM_TIME,
  );

  it(
    "is kept when it is the shell's own, vi included",
    async ({ expect }) => {
      const [vi, nano] = await Promise.all([
        underNpm({ EDITOR: 'vi' }),
        underNpm({ EDITOR: 'nano' }),
      ]);
      expect(vi).toEqual({ given: 'vi', left: 'vi' });
      expect(nano).toEqual({ given: 'nano', left: 'nano' });
    },
    NPM_TIME,
  );

  it(
    "is kept when the user chose it in npm's settings",
    async ({ expect }) => {
      expect(await underNpm({ npm_config_editor: 'nano' })).toEqual({
        given: 'nano',
        left: 'nano',
      });
    },
    NPM_TIME,
  );
});
