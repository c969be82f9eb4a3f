import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

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

/** What EDITOR npm gave the script, and what is left of it, for a shell with these variables. */
function underNpm(shell: Record<string, string>) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: dir, ...shell };
  const run = spawnSync('npm', ['run', '--silent', 'probe'], { cwd: dir, env, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as { given?: string; left: string | null };
}

describe.concurrent('the EDITOR npm sets for its scripts', () => {
  it('is dropped when the shell had none: npm made up vi', ({ expect }) => {
    expect(underNpm({})).toEqual({ given: 'vi', left: null });
  });

  it("is kept when it is the shell's own, vi included", ({ expect }) => {
    expect(underNpm({ EDITOR: 'vi' })).toEqual({ given: 'vi', left: 'vi' });
    expect(underNpm({ EDITOR: 'nano' })).toEqual({ given: 'nano', left: 'nano' });
  });

  it("is kept when the user chose it in npm's settings", ({ expect }) => {
    expect(underNpm({ npm_config_editor: 'nano' })).toEqual({ given: 'nano', left: 'nano' });
  });
});
