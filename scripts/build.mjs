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
import { readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
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

const BUILTINS = new Set(builtinModules);

/**
 * Node's own modules are loaded with require() (the banner's), never with an ES import. An import
 * goes through the module's ESM facade, which reads every export as it is made, the lazy ones
 * included: on Node 24 `import http from 'node:http'` loads all of undici that way (for
 * http.WebSocket, which nothing here uses), and `import 'node:crypto'` loads WebCrypto on every
 * line. require() leaves them lazy. The builtins the UI's first frame loads took 67 ms as imports
 * and 15 ms as require() on Node 24 (28 and 20 ms on Node 20), on a busy machine.
 */
const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^(node:)?[a-z0-9_/]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (!args.path.startsWith('node:') && !BUILTINS.has(name)) return undefined;
      // The require() inside the stub below: left to Node.
      if (args.namespace === 'builtin') return { path: args.path, external: true };
      return { path: `node:${name}`, namespace: 'builtin' };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/**
 * Edits of two libraries' code, each checked: the build stops if a library no longer reads as
 * expected (after an update), rather than bundle it unedited.
 *
 * yoga (Ink's layout engine) carries its WebAssembly as a base64 data: URL and reads it with the
 * global fetch, whose first use loads all of undici (~25 ms before the UI's first frame). Two edits
 * of its Emscripten loader take the path it has for a Node without fetch, decoding the base64 with
 * Buffer instead of its own loop.
 *
 * Ink cuts every line inside a box with overflow hidden (the UI's body is one) with slice-ansi,
 * also a line that fits whole (~6-10 ms of the first frame). For text of one-unit graphemes
 * (src/ui/grapheme-segmenter.ts) the cut line has the very styled characters Ink draws the line
 * from, so it is skipped there; test/ui/grapheme-segmenter.test.ts checks that against slice-ansi.
 */
const LIBRARY_EDITS = [
  {
    file: /node_modules\/yoga-layout\/dist\/binaries\/yoga-wasm-base64-esm\.js$/,
    edits: [
      ['function ya(){return w||"function"!=typeof fetch?', 'function ya(){return w||!0?'],
      [
        'var b=xa(a.slice(37)),c=new Uint8Array(b.length);for(a=0;a<b.length;++a)c[a]=b.charCodeAt(a);var d=c',
        'var d=new Uint8Array(Buffer.from(a.slice(37),"base64"))',
      ],
    ],
  },
  {
    file: /node_modules\/ink\/build\/output\.js$/,
    prepend: `import { isOneUnitText as __isOneUnitText } from ${JSON.stringify(resolve(root, 'src/ui/grapheme-segmenter.ts'))};\n`,
    edits: [
      [
        'return sliceAnsi(line, from, to);',
        'return from === 0 && to === width && __isOneUnitText(line) ? line : sliceAnsi(line, from, to);',
      ],
    ],
  },
];
const libraryEdits = {
  name: 'library-edits',
  setup(pluginBuild) {
    for (const { file, edits, prepend = '' } of LIBRARY_EDITS) {
      pluginBuild.onLoad({ filter: file }, async (args) => {
        let contents = await readFile(args.path, 'utf8');
        for (const [from, to] of edits) {
          if (contents.split(from).length !== 2) {
            throw new Error(
              `${args.path} has changed: scripts/build.mjs (LIBRARY_EDITS) expects ${from}`,
            );
          }
          contents = contents.replace(from, to);
        }
        return { contents: prepend + contents, loader: 'js' };
      });
    }
  },
};

const SIMPLE_WIDTH = resolve(root, 'src/ui/simple-width.ts');
const GRAPHEME_SEGMENTER = resolve(root, 'src/ui/grapheme-segmenter.ts');

/**
 * In the libraries, `new Intl.Segmenter(…)` makes a GraphemeSegmenter instead
 * (src/ui/grapheme-segmenter.ts): the first Intl.Segmenter of a process loads ICU's break rules
 * (~10 ms), and Ink, slice-ansi, ansi-tokenize and string-width each make one as they load. The
 * stand-in segments text of one-unit graphemes itself and makes the real one only for other text.
 */
const lazySegmenters = {
  name: 'lazy-segmenters',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\/node_modules\/.*\.m?js$/ }, async (args) => {
      const contents = await readFile(args.path, 'utf8');
      if (!contents.includes('new Intl.Segmenter(')) return undefined;
      return {
        contents: `import { GraphemeSegmenter as __GraphemeSegmenter } from ${JSON.stringify(GRAPHEME_SEGMENTER)};\n${contents.replaceAll('new Intl.Segmenter(', 'new __GraphemeSegmenter(')}`,
        loader: 'js',
      };
    });
  },
};

/**
 * Every import of string-width (Ink's, wrap-ansi's, cli-truncate's, ours) gets a stand-in that
 * answers text of one-column characters itself (src/ui/simple-width.ts) and requires the
 * string-width that importer would have had only for other text: bundled, a require() of an ES
 * module runs its top level at the first call, so string-width's Unicode expressions and
 * segmenter are made only if some text needs them. The UI's first frame has none that does.
 */
const fastStringWidth = {
  name: 'fast-string-width',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^string-width$/ }, async (args) => {
      if (args.pluginData === 'real') return undefined;
      const real = await pluginBuild.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'real',
      });
      if (real.errors.length > 0) return real;
      return { path: real.path, namespace: 'fast-string-width' };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'fast-string-width' }, (args) => ({
      contents: `import { simpleWidth } from ${JSON.stringify(SIMPLE_WIDTH)};
let real;
export default function stringWidth(text, options) {
  return simpleWidth(text, options) ?? (real ??= require(${JSON.stringify(args.path)}).default)(text, options);
}`,
      resolveDir: root,
      loader: 'js',
    }));
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
  // esbuild lowers a regular expression with the v flag to `new RegExp(…, 'v')` for node20,
  // although Node 20 has the flag; built that way it is parsed as the module loads, and
  // string-width's /^\p{RGI_Emoji}$/v then costs ~13 ms before the UI's first frame (as a
  // literal, ~1 ms when first used).
  supported: { 'regexp-set-notation': true },
  // Loaded from node_modules at run time: a native addon cannot be bundled, and jq-web reads its
  // WebAssembly from beside its own file (its __dirname, which a bundle has not).
  external: ['better-sqlite3', 'jq-web'],
  alias: {
    // Ink imports react-devtools-core only when DEV is set; marking it external crashes at start.
    'react-devtools-core': './scripts/empty-module.mjs',
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
// jq's worker (src/core/jq-worker.ts) is an entry of its own: it is started by its file's URL
// (new Worker), never imported, so no import leads the build to it.
let pending = [resolve(root, 'src/cli.ts'), resolve(root, 'src/core/jq-worker.ts')];
while (pending.length > 0) {
  const found = new Set();
  const results = await Promise.all(
    pending.map((file) =>
      build({
        ...options,
        entryPoints: { [file.endsWith('cli.ts') ? 'cli' : outName(file)]: file },
        plugins: [
          noInkDevtools,
          builtinsByRequire,
          fastStringWidth,
          libraryEdits,
          lazySegmenters,
          lazyModules(found),
        ],
      }),
    ),
  );
  for (const { metafile } of results) {
    // Node's modules and string-width's stand-ins (the plugins' stubs) are no files: nothing to
    // compare.
    for (const [input, value] of Object.entries(metafile.inputs)) {
      if (!/^(builtin|fast-string-width):/.test(input)) meta.inputs[input] = value;
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
