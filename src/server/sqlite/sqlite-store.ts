import { DuplicateDomainError } from '../../core/errors.js';
import type { Cursor } from '../cursor.js';
import {
  type CallerRow,
  type DatabaseRow,
  DOMAIN_COLUMNS,
  type DomainRow,
  type ProjectRow,
  type RegionRow,
  type SeedRows,
  type Store,
  type UserRow,
} from '../store.js';
import type { SqliteDatabase, SqliteDriverName } from './driver.js';
import { migrations } from './migrations.js';
import { waitForOtherProcessesThenUseWal } from './wal.js';
import { openSqliteDatabase } from './open.js';

import { insertOrIgnore, prepareStatements } from './statements.js';

export class SqliteStore implements Store {
  /** The schema version this code writes; a newer file is refused rather than misread. */
  static readonly schemaVersion = migrations.length;

  private readonly sql;
  /** Writes made through this Store; with PRAGMA data_version it tells when anything changed. */
  private writes = 0;

  /** Sets the database up and migrates it; `db` then belongs to the store, which closes it. */
  constructor(readonly db: SqliteDatabase) {
    try {
      // First: another process opening the same new file at this moment holds its locks for a
      // while (switching it to WAL, migrating), and this one waits for them rather than fail.
      waitForOtherProcessesThenUseWal(db);
      // FULL: a write the API acknowledged survives a crash or power cut, not just a restart.
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      this.migrate();
      this.sql = prepareStatements(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /**
   * In one write transaction, with the version read inside it: of two processes opening one new
   * file at once, one migrates and the other, waiting for the lock, then finds nothing to do.
   */
  private migrate(): void {
    this.db.transaction(() => {
      const current = this.db.pragma('user_version') as number;
      if (current > SqliteStore.schemaVersion) {
        throw new Error(
          `database schema version ${current} is newer than this domainctl understands (${SqliteStore.schemaVersion})`,
        );
      }
      for (let version = current; version < migrations.length; version++) {
        this.db.exec(migrations[version] as string);
      }
      if (current < migrations.length) this.db.pragma(`user_version = ${migrations.length}`);
    });
  }

  /** Every write moves the change mark (see changeMark): pages may be kept under it. */
  readonly markCoversEveryWrite = true;

  /** SQLite's change mark is read, not remembered, so nothing a request took can be stale. */
  forRequest(): this {
    return this;
  }

  /**
   * After a write through this Store, or a commit by another connection to the same file (which
   * is what PRAGMA data_version counts; it does not count this connection's own writes).
   */
  async changeMark(): Promise<string> {
    return `${this.writes}.${this.sql.dataVersion.get()}`;
  }

  /** A file on this machine, read in this process: if it answers a pragma, it answers. */
  async ping(): Promise<void> {
    this.sql.dataVersion.get();
  }

  async close(): Promise<void> {
    this.db.close();
  }

  async callerByApiKeyHash(hash: string): Promise<CallerRow | undefined> {
    return this.callerOf(this.sql.userByKeyHash.get(hash));
  }

  async callerBySubject(subject: string): Promise<CallerRow | undefined> {
    return this.callerOf(this.sql.userBySubject.get(subject));
  }

  private callerOf(user: UserRow | undefined): CallerRow | undefined {
    if (!user) return undefined;
    return {
      id: user.id,
      subject: user.subject,
      organizationIds: this.sql.orgIds.all(user.id),
      features: this.sql.features.all(user.id),
    };
  }

  async listRegions(): Promise<RegionRow[]> {
    return this.sql.regions.all();
  }

  async regionExists(id: string): Promise<boolean> {
    return this.sql.regionExists.get(id) === 1;
  }

  async projectVisibleTo(userId: string, projectId: string): Promise<ProjectRow | undefined> {
    return this.sql.projectForUser.get(userId, projectId);
  }

  async listProjects(userId: string, limit: number, cursor?: Cursor): Promise<ProjectRow[]> {
    return this.sql.projectsForUser({ user_id: userId }, limit, cursor);
  }

  async listProjectsInOrganization(
    orgId: string,
    limit: number,
    cursor?: Cursor,
  ): Promise<ProjectRow[]> {
    return this.sql.projectsInOrg({ org_id: orgId }, limit, cursor);
  }

  async insertProject(row: ProjectRow): Promise<void> {
    this.writes++;
    this.sql.insertProject.run(row);
  }

  async listDatabases(projectId: string, limit: number, cursor?: Cursor): Promise<DatabaseRow[]> {
    return this.sql.databases({ project_id: projectId }, limit, cursor);
  }

  async insertDatabase(row: DatabaseRow): Promise<void> {
    this.writes++;
    this.sql.insertDatabase.run(row);
  }

  async deleteDatabase(projectId: string, databaseId: string): Promise<DatabaseRow | undefined> {
    this.writes++;
    return this.sql.deleteDatabase.get(databaseId, projectId);
  }

  async listDomains(projectId: string, limit: number, cursor?: Cursor): Promise<DomainRow[]> {
    return this.sql.domains({ project_id: projectId }, limit, cursor);
  }
  /** Pages are kept under the change mark here (answered with no statement), never by version. */
  async domainPage(projectId: string, limit: number, cursor?: Cursor) {
    return { version: undefined, rows: await this.listDomains(projectId, limit, cursor) };
  }

  /** The unique index on the host name makes concurrent adds race-free. */
  async insertDomain(row: DomainRow): Promise<void> {
    this.writes++;
    try {
      this.sql.insertDomain.run(row);
    } catch (error) {
      if (this.db.isUniqueViolation(error)) throw new DuplicateDomainError(row.domain);
      throw error;
    }
  }

  /** SQLite's plan for a page of domains, first or after a cursor (tests check the index is used). */
  async domainPagePlan(afterCursor: boolean): Promise<string[]> {
    const { first, next } = this.sql.domains;
    const params = { project_id: 'prj_x', limit: 20 };
    const explain = (source: string) =>
      this.db.prepare<[Record<string, unknown>], { detail: string }>(
        `EXPLAIN QUERY PLAN ${source}`,
      );
    const rows = afterCursor
      ? explain(next.source).all({ ...params, after_created_at: '', after_id: '' })
      : explain(first.source).all(params);
    return rows.map((row) => row.detail);
  }

  async domainByName(domain: string): Promise<DomainRow | undefined> {
    return this.sql.domainByName.get(domain);
  }

  async pendingDomains(afterId: string, limit: number): Promise<DomainRow[]> {
    return this.sql.pendingDomains.all(afterId, limit);
  }

  async claimPendingDomains(afterId: string, limit: number, holdMs: number): Promise<DomainRow[]> {
    const now = Date.now();
    const rows = this.sql.claimPending.all({
      after: afterId,
      limit,
      now: new Date(now).toISOString(),
      until: new Date(now + holdMs).toISOString(),
    });
    // RETURNING follows no ORDER BY; the verifier continues after the last id.
    return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async holdPendingDomains(ids: readonly string[], holdMs: number): Promise<void> {
    if (ids.length === 0) return;
    // Like a claim, this changes no answer of the API: the page cache's version stays.
    this.sql.holdPending.run({
      ids: JSON.stringify(ids),
      until: new Date(Date.now() + holdMs).toISOString(),
    });
  }

  async markVerified(id: string, at: string, expiry: string): Promise<boolean> {
    this.writes++;
    return this.sql.markVerified.run({ id, at, expiry }).changes === 1;
  }

  async applySeed(name: string, appliedAt: string, rows: SeedRows): Promise<boolean> {
    const db = this.db;
    // Prepared here, not with the others: a seed runs once per start at most.
    const inserts = {
      regions: insertOrIgnore('regions', ['id', 'name']),
      organizations: insertOrIgnore('organizations', ['id', 'name', 'created_at']),
      users: insertOrIgnore('users', ['id', 'subject', 'name']),
      memberships: insertOrIgnore('memberships', ['user_id', 'organization_id']),
      features: insertOrIgnore('user_features', ['user_id', 'feature']),
      apiKeys: insertOrIgnore('api_keys', ['key_hash', 'user_id', 'name', 'created_at']),
      projects: insertOrIgnore('projects', [
        'id',
        'name',
        'organization_id',
        'region_id',
        'plan',
        'created_at',
        'updated_at',
      ]),
      databases: insertOrIgnore('databases', ['id', 'project_id', 'name', 'created_at']),
      domains: insertOrIgnore('domains', DOMAIN_COLUMNS),
    } satisfies Record<keyof SeedRows, string>;
    this.writes++;
    return db.transaction(() => {
      if (db.prepare<[string]>('SELECT 1 FROM seeds WHERE name = ?').get(name)) return false;
      db.prepare<[string, string]>('INSERT INTO seeds (name, applied_at) VALUES (?, ?)').run(
        name,
        appliedAt,
      );
      // In this order, so every row's references are in before it.
      for (const table of Object.keys(inserts) as (keyof SeedRows)[]) {
        const insert = db.prepare<[object]>(inserts[table]);
        for (const row of rows[table]) insert.run(row);
      }
      return true;
    });
  }
}

/** Opens (creating if need be) and migrates the SQLite database at `path`, or ":memory:". */
export async function openSqliteStore(
  path: string,
  options: { driver?: SqliteDriverName } = {},
): Promise<SqliteStore> {
  return new SqliteStore(await openSqliteDatabase(path, options));
}
