// Lists what an output file of the bundle loads statically (itself and the chunks it imports),
// by package: `node scripts/bundle-graph.mjs api-request-actions`. Reads dist/meta.json.
import { readFileSync } from 'node:fs';

const meta = JSON.parse(readFileSync(new URL('../dist/meta.json', import.meta.url), 'utf8'));
const wanted = process.argv[2] ?? 'cli';
const start = Object.keys(meta.outputs).find(
  (f) => f.endsWith('.js') && f.split('/').pop().startsWith(wanted),
);
if (!start) throw new Error(`no output file starts with ${wanted}`);
const seen = new Set();
const queue = [start];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  for (const i of meta.outputs[file].imports) {
    if (i.kind === 'import-statement' && meta.outputs[i.path]) queue.push(i.path);
  }
}
const byPackage = new Map();
let total = 0;
for (const file of seen) {
  for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[file].inputs)) {
    const parts = input.split('/');
    const key =
      parts[0] === 'node_modules'
        ? parts.slice(0, parts[1].startsWith('@') ? 3 : 2).join('/')
        : input;
    byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
    total += bytesInOutput;
  }
}
console.log(`${start}: ${seen.size} files, ${total} bytes loaded statically`);
for (const [key, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(String(bytes).padStart(9), key);
}
