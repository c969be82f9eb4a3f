import { currentIo } from '../../core/io.js';
import { SQLITE_DRIVERS, type SqliteDatabase, type SqliteDriverName } from './driver.js';
import { loadNodeSqlite, openNodeSqlite } from './node-sqlite.js';

/** The environment variable that picks a driver (for tests, and for anyone comparing them). */
export const SQLITE_DRIVER_ENV = 'DOMAINCTL_SQLITE_DRIVER';

/** The SQLite driver cannot be used here; the message says why and what to do. */
export class SqliteDriverError extends Error {
  constructor(
    message: string,
    readonly driver: SqliteDriverName | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SqliteDriverError';
  }
}

/**
 * The driver asked for: `requested` (an option), else `DOMAINCTL_SQLITE_DRIVER`, else undefined
 * (whichever this Node has; see openSqliteDatabase).
 */
export function requestedSqliteDriver(
  requested: string | undefined = currentIo().env[SQLITE_DRIVER_ENV],
): SqliteDriverName | undefined {
  if (requested === undefined || requested === '') return undefined;
  if (!(SQLITE_DRIVERS as readonly string[]).includes(requested)) {
    throw new SqliteDriverError(
      `${SQLITE_DRIVER_ENV} must be ${SQLITE_DRIVERS.map((d) => `"${d}"`).join(' or ')}, not "${requested}"`,
      undefined,
    );
  }
  return requested as SqliteDriverName;
}

/**
 * A loader's error on one line: Node's ABI message spans four, and the bindings package's
 * "Could not locate the bindings file. Tried:" goes on to list a dozen paths.
 */
const summary = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .replace(/ Tried:[\s\S]*$/, '')
    .replace(/\s+/g, ' ')
    .replace(/\.?\s*$/, '');

async function openBetter(path: string, chosen: 'asked' | 'fallback'): Promise<SqliteDatabase> {
  const driver = await import('./better-sqlite3.js')
    .then((module) => {
      module.loadAddon();
      return module;
    })
    .catch((error: unknown) => {
      // No package (a failed build of an optional dependency is left out), no native addon
      // (npm 12 runs no install scripts), an addon built for another Node, or a Node it
      // crashes on.
      const why =
        chosen === 'fallback'
          ? `Node ${process.versions.node} has no node:sqlite (it is built into Node 22.13 and later), and better-sqlite3, the optional dependency used instead, cannot be used`
          : 'better-sqlite3 cannot be used';
      const advice = loadNodeSqlite()
        ? `this Node has node:sqlite: leave ${SQLITE_DRIVER_ENV} unset to use it`
        : 'reinstall domainctl where its native build can run, or use Node 22.13 or later';
      throw new SqliteDriverError(`${why}: ${summary(error)}; ${advice}`, 'better', {
        cause: error,
      });
    });
  return driver.openBetterSqlite3(path);
}

/**
 * Opens `path` (or ":memory:") with node:sqlite wherever Node has it (22.13 and later), and
 * with better-sqlite3 only where it does not (Node 20): better-sqlite3 is then imported, never
 * before. `driver` (or DOMAINCTL_SQLITE_DRIVER) insists on one of them.
 */
export async function openSqliteDatabase(
  path: string,
  options: { driver?: SqliteDriverName } = {},
): Promise<SqliteDatabase> {
  const driver = options.driver ?? requestedSqliteDriver();
  if (driver === 'better') return openBetter(path, 'asked');
  const sqlite = loadNodeSqlite();
  if (sqlite) return openNodeSqlite(sqlite, path);
  if (driver === 'node') {
    throw new SqliteDriverError(
      `node:sqlite is not available in Node ${process.versions.node}: it is built into Node 22.13 and later`,
      'node',
    );
  }
  return openBetter(path, 'fallback');
}

/** Why `driver` cannot open a database here, or undefined if it can (tests skip with this). */
export async function sqliteDriverProblem(driver: SqliteDriverName): Promise<string | undefined> {
  try {
    (await openSqliteDatabase(':memory:', { driver })).close();
    return undefined;
  } catch (error) {
    return error instanceof SqliteDriverError ? error.message : summary(error);
  }
}
