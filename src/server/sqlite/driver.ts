/** The SQLite drivers the server can run on: Node's built-in `node:sqlite`, or better-sqlite3. */
export const SQLITE_DRIVERS = ['node', 'better'] as const;
export type SqliteDriverName = (typeof SQLITE_DRIVERS)[number];

/** What a statement's rows come back as. */
export type RowShape =
  /** One object per row, keyed by column name (the default). */
  | 'objects'
  /** One array per row, in column order: about half the cost of an object per row. */
  | 'arrays'
  /** The first column's value alone. */
  | 'first-column';

export interface RunResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
}

/**
 * A prepared statement. Parameters are positional (`?`) or one object for named ones (`@name`
 * in the SQL, `{ name }` here); the object must name exactly the statement's parameters
 * (node:sqlite refuses an unknown name, better-sqlite3 a missing one).
 */
export interface Statement<P extends readonly unknown[] = unknown[], R = unknown> {
  get(...params: P): R | undefined;
  all(...params: P): R[];
  run(...params: P): RunResult;
  /** The SQL it was prepared from. */
  readonly source: string;
}

/** One open SQLite database, the same whichever driver is underneath. */
export interface SqliteDatabase {
  readonly driver: SqliteDriverName;
  readonly open: boolean;
  prepare<P extends readonly unknown[] = unknown[], R = unknown>(
    sql: string,
    rows?: RowShape,
  ): Statement<P, R>;
  /** Runs one or more statements that return nothing. */
  exec(sql: string): void;
  /** Runs `PRAGMA <text>` and returns the first column of its first row (undefined if none). */
  pragma(text: string): unknown;
  /**
   * Runs `fn` in a transaction: committed if it returns, rolled back if it throws. Not nestable.
   * BEGIN IMMEDIATE: the transactions here all write, and taking the write lock at the start
   * waits (busy_timeout) for another process's writer; a deferred one that read first would
   * fail at once with SQLITE_BUSY when it came to write after another process had.
   */
  transaction<T>(fn: () => T): T;
  close(): void;
  /** Whether `error` is SQLite's SQLITE_CONSTRAINT_UNIQUE (a unique index refused a row). */
  isUniqueViolation(error: unknown): boolean;
  /** Whether `error` is SQLITE_BUSY or one of its extended codes (another connection's lock). */
  isBusy(error: unknown): boolean;
}

/** SQLite's primary result code SQLITE_BUSY (its extended codes keep it in the low byte). */
export const SQLITE_BUSY = 5;

/** SQLite's extended result code SQLITE_CONSTRAINT_UNIQUE. */
export const SQLITE_CONSTRAINT_UNIQUE = 2067;
