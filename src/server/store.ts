import Database from 'better-sqlite3';
import type { Cursor } from './cursor.js';
import { migrations } from './migrations.js';

export interface UserRow {
  id: string;
  subject: string;
  name: string;
}

export interface ProjectRow {
  id: string;
  name: string;
  organization_id: string;
  region_id: string;
  plan: 'free' | 'pro' | 'scale' | 'enterprise';
  created_at: string;
  updated_at: string;
}

export interface DatabaseRow {
  id: string;
  project_id: string;
  name: string;
  created_at: string;
}

export interface DomainRow {
  id: string;
  project_id: string;
  domain: string;
  verified: 0 | 1;
  verified_at: string | null;
  tls_cert_expiry: string | null;
  dns_verification_token: string;
  created_at: string;
  updated_at: string;
}

const DOMAIN_COLUMNS = [
  'id',
  'project_id',
  'domain',
  'verified',
  'verified_at',
  'tls_cert_expiry',
  'dns_verification_token',
  'created_at',
  'updated_at',
] as const;

/** A domains row read in raw mode, in the order of DOMAIN_COLUMNS. */
function readDomainRow(r: unknown[]): DomainRow {
  return {
    id: r[0] as string,
    project_id: r[1] as string,
    domain: r[2] as string,
    verified: r[3] as 0 | 1,
    verified_at: r[4] as string | null,
    tls_cert_expiry: r[5] as string | null,
    dns_verification_token: r[6] as string,
    created_at: r[7] as string,
    updated_at: r[8] as string,
  };
}

/** Thrown by insertDomain when the host name is taken, in this project or any other. */
export class DuplicateDomainError extends Error {
  constructor(readonly domain: string) {
    super(`${domain} is already registered`);
    this.name = 'DuplicateDomainError';
  }
}

/**
 * The server's storage: SQLite through better-sqlite3, every statement prepared once. Lists are
 * keyset-paged newest first by (created_at, id): a page costs the same at any depth, and a row
 * added meanwhile lands before the cursor, so a walk never repeats or skips one.
 */
