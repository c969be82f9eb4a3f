// Loaded only through open.ts's dynamic import, and only where node:sqlite is missing (Node 20)
// or asked for: better-sqlite3 is an optional dependency, and on Node 24.19 and later its
// version 12 aborts the process when a statement is collected at exit.
import Database from 'better-sqlite3';
import type { RowShape, SqliteDatabase, Statement } from './driver.js';

/** Loads the native addon (better-sqlite3 does on its first open); throws if it will not load. */
export function loadAddon(): void {
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
    transaction: (fn) => db.transaction(fn)(),
    close: () => {
      if (db.open) db.close();
    },
    isUniqueViolation: (error) =>
      (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE',
  };
}
