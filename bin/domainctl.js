#!/usr/bin/env node
// The bin's shim. It is CommonJS (see bin/package.json) because Node 20 starts a CommonJS file
// ~6 ms faster than an ES module, and --version, which scripts call to probe the tool, needs
// nothing else: it is answered from package.json before any bundle loads. Everything else runs
// the built ESM bundle (never tsx), so start-up is one file read.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  enableCompileCache();
  import('../dist/cli.js');
}

/**
 * Node >= 22 keeps V8's compiled code of the bundles on disk, so the next start skips most of
 * parsing and compiling them (the UI's bundle is ~1 MB). It lives in the user's cache directory:
 * $XDG_CACHE_HOME/domainctl/compile-cache, else ~/.cache/domainctl/compile-cache. Node's own
 * rules come first: NODE_DISABLE_COMPILE_CACHE turns it off (status DISABLED), NODE_COMPILE_CACHE
 * has already enabled it elsewhere (ALREADY_ENABLED). A directory that cannot be made or written
 * (read-only, no home) only costs speed: Node answers FAILED or skips the write at exit, and we
 * say nothing. Node writes the cache as the process exits, process.exit() included; the UI also
 * flushes it once its first frame is drawn, so a UI that is killed still leaves a cache. Node 20
 * has no enableCompileCache: nothing happens there.
 */
function enableCompileCache() {
  try {
    const { enableCompileCache: enable } = require('node:module');
    if (typeof enable !== 'function') return;
    const path = require('node:path');
    // The XDG base directory spec: a relative XDG_CACHE_HOME is invalid and ignored.
    const xdg = process.env.XDG_CACHE_HOME;
    let base;
    if (xdg && path.isAbsolute(xdg)) base = xdg;
    else {
      const home = require('node:os').homedir();
      if (!home) return;
      base = path.join(home, '.cache');
    }
    enable(path.join(base, 'domainctl', 'compile-cache'));
  } catch {
    // No home directory (homedir() throws without HOME and a passwd entry): run uncached.
  }
}