export class Store {
  readonly db: Database.Database;
  private readonly sql;
  /** Writes made through this Store; with PRAGMA data_version it tells when anything changed. */
  private writes = 0;

  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    // FULL: a write the API acknowledged survives a crash or power cut, not just a restart.
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
    this.sql = this.prepare();
  }

  /** The schema version this code writes; a newer file is refused rather than misread. */
  static readonly schemaVersion = migrations.length;

  private migrate(): void {
    const current = this.db.pragma('user_version', { simple: true }) as number;
    if (current > Store.schemaVersion) {
      throw new Error(
        `database schema version ${current} is newer than this domainctl understands (${Store.schemaVersion})`,
      );
    }
    for (let version = current; version < migrations.length; version++) {
      this.db.transaction(() => {
        this.db.exec(migrations[version] as string);
        this.db.pragma(`user_version = ${version + 1}`);
      })();
    }
  }

  private prepare() {
    const db = this.db;
    // Each list has two statements: an `OR @cursor IS NULL` in one would stop SQLite seeking the
    // (…, created_at DESC, id DESC) index to the cursor, and deep pages would scan from the top.
    // A reader, when given, takes rows as arrays (raw mode): better-sqlite3 builds a keyed
    // object per row at about twice the cost of an array, which was a quarter of the CPU of a
    // page of domains.
    const paged = <P extends Record<string, unknown>, R>(
      select: string,
      where: string,
      order: string,
      read?: (row: unknown[]) => R,
    ) => {
      const first = db.prepare<P & { limit: number }, R>(
        `${select} WHERE ${where} ORDER BY ${order} LIMIT @limit`,
      );
      const next = db.prepare<P & { limit: number; after_created_at: string; after_id: string }, R>(
        `${select} WHERE ${where} AND (t.created_at, t.id) < (@after_created_at, @after_id)
         ORDER BY ${order} LIMIT @limit`,
      );
      if (read) {
        first.raw(true);
        next.raw(true);
      }
      const rows = (list: unknown[]) => (read ? (list as unknown[][]).map(read) : (list as R[]));
      const run = (params: P, limit: number, cursor: Cursor | undefined): R[] =>
        rows(
          cursor
            ? next.all({
                ...params,
                limit,
                after_created_at: cursor.createdAt,
                after_id: cursor.id,
              })
            : first.all({ ...params, limit }),
        );
      return Object.assign(run, { first, next });
    };
    const newestFirst = 't.created_at DESC, t.id DESC';
    return {
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      userByKeyHash: db.prepare<[string], UserRow>(
        'SELECT u.* FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = ?',
      ),
      userBySubject: db.prepare<[string], UserRow>('SELECT * FROM users WHERE subject = ?'),
      orgIds: db
        .prepare<[string], string>('SELECT organization_id FROM memberships WHERE user_id = ?')
        .pluck(),
      features: db
        .prepare<[string], string>('SELECT feature FROM user_features WHERE user_id = ?')
        .pluck(),
      regions: db.prepare<[], { id: string; name: string }>(
        'SELECT id, name FROM regions ORDER BY id',
      ),
      regionExists: db.prepare<[string], number>('SELECT 1 FROM regions WHERE id = ?').pluck(),
      projectForUser: db.prepare<[string, string], ProjectRow>(
        `SELECT p.* FROM projects p
         JOIN memberships m ON m.organization_id = p.organization_id AND m.user_id = ?
         WHERE p.id = ?`,
      ),
      projectsForUser: paged<{ user_id: string }, ProjectRow>(
        'SELECT t.* FROM projects t',
        't.organization_id IN (SELECT organization_id FROM memberships WHERE user_id = @user_id)',
        newestFirst,
      ),
      projectsInOrg: paged<{ org_id: string }, ProjectRow>(
        'SELECT t.* FROM projects t',
        't.organization_id = @org_id',
        newestFirst,
      ),
      insertProject: db.prepare<ProjectRow>(
        `INSERT INTO projects (id, name, organization_id, region_id, plan, created_at, updated_at)
         VALUES (@id, @name, @organization_id, @region_id, @plan, @created_at, @updated_at)`,
      ),
      databases: paged<{ project_id: string }, DatabaseRow>(
        'SELECT t.* FROM databases t',
        't.project_id = @project_id',
        newestFirst,
      ),
      insertDatabase: db.prepare<DatabaseRow>(
        `INSERT INTO databases (id, project_id, name, created_at)
         VALUES (@id, @project_id, @name, @created_at)`,
      ),
      deleteDatabase: db.prepare<[string, string], DatabaseRow>(
        'DELETE FROM databases WHERE id = ? AND project_id = ? RETURNING *',
      ),
      domains: paged<{ project_id: string }, DomainRow>(
        `SELECT ${DOMAIN_COLUMNS.map((c) => `t.${c}`).join(', ')} FROM domains t`,
        't.project_id = @project_id',
        newestFirst,
        readDomainRow,
      ),
      insertDomain: db.prepare<DomainRow>(
        `INSERT INTO domains (id, project_id, domain, verified, verified_at, tls_cert_expiry,
           dns_verification_token, created_at, updated_at)
         VALUES (@id, @project_id, @domain, @verified, @verified_at, @tls_cert_expiry,
           @dns_verification_token, @created_at, @updated_at)`,
      ),
      pendingDomains: db.prepare<[string, number], DomainRow>(
        'SELECT * FROM domains WHERE verified = 0 AND id > ? ORDER BY id LIMIT ?',
      ),
      markVerified: db.prepare<{ id: string; at: string; expiry: string }>(
        `UPDATE domains SET verified = 1, verified_at = @at, tls_cert_expiry = @expiry, updated_at = @at
         WHERE id = @id AND verified = 0`,
      ),
    };
  }

  /**
   * Changes whenever the database does: after a write through this Store, or a commit by another
   * connection to the same file (which is what PRAGMA data_version counts; it does not count this
   * connection's own writes).
   */
  changeMark(): string {
    return `${this.writes}.${this.sql.dataVersion.get()}`;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  userByApiKeyHash(hash: string): UserRow | undefined {
    return this.sql.userByKeyHash.get(hash);
  }

  userBySubject(subject: string): UserRow | undefined {
    return this.sql.userBySubject.get(subject);
  }

  organizationIdsOf(userId: string): string[] {
    return this.sql.orgIds.all(userId);
  }

  featuresOf(userId: string): string[] {
    return this.sql.features.all(userId);
  }

  listRegions(): { id: string; name: string }[] {
    return this.sql.regions.all();
  }

  regionExists(id: string): boolean {
    return this.sql.regionExists.get(id) === 1;
  }

  /** The project, if the user is a member of its organisation; otherwise undefined, as if absent. */
  projectVisibleTo(userId: string, projectId: string): ProjectRow | undefined {
    return this.sql.projectForUser.get(userId, projectId);
  }

  listProjects(userId: string, limit: number, cursor?: Cursor): ProjectRow[] {
    return this.sql.projectsForUser({ user_id: userId }, limit, cursor);
  }

  listProjectsInOrganization(orgId: string, limit: number, cursor?: Cursor): ProjectRow[] {
    return this.sql.projectsInOrg({ org_id: orgId }, limit, cursor);
  }

  insertProject(row: ProjectRow): void {
    this.writes++;
    this.sql.insertProject.run(row);
  }

  listDatabases(projectId: string, limit: number, cursor?: Cursor): DatabaseRow[] {
    return this.sql.databases({ project_id: projectId }, limit, cursor);
  }

  insertDatabase(row: DatabaseRow): void {
    this.writes++;
    this.sql.insertDatabase.run(row);
  }

  deleteDatabase(projectId: string, databaseId: string): DatabaseRow | undefined {
    this.writes++;
    return this.sql.deleteDatabase.get(databaseId, projectId);
  }

  listDomains(projectId: string, limit: number, cursor?: Cursor): DomainRow[] {
    return this.sql.domains({ project_id: projectId }, limit, cursor);
  }

  /** Inserts a domain; the unique index on the host name makes concurrent adds race-free. */
  insertDomain(row: DomainRow): void {
    this.writes++;
    try {
      this.sql.insertDomain.run(row);
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw new DuplicateDomainError(row.domain);
      }
      throw error;
    }
  }

  /** SQLite's plan for a page of domains, first or after a cursor (tests check the index is used). */
  domainPagePlan(afterCursor: boolean): string[] {
    const statement = afterCursor ? this.sql.domains.next : this.sql.domains.first;
    return this.db
      .prepare<Record<string, unknown>, { detail: string }>(
        `EXPLAIN QUERY PLAN ${statement.source}`,
      )
      .all({ project_id: 'prj_x', limit: 20, after_created_at: '', after_id: '' })
      .map((row) => row.detail);
  }

  /** Unverified domains in id order after `afterId`, for the verifier's batches. */
  pendingDomains(afterId: string, limit: number): DomainRow[] {
    return this.sql.pendingDomains.all(afterId, limit);
  }

  /** Marks a domain verified; false if it was verified already (or is gone). */
  markVerified(id: string, at: string, expiry: string): boolean {
    this.writes++;
    return this.sql.markVerified.run({ id, at, expiry }).changes === 1;
  }
}
