import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliResult, runBin, tempConfigDir } from '../helpers/cli.js';
import { filesUnder } from '../helpers/files.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// The bin's shim enables Node's module compile cache (Node >= 22) in the user's cache directory:
// the next start reuses V8's compiled code of the bundles. It may only ever change speed.

// Node 22.1 and later (@types/node 20 does not know it).
const hasCompileCache = 'enableCompileCache' in module;

const server = seededServerForFile();

/**
 * An authenticated `api request` through the bin (the cache is the process's): it loads the entry
 * bundle and the command's own bundle.
 */
function listProjects(env: Record<string, string | undefined>): Promise<CliResult> {
  return runBin(
    ['api', 'request', 'GET', '/v1/projects', '--base-url', server.url, '--token', TESTER_KEY],
    { env },
  );
}

describe('the compile cache', () => {
  it.skipIf(!hasCompileCache)(
    'is written under $XDG_CACHE_HOME/domainctl/compile-cache and reused with the same output (Node 20 has no compile cache)',
    async () => {
      const xdg = tempConfigDir();
      const cache = join(xdg, 'domainctl', 'compile-cache');
      const first = await listProjects({ XDG_CACHE_HOME: xdg });
      expect(first.code).toBe(0);
      expect(first.stderr).toBe('');
      expect(JSON.parse(first.stdout)).toHaveProperty('projects');
      expect(filesUnder(cache).length).toBeGreaterThan(0);

      const second = await listProjects({ XDG_CACHE_HOME: xdg });
      expect(second).toEqual(first);
    },
  );

  it.skipIf(!hasCompileCache)(
    'is ~/.cache/domainctl/compile-cache without XDG_CACHE_HOME (Node 20 has no compile cache)',
    async () => {
      const home = tempConfigDir();
      const result = await listProjects({ HOME: home, XDG_CACHE_HOME: undefined });
      expect(result.code).toBe(0);
      expect(filesUnder(join(home, '.cache', 'domainctl', 'compile-cache')).length).toBeGreaterThan(
        0,
      );
    },
  );

  it.skipIf(!hasCompileCache)(
    'follows Node: NODE_DISABLE_COMPILE_CACHE turns it off, NODE_COMPILE_CACHE puts it elsewhere (Node 20 has no compile cache)',
    async () => {
      const xdg = tempConfigDir();
      const ours = join(xdg, 'domainctl', 'compile-cache');
      const writable = await listProjects({ XDG_CACHE_HOME: xdg, NODE_DISABLE_COMPILE_CACHE: '1' });
      expect(writable.code).toBe(0);
      expect(filesUnder(ours)).toEqual([]);

      const elsewhere = tempConfigDir();
      const moved = await listProjects({ XDG_CACHE_HOME: xdg, NODE_COMPILE_CACHE: elsewhere });
      expect(moved).toEqual(writable);
      expect(filesUnder(ours)).toEqual([]);
      expect(filesUnder(elsewhere).length).toBeGreaterThan(0);
    },
  );

  // Tests run as root in CI, where chmod stops no write: a cache directory below a regular file
  // cannot be made by anyone. The 0555 directory is read-only to everyone else.
  it.skipIf(!hasCompileCache)(
    'changes nothing but speed when its directory cannot be written (Node 20 has no compile cache)',
    async () => {
      const writable = await listProjects({ XDG_CACHE_HOME: tempConfigDir() });
      expect(writable.code).toBe(0);

      const belowAFile = tempConfigDir();
      writeFileSync(join(belowAFile, 'domainctl'), 'a file where the cache directory would be\n');
      const cannotMake = await listProjects({ XDG_CACHE_HOME: belowAFile });
      expect(cannotMake).toEqual(writable);

      const readOnly = tempConfigDir();
      mkdirSync(join(readOnly, 'domainctl', 'compile-cache'), { recursive: true });
      chmodSync(join(readOnly, 'domainctl', 'compile-cache'), 0o555);
      chmodSync(join(readOnly, 'domainctl'), 0o555);
      chmodSync(readOnly, 0o555);
      try {
        expect(await listProjects({ XDG_CACHE_HOME: readOnly })).toEqual(writable);
      } finally {
        chmodSync(readOnly, 0o755);
        chmodSync(join(readOnly, 'domainctl'), 0o755);
        chmodSync(join(readOnly, 'domainctl', 'compile-cache'), 0o755);
      }

      // No home directory at all: HOME at a path that does not exist, no XDG_CACHE_HOME.
      const noHome = await listProjects({
        HOME: join(belowAFile, 'domainctl', 'home'),
        XDG_CACHE_HOME: undefined,
      });
      expect(noHome).toEqual(writable);
    },
  );

  it.skipIf(hasCompileCache)('is not used on a Node without one (Node 20)', async () => {
    const xdg = tempConfigDir();
    const result = await listProjects({ XDG_CACHE_HOME: xdg });
    expect(result.code).toBe(0);
    expect(filesUnder(xdg)).toEqual([]);
  });
});
