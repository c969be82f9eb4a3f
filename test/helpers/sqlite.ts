import { SQLITE_DRIVERS, type SqliteDriverName } from '../../src/server/sqlite/driver.js';
import { sqliteDriverProblem } from '../../src/server/sqlite/open.js';
import { SqliteStore } from '../../src/server/sqlite/sqlite-store.js';
import type { Store } from '../../src/server/store.js';

export interface DriverCase {
  driver: SqliteDriverName;
  /** Why this driver cannot run here (Node 20 has no node:sqlite; npm 12 builds no addon). */
  unavailable: string | undefined;
  /** The describe title: the driver, and the reason when its tests are skipped. */
  title: string;
}

/**
 * Both SQLite drivers, each with whether it can run on this Node and install. Suites that must
 * hold on both run once per driver, and one that cannot run is skipped with the reason in its
 * title, never silently.
 */
export async function sqliteDriverCases(): Promise<DriverCase[]> {
  return Promise.all(
    SQLITE_DRIVERS.map(async (driver) => {
      const unavailable = await sqliteDriverProblem(driver);
      const name = driver === 'node' ? 'node:sqlite' : 'better-sqlite3';
      return {
        driver,
        unavailable,
        title: unavailable ? `on ${name} (skipped: ${unavailable})` : `on ${name}`,
      };
    }),
  );
}

/** The SQLite store under a running server, for tests that inspect or break the database. */
export function sqliteStoreOf(server: { store: Store }): SqliteStore {
  if (!(server.store instanceof SqliteStore)) throw new Error('this server does not run on SQLite');
  return server.store;
}
