import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SqliteDriverName } from './sqlite/driver.js';
import { openSqliteStore } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';
import { isPostgresUrl } from './db-url.js';

export interface StoreOptions {
  /** SQLite: the driver; absent: DOMAINCTL_SQLITE_DRIVER, else whichever this Node has. */
  sqliteDriver?: SqliteDriverName;
  /** PostgreSQL: connections at most (default 10). */
  poolSize?: number;
  /** PostgreSQL: longest wait in milliseconds to connect or for a query (default 5000). */
  timeoutMs?: number;
  /** Where the store says the database went away or came back. */
  warn?: (line: string) => void;
}

/**
 * Opens the store `db` names: a postgres:// URL, a SQLite file (its directory made if need be)
 * or ":memory:". The PostgreSQL store is imported only when asked for: a SQLite server (the
 * default, and `demo`) never loads its driver.
 */
export async function openStore(db: string, options: StoreOptions = {}): Promise<Store> {
  if (isPostgresUrl(db)) {
    const { openPostgresStore } = await import('./postgres/pg-store.js');
    return openPostgresStore(db, options);
  }
  if (db !== ':memory:') mkdirSync(dirname(db), { recursive: true });
  return openSqliteStore(db, { driver: options.sqliteDriver });
}
