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

/** The last line the static screen app draws: the bench waits for it in the pty. */
export const INK_SCREEN_TEXT = 'static screen: last line';

/**
 * A screen of text the size of the UI's first one in the bench's 100x40 pty, drawn as the UI
 * draws it (a Text a line) but fixed: the header, two rules, the title and summary, a table
 * header and 30 rows, a status line and two lines of keys, with the characters outside ASCII the
 * UI's screen has (─ · › ↓ – ≤ →). What it costs beyond the minimal app is the cost of a full
 * screen of text in Ink, which the UI pays whatever its code does.
 */
function screenLines() {
  const rule = '─'.repeat(100);
  const row = (i) =>
    `${i === 0 ? '›' : ' '} ${`host-${i}.example-shop.com`.padEnd(26)}${
      i % 3
        ? 'verified    2026-11-29   2027-02-27 89d '
        : 'pending     -            -              '
    }  2026-11-${String(29 - (i % 28)).padStart(2, '0')}`;
  return [
    'domainctl profile none (flags) · 127.0.0.1:7878 · Demo Scale (prj_demo_scale)',
    rule,
    'Domains of Demo Scale (prj_demo_scale)',
    '45 domains · 30 verified · 15 pending · 1 expiring ≤ 14 d · 0 failing DNS',
    '  HOST NAME                 STATUS      VERIFIED AT  TLS EXPIRY      CREATED ↓',
    ...Array.from({ length: 30 }, (_, i) => row(i)),
    'page 1 · rows 1–30 of 45 · 30 per page · n next page · watching 10 pending domains every 10 s',
    rule,
    'Enter details   / filter   s sort   n → next page   a add   x raw request   r refresh',
    `p projects   ? help   q quit   ${INK_SCREEN_TEXT}`,
  ];
}

const SCREEN_APP = `import { Box, render, Text } from 'ink';
import { createElement as h } from 'react';
const lines = ${JSON.stringify(screenLines())};
render(h(Box, { flexDirection: 'column' }, ...lines.map((line, i) => h(Text, { key: i, wrap: 'truncate-end' }, line))));
`;

const shim = (name) => `const { enableCompileCache } = require('node:module');
const { join } = require('node:path');
if (typeof enableCompileCache === 'function' && process.env.XDG_CACHE_HOME)
  enableCompileCache(join(process.env.XDG_CACHE_HOME, ${JSON.stringify(name)}, 'compile-cache'));
import('./app.mjs');
`;

const built = new Map();

/** An app's shim (bundled once a run, in the bench's working folder), for `node <shim>`. */
async function floorApp(name, contents) {
  if (built.has(name)) return built.get(name);
  const dir = join(run.work, name);
  mkdirSync(dir, { recursive: true });
  const { build } = await import('esbuild');
  await build({
    ...bundleOptions,
    stdin: { contents, resolveDir: root, sourcefile: `${name}.mjs`, loader: 'js' },
    outfile: join(dir, 'app.mjs'),
    plugins: [builtinsByRequire],
    metafile: false,
  });
  const path = join(dir, 'shim.cjs');
  writeFileSync(path, shim(name));
  built.set(name, path);
  return path;
}

/** The minimal Ink app: the floor of the UI's first frame. */
export const inkFloor = () => floorApp('ink-floor', APP);

/** The same bundle drawing a static screen of text the UI's size (reported beside the floor). */
export const inkScreenFloor = () => floorApp('ink-screen', SCREEN_APP);
