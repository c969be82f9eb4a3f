// Loaded only through open.ts's dynamic import, and only where node:sqlite is missing (Node 20)
// or asked for: better-sqlite3 is an optional dependency.
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import type { RowShape, SqliteDatabase, Statement } from './driver.js';

const { version } = createRequire(import.meta.url)('better-sqlite3/package.json') as {
  version: string;
};

/**
 * Why better-sqlite3 must not run on this Node, if it must not. Version 12 on Node 24.19 and
 * later aborts the process (SIGABRT, a failed assertion in Node's cleanup hooks) when one of
 * its statements or databases is garbage-collected: at exit, or under load (`npm run bench`
 * on 24.21 did, every time). It depends on when the collector runs, so a run that passes
 * proves nothing; it is refused up front instead.
 */
export function unsafeHere(node: string = process.versions.node): string | undefined {
  const [major = 0, minor = 0] = node.split('.').map(Number);
  if (version.startsWith('12.') && (major > 24 || (major === 24 && minor >= 19))) {
    return `better-sqlite3 ${version} aborts the process on Node 24.19 and later when one of its statements is garbage-collected`;
  }
  return undefined;
}

/** Loads the native addon (better-sqlite3 does on its first open); throws if it cannot be used. */
export function loadAddon(): void {
  const unsafe = unsafeHere();
  // Before any Database exists: the probe below would be garbage-collected like any other.
  if (unsafe) throw new Error(unsafe);
  new Database(':memory:').close();
}

/** Opens `path` (or ":memory:") with better-sqlite3. */
export function openBetterSqlite3(path: string): SqliteDatabase {
  const db = new Database(path);
  return {
    driver: 'better',
    get open() {
      return db.open;
    },
    prepare: <P extends readonly unknown[], R>(sql: string, rows: RowShape = 'objects') => {
      const stmt = db.prepare<unknown[], unknown>(sql);
      if (rows === 'arrays') stmt.raw(true);
      if (rows === 'first-column') stmt.pluck(true);
      return {
        get: (...params: P) => stmt.get(...params) as R | undefined,
        all: (...params: P) => stmt.all(...params) as R[],
        run: (...params: P) => ({ changes: stmt.run(...params).changes }),
        source: stmt.source,
      } satisfies Statement<P, R>;
    },
    exec: (sql) => {
      db.exec(sql);
    },
    pragma: (text) => db.pragma(text, { simple: true }),
    transaction: (fn) => db.transaction(fn).immediate(),
    close: () => {
      if (db.open) db.close();
    },
    isUniqueViolation: (error) =>
      (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE',
    isBusy: (error) =>
      /^SQLITE_BUSY(?:_|$)/.test(String((error as { code?: unknown } | null)?.code)),
  };
}
