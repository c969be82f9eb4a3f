// Bundles the CLI with esbuild into dist/. The entry (src/cli.ts) is one bundle holding the
// command definitions; every module reached through a dynamic import() of our own code (a
// command's actions, the UI, the server) becomes a bundle of its own, loaded only when used.
//
// Why not esbuild's code splitting: its shared chunks hold the union of what every entry uses,
// so `api request` loaded ~770 KB (all of classic zod and its locales, because the server and
// the UI use them) where its own bundle is ~160 KB. Each bundle here is self-contained instead;
// code is duplicated across files, never across what one run loads. src/core (2-6 KB) is in
// every bundle too, rather than a chunk they share: that would be one more file for every start
// to load, and nothing needs one copy of it. Its error classes are recognised by their `name`
// (src/core/errors.ts), so an error thrown by one bundle's copy is known to another's.
//
// dist/meta.json merges esbuild's metafiles: a test follows the static imports of dist/cli.js
// and fails if Ink, React, Hono, SQLite, src/server or src/ui are among them.
//
// `--if-stale` builds only when dist/ is not current (scripts/dist-staleness.mjs says when).
import { rm, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleness } from './dist-staleness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = resolve(root, 'dist');

if (process.argv.includes('--if-stale') && staleness() === undefined) process.exit(0);

// Loaded only for a build: a current dist/ is answered without it.
const { build } = await import('esbuild');
const startedAt = Date.now();

/** src/commands/domains-actions.ts → commands-domains-actions (the output file's name). */
const outName = (file) =>
  relative(resolve(root, 'src'), file)
    .replace(/\.(ts|tsx)$/, '')
    .replaceAll('/', '-');

/**
 * Ink loads its React DevTools bridge (and with it the `ws` WebSocket library) only when DEV=true;
 * a terminal tool never does, so the bundle gets an empty module in its place.
 */
const noInkDevtools = {
  name: 'no-ink-devtools',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/devtools\.js$/ }, (args) =>
      args.importer.includes(`node_modules${'/'}ink${'/'}`)
        ? { path: resolve(root, 'scripts/empty-module.mjs') }
        : undefined,
    );
  },
};

/** Turns each dynamic import of a module under src/ into an import of its own bundle. */
function lazyModules(found) {
  return {
    name: 'lazy-modules',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === 'lazy') return undefined;
        const result = await pluginBuild.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'lazy',
        });
        if (result.errors.length > 0 || !result.path.startsWith(resolve(root, 'src')))
          return result;
        found.add(result.path);
        // Every bundle sits in dist/, so a sibling path is right from any of them.
        return { path: `./${outName(result.path)}.js`, external: true };
      });
    },
  };
}

const options = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Loaded from node_modules at run time: a native addon cannot be bundled, and jq-web reads its
  // WebAssembly from beside its own file (its __dirname, which a bundle has not).
  external: ['better-sqlite3', 'jq-web'],
  alias: {
    // Ink imports react-devtools-core only when DEV is set; marking it external crashes at start.
    'react-devtools-core': './scripts/empty-module.mjs',
    // conf loads these but uses them only for schemas and migrations, which domainctl does not use.
    'ajv/dist/2020.js': './scripts/conf-unused-deps.mjs',
    'ajv-formats': './scripts/conf-unused-deps.mjs',
    semver: './scripts/conf-unused-deps.mjs',
  },
  // Bundled CommonJS (commander, react) calls require(); ESM has none, so give it one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  // Less text for V8 to scan at start-up (~30% smaller); names are kept, so a stack trace
  // printed with --debug still reads.
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
};

await rm(outdir, { recursive: true, force: true });
// startedAt: a source saved while this build runs is newer than it, so the next --if-stale builds.
const meta = { startedAt, inputs: {}, outputs: {} };
const built = new Set();
let pending = [resolve(root, 'src/cli.ts')];
while (pending.length > 0) {
  const found = new Set();
  const results = await Promise.all(
    pending.map((file) =>
      build({
        ...options,
        entryPoints: { [file.endsWith('cli.ts') ? 'cli' : outName(file)]: file },
        plugins: [noInkDevtools, lazyModules(found)],
      }),
    ),
  );
  for (const { metafile } of results) {
    Object.assign(meta.inputs, metafile.inputs);
    Object.assign(meta.outputs, metafile.outputs);
  }
  for (const file of pending) built.add(file);
  pending = [...found].filter((file) => !built.has(file));
}
await writeFile(resolve(outdir, 'meta.json'), JSON.stringify(meta));
