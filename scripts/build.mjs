// Bundles src/cli.ts into dist/ with esbuild. The UI and the server are reached through dynamic
// import() and land in chunks of their own, so a script that runs `api request` never loads them.
// dist/meta.json (esbuild's metafile) lets a test prove that: it follows the static imports of
// dist/cli.js and fails if Ink, React, Hono, SQLite or src/server or src/ui are among them.
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist`;

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // A native addon cannot be bundled; it is loaded from node_modules at run time.
  external: ['better-sqlite3'],
  // Ink imports react-devtools-core only when DEV is set; marking it external crashes at start.
  alias: { 'react-devtools-core': './scripts/empty-module.mjs' },
  // Bundled CommonJS (commander, react) calls require(); ESM has none, so give it one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
await writeFile(`${outdir}/meta.json`, JSON.stringify(result.metafile));
