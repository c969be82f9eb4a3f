import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// esbuild's metafile of the bundle the bin runs (scripts/build.mjs writes it; vitest's global
// setup builds before any test).
interface Metafile {
  outputs: Record<
    string,
    {
      imports: { path: string; kind: string; external?: boolean }[];
      inputs: Record<string, unknown>;
    }
  >;
}

const meta = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../dist/meta.json', import.meta.url)), 'utf8'),
) as Metafile;

/**
 * What start-up must never load: the UI, React, the server and its storage, and what only the
 * actions need (the typed client and zod, the profile store, the DNS checks).
 */
const HEAVY = [
  /(^|\/)node_modules\/zod\//,
  /(^|\/)src\/client\/http-transport\.ts$/,
  /(^|\/)src\/config\/profile-store\.ts$/,
  /(^|\/)src\/dns\//,
  /(^|\/)node_modules\/ink\//,
  /(^|\/)node_modules\/ink-[^/]+\//,
  /(^|\/)node_modules\/react\//,
  /(^|\/)node_modules\/react-reconciler\//,
  /(^|\/)node_modules\/hono\//,
  /(^|\/)node_modules\/@hono\//,
  /better-sqlite3/,
  /(^|\/)src\/server\//,
  /(^|\/)src\/ui\//,
  // Only `--jq` loads jq, only `completion`/`complete` the completion library.
  /(^|\/)jq-web\b/,
  /(^|\/)node_modules\/@bomb\.sh\//,
];

/**
 * Every output file loaded when `entry` is, following the given import kinds, and every module
 * bundled into them or imported from outside the bundle.
 */
function loadedWith(entry: string, kinds: readonly string[]) {
  const outputs = new Set<string>();
  const modules = new Set<string>();
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (outputs.has(file)) continue;
    const output = meta.outputs[file];
    if (!output) throw new Error(`${file} is not an output of the build`);
    outputs.add(file);
    for (const input of Object.keys(output.inputs)) modules.add(input);
    for (const edge of output.imports) {
      if (!kinds.includes(edge.kind)) continue;
      // A lazily loaded module is a bundle of its own beside dist/cli.js: follow it there.
      const sibling =
        edge.external && edge.path.startsWith('./') ? `dist/${edge.path.slice(2)}` : '';
      if (sibling && meta.outputs[sibling]) queue.push(sibling);
      else if (edge.external) modules.add(edge.path);
      else queue.push(edge.path);
    }
  }
  return { outputs, modules: [...modules] };
}

interface InputEdge {
  path: string;
  kind: string;
  external?: boolean;
}

const heavyIn = (modules: string[]) => modules.filter((m) => HEAVY.some((re) => re.test(m)));

