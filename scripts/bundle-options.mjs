// How every bundle is made: esbuild's options that scripts/build.mjs builds dist/ with, and that
// the bench builds its floor of the UI with (a minimal Ink app bundled the same way), so the two
// compare like with like. Nothing here changes a library's code: each library is bundled as its
// package ships it.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

const BUILTINS = new Set(builtinModules);

/**
 * Node's own modules are loaded with require() (the banner's), never with an ES import. An import
 * goes through the module's ESM facade, which reads every export as it is made, the lazy ones
 * included: on Node 24 `import http from 'node:http'` loads all of undici that way (for
 * http.WebSocket, which nothing here uses), and `import 'node:crypto'` loads WebCrypto on every
 * line. require() leaves them lazy. The builtins the UI's first frame loads took 67 ms as imports
 * and 15 ms as require() on Node 24 (28 and 20 ms on Node 20), on a busy machine. This decides only
 * how a bundle links to Node's modules; the importing code, ours or a library's, is not changed.
 */
export const builtinsByRequire = {
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

/** esbuild's options for one bundle (the caller adds its entry, its output and its plugins). */
export const bundleOptions = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // esbuild lowers a regular expression with the v flag to `new RegExp(…, 'v')` for node20,
  // although Node 20 has the flag; built that way it is parsed as the module loads, and
  // string-width's /^\p{RGI_Emoji}$/v then costs ~13 ms before the UI's first frame (as a
  // literal, ~1 ms when first used). This tells esbuild what Node 20 supports; the code is as
  // the library wrote it.
  supported: { 'regexp-set-notation': true },
  // Loaded from node_modules at run time: a native addon cannot be bundled, and jq-web reads its
  // WebAssembly from beside its own file (its __dirname, which a bundle has not).
  external: ['better-sqlite3', 'jq-web'],
  alias: {
    // Ink imports react-devtools-core, an optional dependency it does not install, only when
    // DEV=true; the import must resolve in a bundle, and marking it external crashes at start.
    // An empty module stands for a package that is not there (STACK.md), not for one that is.
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
