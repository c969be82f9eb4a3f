import {
  type RowShape,
  SQLITE_BUSY,
  SQLITE_CONSTRAINT_UNIQUE,
  type SqliteDatabase,
  type Statement,
} from './driver.js';

// The parts of node:sqlite used here. @types/node 20 (the oldest Node this package runs on)
// does not describe the module, so these say what the Node 22.13+ docs promise.
export interface NodeStatement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number | bigint };
  readonly sourceSQL: string;
  /** Node 22.16 and 24 on; older lines map each row object to an array instead. */
  setReturnArrays?(enabled: boolean): void;
}

interface NodeDatabase {
  prepare(sql: string): NodeStatement;
  exec(sql: string): void;
  close(): void;
}

interface NodeSqliteModule {
  DatabaseSync: new (path: string) => NodeDatabase;
}

let loaded: NodeSqliteModule | null | undefined;

/**
 * node:sqlite, or undefined where this Node has none (Node 20; Node 22 before 22.13 without a
 * flag). On Node 22 loading it prints "ExperimentalWarning: SQLite is an experimental feature";
 * a server's user can do nothing about that, so that one warning is held back, and only while
 * the module loads (synchronously: no other code runs meanwhile). Every other warning passes.
 */
export function loadNodeSqlite(): NodeSqliteModule | undefined {
  if (loaded !== undefined) return loaded ?? undefined;
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string })?.type;
    const text = typeof warning === 'string' ? warning : warning.message;
    if (type === 'ExperimentalWarning' && text.startsWith('SQLite ')) return;
    Reflect.apply(emitWarning, process, [warning, ...rest]);
  }) as typeof process.emitWarning;
  try {
    // getBuiltinModule is synchronous and answers undefined for a module this Node lacks.
    loaded = (process.getBuiltinModule?.('node:sqlite') as NodeSqliteModule | undefined) ?? null;
  } finally {
    process.emitWarning = emitWarning;
  }
  return loaded ?? undefined;
}

/** A node:sqlite statement behind the adapter's Statement; exported for the test of 22.13's API. */
export function wrapStatement<P extends readonly unknown[], R>(
  stmt: NodeStatement,
  rows: RowShape,
): Statement<P, R> {
  const source = stmt.sourceSQL;
  const run = (...params: P) => ({ changes: Number(stmt.run(...params).changes) });
  const arrays = typeof stmt.setReturnArrays === 'function';
  if (arrays && rows !== 'objects') stmt.setReturnArrays?.(true);
  // Without setReturnArrays (Node 22.13 to 22.15) rows come as objects and are shaped here.
  let shape: ((row: unknown) => R) | undefined;
  if (rows === 'first-column') {
    shape = arrays
      ? (row) => (row as unknown[])[0] as R
      : (row) => Object.values(row as object)[0] as R;
  } else if (rows === 'arrays' && !arrays) {
    shape = (row) => Object.values(row as object) as R;
  }
  if (!shape) {
    return {
      get: (...params) => stmt.get(...params) as R | undefined,
      all: (...params) => stmt.all(...params) as R[],
      run,
      source,
    };
  }
  const read = shape;
  return {
    get: (...params) => {
      const row = stmt.get(...params);
      return row === undefined ? undefined : read(row);
    },
    all: (...params) => stmt.all(...params).map(read),
    run,
    source,
  };
}

/**
 * better-sqlite3's transaction().immediate(), by hand: BEGIN IMMEDIATE, then COMMIT if `fn` returns or ROLLBACK if it
 * throws. SQLite may have rolled back already (a full disk, an interrupt); then the error that
 * caused it is the one worth seeing, not ROLLBACK's "no transaction is active".
 */
function runInTransaction<T>(db: NodeDatabase, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  let result: T;
  try {
    result = fn();
  } catch (error) {
    try {
      db.exec('ROLLBACK');
    } catch {
      // Already rolled back; rethrow the cause below.
    }
    throw error;
  }
  db.exec('COMMIT');
  return result;
}

/** Opens `path` (or ":memory:") with node:sqlite. */
export function openNodeSqlite(sqlite: NodeSqliteModule, path: string): SqliteDatabase {
  const db = new sqlite.DatabaseSync(path);
  let open = true;
  const database: SqliteDatabase = {
    driver: 'node',
    get open() {
      return open;
    },
    prepare: <P extends readonly unknown[], R>(sql: string, rows: RowShape = 'objects') =>
      wrapStatement<P, R>(db.prepare(sql), rows),
    exec: (sql) => db.exec(sql),
    pragma: (text) => {
      const row = db.prepare(`PRAGMA ${text}`).get();
      return row === undefined ? undefined : Object.values(row as object)[0];
    },
    transaction: (fn) => runInTransaction(db, fn),
    close: () => {
      if (!open) return;
      open = false;
      db.close();
    },
    // node:sqlite throws ERR_SQLITE_ERROR with SQLite's extended result code as `errcode`.
    isUniqueViolation: (error) =>
      (error as { errcode?: unknown } | null)?.errcode === SQLITE_CONSTRAINT_UNIQUE,
    isBusy: (error) => {
      const code = (error as { errcode?: unknown } | null)?.errcode;
      return typeof code === 'number' && (code & 0xff) === SQLITE_BUSY;
    },
  };
  return database;
}