describe('the bundle the bin runs', () => {
  it('loads neither Ink, React, Hono, SQLite, zod, the HTTP client, the profile store, jq, tab, src/dns, src/server nor src/ui at start-up', () => {
    // Static edges only: import statements and bundled require() calls run when dist/cli.js
    // loads; dynamic import() runs only inside the command that needs it (serve, the UI).
    const { modules } = loadedWith('dist/cli.js', ['import-statement', 'require-call']);
    expect(modules).toContain('src/cli.ts');
    expect(modules).toContain('src/commands/api-request.ts');
    expect(
      heavyIn(modules),
      'statically imported from src/cli.ts; reach it through await import() instead',
    ).toEqual([]);
  });

  it('does reach the server through a dynamic import (so the check above can see it)', () => {
    const { modules } = loadedWith('dist/cli.js', [
      'import-statement',
      'require-call',
      'dynamic-import',
    ]);
    expect(heavyIn(modules)).toEqual(
      expect.arrayContaining(['src/server/app.ts', 'better-sqlite3']),
    );
    expect(modules.some((m) => /node_modules\/hono\//.test(m))).toBe(true);
  });
});

describe("Node's own modules", () => {
  it('are loaded with require() in every bundle, never through their ESM facades', () => {
    // An import of a builtin reads every export of it, the lazy ones too: on Node 24 an import of
    // node:http loads all of undici, of node:crypto WebCrypto (scripts/build.mjs, builtinsByRequire).
    const imported = Object.entries(meta.outputs).flatMap(([file, output]) =>
      output.imports
        .filter((edge) => edge.path.startsWith('node:') && edge.kind !== 'require-call')
        .map((edge) => `${file}: ${edge.kind} ${edge.path}`),
    );
    expect(imported).toEqual([]);
    const required = meta.outputs['dist/ui-app-run.js']?.imports.map((edge) => edge.path);
    expect(required).toContain('node:http');
  });
});

describe('the modules whose identity matters', () => {
  it.each(['src/core/errors.ts', 'src/core/io.ts'])(
    '%s is in one bundle, which the others import: one copy a process',
    (module) => {
      const holders = Object.entries(meta.outputs)
        .filter(([, output]) => module in output.inputs)
        .map(([file]) => file);
      const own = `dist/${module.slice(4).replace('/', '-').replace(/\.ts$/, '.js')}`;
      expect(holders).toEqual([own]);
      // The entry, the UI and an action all reach it by importing that bundle.
      for (const bundle of [
        'dist/cli.js',
        'dist/ui-app-run.js',
        'dist/commands-api-request-actions.js',
      ]) {
        const imports = meta.outputs[bundle]?.imports.map((edge) => edge.path);
        expect(imports, bundle).toContain(`./${own.slice(5)}`);
      }
    },
  );
});

describe("the libraries' code", () => {
  it('is bundled as the packages ship it: no module of ours stands in for one, and none imports ours', () => {
    // A stand-in shows in the import graph: a library file whose import resolves outside
    // node_modules (to src/, or to a module a plugin made up). The one allowed is the empty module
    // for react-devtools-core, which Ink imports only when DEV=true and which is not installed
    // (scripts/bundle-options.mjs).
    const inputs = (meta as unknown as { inputs: Record<string, { imports: InputEdge[] }> }).inputs;
    const outside = Object.entries(inputs)
      .filter(([file]) => file.startsWith('node_modules/'))
      .flatMap(([file, input]) =>
        input.imports
          .filter(
            (edge) =>
              !edge.external &&
              !edge.path.startsWith('node_modules/') &&
              !edge.path.startsWith('builtin:node:'),
          )
          .map((edge) => `${file} -> ${edge.path}`),
      );
    expect(outside).toEqual(['node_modules/ink/build/devtools.js -> scripts/empty-module.mjs']);
    // Every input is a file on disk or one of Node's modules: nothing a plugin made up.
    expect(Object.keys(inputs).filter((file) => /^[a-z-]+:/.test(file))).toEqual([]);
  });
});

describe('the server bundle', () => {
  it.each(['prom-client', 'pino'])(
    'loads %s only when asked for (--metrics, --log-format json)',
    (name) => {
      const statically = loadedWith('dist/server-serve.js', ['import-statement', 'require-call']);
      expect(statically.modules.filter((m) => m.includes(`node_modules/${name}/`))).toEqual([]);
      const all = loadedWith('dist/server-serve.js', [
        'import-statement',
        'require-call',
        'dynamic-import',
      ]);
      expect(all.modules.some((m) => m.includes(`node_modules/${name}/`))).toBe(true);
    },
  );
});

describe('the HTTP client', () => {
  /** The output file that bundles `module`. */
  const outputOf = (module: string) => {
    const found = Object.entries(meta.outputs).find(([, output]) => module in output.inputs);
    if (!found) throw new Error(`no output of the build bundles ${module}`);
    return found[0];
  };
  const UI_ONLY = [
    /(^|\/)node_modules\/ink\//,
    /(^|\/)node_modules\/react\//,
    /(^|\/)node_modules\/hono\//,
    /(^|\/)src\/server\//,
    /(^|\/)src\/ui\//,
  ];

  it('is ky for both faces: api request and the UI send through src/client/http-client.ts', () => {
    for (const face of ['src/commands/api-request-actions.ts', 'src/ui/app/services.ts']) {
      const { modules } = loadedWith(outputOf(face), ['import-statement', 'require-call']);
      expect(modules, face).toContain('src/client/http-client.ts');
      expect(
        modules.some((m) => /(^|\/)node_modules\/ky\//.test(m)),
        face,
      ).toBe(true);
    }
  });

  it("is loaded by api request's action without Ink, React or the server", () => {
    const { modules } = loadedWith(outputOf('src/commands/api-request-actions.ts'), [
      'import-statement',
      'require-call',
    ]);
    expect(modules.filter((m) => UI_ONLY.some((re) => re.test(m)))).toEqual([]);
  });
});
