import postgres from 'postgres';
import { inject } from 'vitest';
import { isPostgresUrl } from '../../src/server/db-url.js';
import type { Store } from '../../src/server/store.js';
import { sqliteStoreOf } from './sqlite.js';

/**
 * The store the server tests run on: SQLite, or PostgreSQL in the vitest project that sets
 * DOMAINCTL_TEST_STORE=postgres (vitest.config.ts). The helpers that start servers read it, so
 * a test names no store unless it is about one.
 */
export const onPostgres = process.env.DOMAINCTL_TEST_STORE === 'postgres';
export const STORE_NAME = onPostgres ? 'PostgreSQL' : 'SQLite';

const adminUrl = () => inject('postgresAdminUrl');

/** `work` on a connection of its own to the PostgreSQL database at `url`, closed after. */
async function withPostgres<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

/** A new, empty database in the run's cluster (template0: nothing else connects to it). */
export async function createDatabase(): Promise<string> {
  const name = `t_${Math.random().toString(36).slice(2, 12)}`;
  await withPostgres(adminUrl(), (sql) =>
    sql.unsafe(`CREATE DATABASE "${name}" TEMPLATE template0`),
  );
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await withPostgres(adminUrl(), (sql) =>
    sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  );
}

// A file path stands for one database per path, as a file is one database: two servers given
// the same path share it, and a server started again on it finds what the first one wrote.
const byPath = new Map<string, Promise<string>>();

/**
 * What a test server gets as its --db for the `db` a test asked for. On SQLite, that same value.
 * On PostgreSQL: for ":memory:" a fresh database (`fresh`: drop it when the server is done), for
 * a file path the database that stands for that path, for a postgres:// URL that URL.
 */
export async function testDatabase(db: string): Promise<{ db: string; fresh: boolean }> {
  if (!onPostgres || isPostgresUrl(db)) return { db, fresh: false };
  if (db === ':memory:') return { db: await createDatabase(), fresh: true };
  let url = byPath.get(db);
  if (!url) {
    url = createDatabase();
    byPath.set(db, url);
  }
  return { db: await url, fresh: false };
}

/** Runs statements that return nothing on a server's database: tests that break it on purpose. */
export async function execSql(server: { db: string; store: Store }, text: string): Promise<void> {
  if (!onPostgres) {
    sqliteStoreOf(server).db.exec(text);
    return;
  }
  await withPostgres(server.db, (sql) => sql.unsafe(text));
}

/** The rows of a query on a server's database, for tests that look underneath the API. */
export async function queryRows(
  server: { db: string; store: Store },
  text: string,
): Promise<Record<string, unknown>[]> {
  if (!onPostgres) return sqliteStoreOf(server).db.prepare<[], Record<string, unknown>>(text).all();
  return withPostgres(server.db, async (sql) => [...(await sql.unsafe(text))]);
}

/**
 * Runs statements on a server's database through a connection of its own, as another process
 * sharing the database would: on SQLite the server must run on a file (a second connection to
 * ":memory:" is another database).
 */
export async function execSqlElsewhere(server: { db: string }, text: string): Promise<void> {
  if (!onPostgres) {
    const { openSqliteDatabase } = await import('../../src/server/sqlite/open.js');
    const db = await openSqliteDatabase(server.db);
    try {
      db.pragma('busy_timeout = 5000');
      db.exec(text);
    } finally {
      db.close();
    }
    return;
  }
  await withPostgres(server.db, (sql) => sql.unsafe(text));
}
