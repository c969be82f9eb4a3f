// The floor of the UI's first frame: a minimal Ink app, `render(<Text>…</Text>)` with the same
// ink and react as the UI, bundled with the same esbuild options (scripts/bundle-options.mjs) and
// started the way the bin starts the UI: a CommonJS shim that turns on Node's compile cache (a
// folder of its own, in the bench's cache) and imports the bundle. What the UI takes beyond it is
// what our code costs; what both pay (Node, Ink, React, yoga, the terminal) is the stack's.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinsByRequire, bundleOptions, root } from '../bundle-options.mjs';
import { run } from './context.mjs';

/** What the floor app draws: the bench waits for it in the pty. */
export const INK_FLOOR_TEXT = 'minimal Ink app: first frame';

const APP = `import { render, Text } from 'ink';
import { createElement } from 'react';
render(createElement(Text, null, ${JSON.stringify(INK_FLOOR_TEXT)}));
`;

const SHIM = `const { enableCompileCache } = require('node:module');
const { join } = require('node:path');
if (typeof enableCompileCache === 'function' && process.env.XDG_CACHE_HOME)
  enableCompileCache(join(process.env.XDG_CACHE_HOME, 'ink-floor', 'compile-cache'));
import('./app.mjs');
`;

let built;

/** The floor app's shim (bundled once a run, in the bench's working folder), for `node <shim>`. */
export async function inkFloor() {
  if (built) return built;
  const dir = join(run.work, 'ink-floor');
  mkdirSync(dir, { recursive: true });
  const { build } = await import('esbuild');
  await build({
    ...bundleOptions,
    stdin: { contents: APP, resolveDir: root, sourcefile: 'ink-floor.mjs', loader: 'js' },
    outfile: join(dir, 'app.mjs'),
    plugins: [builtinsByRequire],
    metafile: false,
  });
  built = join(dir, 'shim.cjs');
  writeFileSync(built, SHIM);
  return built;
}
