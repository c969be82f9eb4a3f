// Bundles the CLI with esbuild into dist/. The entry (src/cli.ts) is one bundle holding the
// command definitions; every module reached through a dynamic import() of our own code (a
// command's actions, the UI, the server) becomes a bundle of its own, loaded only when used.
//
// Why not esbuild's code splitting: its shared chunks hold the union of what every entry uses,
// so `api request` loaded ~770 KB (all of classic zod and its locales, because the server and
// the UI use them) where its own bundle is ~160 KB. Each bundle here is self-contained instead;
// code is duplicated across files, never across what one run loads. The exceptions are the
// modules whose identity matters (SHARED): each is a bundle of its own that every other bundle
// imports, so a process has one copy of it, however many bundles it loads.
//
// dist/meta.json merges esbuild's metafiles: a test follows the static imports of dist/cli.js
// and fails if Ink, React, Hono, SQLite, src/server or src/ui are among them.
//
// `--if-stale` builds only when dist/ is not current (scripts/dist-staleness.mjs says when).
import { rm, writeFile } from 'node:fs/promises';
import { basename, relative, resolve } from 'node:path';
import { builtinsByRequire, bundleOptions, root } from './bundle-options.mjs';
import { staleness } from './dist-staleness.mjs';

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
 * Modules that must be one module a process: the error classes, which `instanceof` recognises
 * whichever bundle threw and whichever caught (src/core/errors.ts), and the io of the run in
 * progress, which every bundle reads (src/core/io.ts). Each is a small bundle of its own (~4 and
 * ~1 KB) that the others import: two more files for a start to load, ~0.5-1 ms of CPU more than
 * the same code inside the bundle (docs/performance.md#what-makes-these-figures).
 */
const SHARED = new Set(['src/core/errors.ts', 'src/core/io.ts'].map((file) => resolve(root, file)));
/** How an import names a SHARED module (`../core/errors.js`): only such imports are resolved here. */
const SHARED_NAMES = new Set([...SHARED].map((file) => basename(file).replace(/\.ts$/, '.js')));

/**
 * Packages that must be one copy a process as well, each a bundle of its own by this name:
 * TanStack Query's core. run.ts puts the first screen's requests in its QueryClient before the
 * UI's bundle loads, and the UI's bundle (react-query over the same core) then reads that cache;
 * two copies would be two notify managers and two sets of classes over one cache.
 */
const SHARED_PACKAGES = new Map([['@tanstack/query-core', 'vendor-tanstack-query-core']]);
/** The output name of each shared package's resolved file, as the build comes upon them. */
const vendorNames = new Map();

/**
 * Turns each dynamic import of a module under src/, and each import of a SHARED module or
 * package, into an import of its own bundle.
 */
function lazyModules(found) {
  return {
    name: 'lazy-modules',
    setup(pluginBuild) {
      const packages = [...SHARED_PACKAGES.keys()].map((name) => name.replace(/[/.]/g, '\\$&'));
      pluginBuild.onResolve({ filter: new RegExp(`^(${packages.join('|')})$`) }, async (args) => {
        if (args.pluginData === 'lazy') return undefined;
        const result = await pluginBuild.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'lazy',
        });
        if (result.errors.length > 0) return result;
        const name = SHARED_PACKAGES.get(args.path);
        vendorNames.set(result.path, name);
        found.add(result.path);
        return { path: `./${name}.js`, external: true };
      });
      pluginBuild.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData === 'lazy') return undefined;
        const dynamic = args.kind === 'dynamic-import';
        if (!dynamic && !SHARED_NAMES.has(basename(args.path))) return undefined;
        const result = await pluginBuild.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'lazy',
        });
        if (result.errors.length > 0 || !result.path.startsWith(resolve(root, 'src')))
          return result;
        if (!dynamic && !SHARED.has(result.path)) return result;
        found.add(result.path);
        // Every bundle sits in dist/, so a sibling path is right from any of them.
        return { path: `./${outName(result.path)}.js`, external: true };
      });
    },
  };
}

const options = { ...bundleOptions, outdir };

await rm(outdir, { recursive: true, force: true });
// startedAt: a source saved while this build runs is newer than it, so the next --if-stale builds.
const meta = { startedAt, inputs: {}, outputs: {} };
const built = new Set();
// jq's worker (src/core/jq-worker.ts) is an entry of its own: it is started by its file's URL
// (new Worker), never imported, so no import leads the build to it.
let pending = [resolve(root, 'src/cli.ts'), resolve(root, 'src/core/jq-worker.ts')];
while (pending.length > 0) {
  const found = new Set();
  const results = await Promise.all(
    pending.map((file) =>
      build({
        ...options,
        entryPoints: {
          [file.endsWith('cli.ts') ? 'cli' : (vendorNames.get(file) ?? outName(file))]: file,
        },
        plugins: [builtinsByRequire, lazyModules(found)],
      }),
    ),
  );
  for (const { metafile } of results) {
    // Node's modules (the plugin's stubs) are no files: nothing to compare.
    for (const [input, value] of Object.entries(metafile.inputs)) {
      if (!input.startsWith('builtin:')) meta.inputs[input] = value;
    }
    Object.assign(meta.outputs, metafile.outputs);
  }
  for (const file of pending) built.add(file);
  pending = [...found].filter((file) => !built.has(file));
}
await writeFile(resolve(outdir, 'meta.json'), JSON.stringify(meta));
// What npm start's staleness check needs, without the ~600 KB of import graph meta.json carries:
// parsing that took ~8 ms of every `npm start`.
await writeFile(
  resolve(outdir, 'stamp.json'),
  JSON.stringify({
    startedAt: meta.startedAt,
    // Our own files only: a package's files change through npm, which rewrites
    // node_modules/.package-lock.json (one of the build files the check compares), and not
    // statting ~900 of them saves a few more milliseconds.
    inputs: Object.keys(meta.inputs).filter((file) => !file.startsWith('node_modules/')),
    outputs: Object.keys(meta.outputs),
  }),
);
