import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../../src/server/sqlite/driver.js';
import {
  loadNodeSqlite,
  type NodeStatement,
  wrapStatement,
} from '../../src/server/sqlite/node-sqlite.js';
import {
  openSqliteDatabase,
  requestedSqliteDriver,
  SqliteDriverError,
} from '../../src/server/sqlite/open.js';
import { sqliteDriverCases } from '../helpers/sqlite.js';

const cases = await sqliteDriverCases();
const hasNodeSqlite = loadNodeSqlite() !== undefined;
/** The installed better-sqlite3's version; undefined where the optional package is absent. */
const betterVersion = (() => {
  try {
    const pkg = createRequire(import.meta.url)('better-sqlite3/package.json') as {
      version: string;
    };
    return pkg.version;
  } catch {
    return undefined;
  }
})();
const [nodeMajor = 0, nodeMinor = 0] = process.versions.node.split('.').map(Number);

// The store's SQL runs through this adapter on both drivers; each call it makes must behave the
// same on either, or the store would differ by Node line.
for (const { driver, unavailable, title } of cases) {
  describe.skipIf(unavailable !== undefined)(`the SQLite adapter ${title}`, () => {
    let db: SqliteDatabase;
    beforeEach(async () => {
      db = await openSqliteDatabase(':memory:', { driver });
      db.exec(`
        CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER NOT NULL, host TEXT NOT NULL);
        CREATE UNIQUE INDEX t_host ON t(host);
      `);
    });
    afterEach(() => db.close());

    const insert = () =>
      db.prepare<[{ id: string; n: number; host: string }]>(
        'INSERT INTO t (id, n, host) VALUES (@id, @n, @host)',
      );

    it('binds named and positional parameters and reports the rows changed', () => {
      expect(db.driver).toBe(driver);
      expect(insert().run({ id: 'a', n: 1, host: 'a.example' })).toEqual({ changes: 1 });
      insert().run({ id: 'b', n: 2, host: 'b.example' });
      const update = db.prepare<[number]>('UPDATE t SET n = n + 10 WHERE n <= ?');
      expect(update.run(2)).toEqual({ changes: 2 });
      expect(update.run(0)).toEqual({ changes: 0 });
      expect(update.source).toBe('UPDATE t SET n = n + 10 WHERE n <= ?');
    });

    it('reads rows as objects, as arrays, or as their first column', () => {
      insert().run({ id: 'a', n: 1, host: 'a.example' });
      insert().run({ id: 'b', n: 2, host: 'b.example' });
      const sql = 'SELECT id, n, host FROM t WHERE n >= ? ORDER BY id';
      expect(db.prepare<[number]>(sql).all(0)).toEqual([
        { id: 'a', n: 1, host: 'a.example' },
        { id: 'b', n: 2, host: 'b.example' },
      ]);
      expect(db.prepare<[number]>(sql, 'arrays').all(0)).toEqual([
        ['a', 1, 'a.example'],
        ['b', 2, 'b.example'],
      ]);
      expect(db.prepare<[number]>(sql, 'arrays').get(2)).toEqual(['b', 2, 'b.example']);
      expect(db.prepare<[number]>(sql, 'first-column').all(0)).toEqual(['a', 'b']);
      expect(db.prepare<[number]>(sql, 'first-column').get(2)).toBe('b');
      for (const rows of ['objects', 'arrays', 'first-column'] as const) {
        expect(db.prepare<[number]>(sql, rows).get(99)).toBeUndefined();
        expect(db.prepare<[number]>(sql, rows).all(99)).toEqual([]);
      }
    });

    it('answers a PRAGMA with its value, and a PRAGMA that sets one with undefined', () => {
      expect(db.pragma('user_version = 7')).toBeUndefined();
      expect(db.pragma('user_version')).toBe(7);
      expect(db.pragma('foreign_keys = ON')).toBeUndefined();
      expect(db.pragma('foreign_keys')).toBe(1);
    });

    it('commits a transaction that returns, and rolls back one that throws', () => {
      expect(db.transaction(() => insert().run({ id: 'a', n: 1, host: 'a.example' }))).toEqual({
        changes: 1,
      });
      const failure = new Error('no');
      expect(() =>
        db.transaction(() => {
          insert().run({ id: 'b', n: 2, host: 'b.example' });
          throw failure;
        }),
      ).toThrow(failure);
      expect(db.prepare('SELECT id FROM t', 'first-column').all()).toEqual(['a']);
      // Nothing is left open: a new transaction begins.
      db.transaction(() => insert().run({ id: 'c', n: 3, host: 'c.example' }));
      expect(db.prepare('SELECT count(*) FROM t', 'first-column').get()).toBe(2);
    });

    it('tells a unique index violation from every other error', () => {
      insert().run({ id: 'a', n: 1, host: 'taken.example' });
      const caught = (fn: () => unknown) => {
        try {
          fn();
        } catch (error) {
          return error;
        }
        throw new Error('expected a throw');
      };
      expect(
        db.isUniqueViolation(caught(() => insert().run({ id: 'b', n: 2, host: 'taken.example' }))),
      ).toBe(true);
      // Another constraint, another extended code: not a taken host name.
      const notNull = caught(() =>
        db.prepare('INSERT INTO t (id, n, host) VALUES (?, NULL, ?)').run('c', 'c.example'),
      );
      expect(db.isUniqueViolation(notNull)).toBe(false);
      expect(db.isUniqueViolation(caught(() => db.exec('SELECT * FROM nowhere')))).toBe(false);
      expect(db.isUniqueViolation(new Error('UNIQUE constraint failed'))).toBe(false);
      expect(db.isUniqueViolation(undefined)).toBe(false);
    });

    it("tells another connection's lock (SQLITE_BUSY) from every other error", async () => {
      const dir = mkdtempSync(join(tmpdir(), 'domainctl-busy-'));
      const file = join(dir, 'busy.db');
      const holder = await openSqliteDatabase(file, { driver });
      const other = await openSqliteDatabase(file, { driver });
      try {
        holder.exec('CREATE TABLE t (x); BEGIN EXCLUSIVE');
        other.pragma('busy_timeout = 0');
        let busy: unknown;
        try {
          other.exec('INSERT INTO t VALUES (1)');
        } catch (error) {
          busy = error;
        }
        expect(busy).toBeInstanceOf(Error);
        expect(other.isBusy(busy)).toBe(true);
        holder.exec('COMMIT');
        other.exec('INSERT INTO t VALUES (1)');
        expect(other.isBusy(new Error('database is locked'))).toBe(false);
        expect(other.isBusy(undefined)).toBe(false);
      } finally {
        other.close();
        holder.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('closes once, and refuses statements afterwards', () => {
      const select = db.prepare('SELECT 1', 'first-column');
      expect(db.open).toBe(true);
      db.close();
      expect(db.open).toBe(false);
      expect(() => select.get()).toThrow();
      db.close();
    });
  });
}

interface RawNodeDatabase {
  prepare(sql: string): NodeStatement;
  exec(sql: string): void;
  close(): void;
}

describe.skipIf(!hasNodeSqlite)('node:sqlite statements without setReturnArrays', () => {
  it('still give arrays and first columns, as on Node 22.13 to 22.15', () => {
    const { DatabaseSync } = process.getBuiltinModule('node:sqlite') as unknown as {
      DatabaseSync: new (path: string) => RawNodeDatabase;
    };
    const db = new DatabaseSync(':memory:');
    try {
      db.exec("CREATE TABLE t (a TEXT, b INTEGER); INSERT INTO t VALUES ('x', 1), ('y', 2)");
      // A real statement of this Node, less the method those versions lack.
      const older = (sql: string): NodeStatement => {
        const stmt = db.prepare(sql);
        return {
          get: (...params) => stmt.get(...params),
          all: (...params) => stmt.all(...params),
          run: (...params) => stmt.run(...params),
          sourceSQL: stmt.sourceSQL,
        };
      };
      const sql = 'SELECT a, b FROM t WHERE b >= ? ORDER BY a';
      const arrays = wrapStatement<[number], unknown>(older(sql), 'arrays');
      const firsts = wrapStatement<[number], unknown>(older(sql), 'first-column');
      expect(arrays.all(0)).toEqual([
        ['x', 1],
        ['y', 2],
      ]);
      expect(arrays.get(3)).toBeUndefined();
      expect(firsts.all(0)).toEqual(['x', 'y']);
      expect(firsts.get(2)).toBe('y');
    } finally {
      db.close();
    }
  });
});

describe('choosing the driver', () => {
  it('is node:sqlite wherever Node has it, better-sqlite3 only where it does not', async () => {
    expect(hasNodeSqlite).toBe(nodeMajor > 22 || (nodeMajor === 22 && nodeMinor >= 13));
    const db = await openSqliteDatabase(':memory:');
    try {
      expect(db.driver).toBe(hasNodeSqlite ? 'node' : 'better');
    } finally {
      db.close();
    }
  });

  it('follows DOMAINCTL_SQLITE_DRIVER, and refuses a name it does not know', () => {
    expect(requestedSqliteDriver('node')).toBe('node');
    expect(requestedSqliteDriver('better')).toBe('better');
    expect(requestedSqliteDriver('')).toBeUndefined();
    expect(requestedSqliteDriver(undefined)).toBeUndefined();
    expect(() => requestedSqliteDriver('postgres')).toThrow(SqliteDriverError);
    expect(() => requestedSqliteDriver('postgres')).toThrow(
      'DOMAINCTL_SQLITE_DRIVER must be "node" or "better", not "postgres"',
    );
  });

  // Which refusals there are depends on this Node and install: each is a test of its own, and
  // one that cannot happen here is skipped with the reason in its title, never silently passed.
  const missing = cases.filter((c) => c.unavailable !== undefined);
  const betterProblem = missing.find((c) => c.driver === 'better')?.unavailable;
  const nodeProblem = missing.find((c) => c.driver === 'node')?.unavailable;
  const betterAborts =
    betterVersion?.startsWith('12.') === true &&
    (nodeMajor > 24 || (nodeMajor === 24 && nodeMinor >= 19));
  const skipped = (what: string) => ` (skipped: ${what})`;

  it.skipIf(missing.length === 0)(
    `refuses a driver it cannot use with an error of one line${missing.length === 0 ? skipped('both drivers run here') : ''}`,
    async () => {
      for (const { driver, unavailable } of missing) {
        expect(unavailable).not.toContain('\n');
        await expect(openSqliteDatabase(':memory:', { driver })).rejects.toThrow(SqliteDriverError);
      }
    },
  );

  it.skipIf(betterProblem === undefined)(
    `says why better-sqlite3 cannot be used, and what to do instead${betterProblem === undefined ? skipped('better-sqlite3 runs here') : ''}`,
    () => {
      expect(betterProblem).toMatch(/^better-sqlite3 cannot be used: .+; /);
      // What to do depends on whether node:sqlite is there to fall back on.
      expect(betterProblem).toMatch(
        hasNodeSqlite
          ? /; this Node has node:sqlite: leave DOMAINCTL_SQLITE_DRIVER unset to use it$/
          : /; reinstall domainctl where its native build can run, or use Node 22\.13 or later$/,
      );
    },
  );

  it.skipIf(!betterAborts)(
    `names the abort of better-sqlite3 12 on Node 24.19 and later${betterAborts ? '' : skipped('not better-sqlite3 12 on Node 24.19 or later')}`,
    () => {
      expect(betterProblem).toContain('aborts the process on Node 24.19 and later');
    },
  );

  it.skipIf(nodeProblem === undefined)(
    `says node:sqlite needs Node 22.13${nodeProblem === undefined ? skipped('this Node has node:sqlite') : ''}`,
    () => {
      expect(nodeProblem).toBe(
        `node:sqlite is not available in Node ${process.versions.node}: it is built into Node 22.13 and later`,
      );
    },
  );

  it('puts process.emitWarning back after loading node:sqlite', () => {
    const before = process.emitWarning;
    loadNodeSqlite();
    expect(process.emitWarning).toBe(before);
  });
});

describe.skipIf(betterVersion === undefined)(
  `better-sqlite3 on Node 24.19 and later${betterVersion ? '' : ' (skipped: the optional better-sqlite3 is not installed)'}`,
  () => {
    it('is refused in version 12, before it can abort the process', async () => {
      const { unsafeHere } = await import('../../src/server/sqlite/better-sqlite3.js');
      const refusal = betterVersion?.startsWith('12.')
        ? `better-sqlite3 ${betterVersion} aborts the process on Node 24.19 and later when one of its statements is garbage-collected`
        : undefined;
      expect(unsafeHere('24.19.0')).toBe(refusal);
      expect(unsafeHere('24.21.0')).toBe(refusal);
      expect(unsafeHere('26.10.0')).toBe(refusal);
      for (const fine of ['20.20.2', '22.23.3', '24.18.9'])
        expect(unsafeHere(fine)).toBeUndefined();
    });
  },
);

const SERVER_BUNDLE = pathToFileURL(
  fileURLToPath(new URL('../../dist/server-serve.js', import.meta.url)),
).href;

describe('the built server, started with no driver asked for', () => {
  it('loads better-sqlite3 only where Node has no node:sqlite, and prints no warning', async () => {
    // A process of its own: which native libraries it loaded is the whole question, and this
    // test process may have loaded better-sqlite3 for the tests above.
    const script = `
      const { startServer } = await import(${JSON.stringify(SERVER_BUNDLE)});
      const server = await startServer({ port: 0, db: ':memory:', seed: 'demo' });
      const driver = server.store.db.driver;
      await server.close();
      const addons = process.report.getReport().sharedObjects.filter((so) => so.includes('better_sqlite3'));
      console.log(JSON.stringify({ driver, addons: addons.length }));
    `;
    const env = { ...process.env };
    delete env.DOMAINCTL_SQLITE_DRIVER;
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', script],
      { env },
    );
    expect(JSON.parse(stdout)).toEqual(
      hasNodeSqlite ? { driver: 'node', addons: 0 } : { driver: 'better', addons: 1 },
    );
    expect(stderr).toBe('');
  });
});
