#!/usr/bin/env node
// The bin's shim. It is CommonJS (see bin/package.json) because Node 20 starts a CommonJS file
// ~6 ms faster than an ES module, and --version, which scripts call to probe the tool, needs
// nothing else: it is answered from package.json before any bundle loads. Everything else runs
// the built ESM bundle (never tsx), so start-up is one file read.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  import('../dist/cli.js');
}
