import type { SqliteDatabase } from './driver.js';

/** How long a statement waits for another process's lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Sets busy_timeout, then PRAGMA journal_mode = WAL, tried again while another connection holds
 * the file: SQLite takes the exclusive lock this switch needs without calling the busy handler,
 * so busy_timeout does not cover it, and of two processes opening one new file at once the
 * second failed at once with "database is locked". Start-up only: a blocking pause is fine.
 */
export function waitForOtherProcessesThenUseWal(db: SqliteDatabase): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!db.isBusy(error) || Date.now() >= deadline) throw error;
      Atomics.wait(pause, 0, 0, wait);
    }
  }
}
