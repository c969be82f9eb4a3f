// The SqliteStore's statements, prepared once per connection.
import type { Cursor } from '../cursor.js';
import {
  type DatabaseRow,
  DOMAIN_COLUMNS,
  type DomainRow,
  type ProjectRow,
  type RegionRow,
  type UserRow,
} from '../store.js';
import type { SqliteDatabase } from './driver.js';

/** A domains row read as an array, in the order of DOMAIN_COLUMNS. */
export function readDomainRow(r: unknown[]): DomainRow {
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

/** `INSERT OR IGNORE INTO table (a, b) VALUES (@a, @b)` for the seed's rows. */
export const insertOrIgnore = (table: string, columns: readonly string[]) =>
  `INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;

export function prepareStatements(db: SqliteDatabase) {
  // Each list has two statements: an `OR @cursor IS NULL` in one would stop SQLite seeking the
  // (…, created_at DESC, id DESC) index to the cursor, and deep pages would scan from the top.
  // A reader, when given, takes rows as arrays: both drivers build a keyed object per row at
  // about twice the cost of an array, which was a quarter of the CPU of a page of domains.
  const paged = <P extends Record<string, unknown>, R>(
    select: string,
    where: string,
    order: string,
    read?: (row: unknown[]) => R,
  ) => {
    type First = [P & { limit: number }];
    type Next = [P & { limit: number; after_created_at: string; after_id: string }];
    const shape = read ? 'arrays' : 'objects';
    const first = db.prepare<First, unknown>(
      `${select} WHERE ${where} ORDER BY ${order} LIMIT @limit`,
      shape,
    );
    const next = db.prepare<Next, unknown>(
      `${select} WHERE ${where} AND (t.created_at, t.id) < (@after_created_at, @after_id)
       ORDER BY ${order} LIMIT @limit`,
      shape,
    );
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
    dataVersion: db.prepare<[], number>('PRAGMA data_version', 'first-column'),
    userByKeyHash: db.prepare<[string], UserRow>(
      'SELECT u.* FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = ?',
    ),
    userBySubject: db.prepare<[string], UserRow>('SELECT * FROM users WHERE subject = ?'),
    orgIds: db.prepare<[string], string>(
      'SELECT organization_id FROM memberships WHERE user_id = ?',
      'first-column',
    ),
    features: db.prepare<[string], string>(
      'SELECT feature FROM user_features WHERE user_id = ?',
      'first-column',
    ),
    regions: db.prepare<[], RegionRow>('SELECT id, name FROM regions ORDER BY id'),
    regionExists: db.prepare<[string], number>(
      'SELECT 1 FROM regions WHERE id = ?',
      'first-column',
    ),
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
    insertProject: db.prepare<[ProjectRow]>(
      `INSERT INTO projects (id, name, organization_id, region_id, plan, created_at, updated_at)
       VALUES (@id, @name, @organization_id, @region_id, @plan, @created_at, @updated_at)`,
    ),
    databases: paged<{ project_id: string }, DatabaseRow>(
      'SELECT t.* FROM databases t',
      't.project_id = @project_id',
      newestFirst,
    ),
    insertDatabase: db.prepare<[DatabaseRow]>(
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
    insertDomain: db.prepare<[DomainRow]>(
      `INSERT INTO domains (id, project_id, domain, verified, verified_at, tls_cert_expiry,
         dns_verification_token, created_at, updated_at)
       VALUES (@id, @project_id, @domain, @verified, @verified_at, @tls_cert_expiry,
         @dns_verification_token, @created_at, @updated_at)`,
    ),
    domainByName: db.prepare<[string], DomainRow>(
      `SELECT ${DOMAIN_COLUMNS.join(', ')} FROM domains WHERE domain = ?`,
    ),
    pendingDomains: db.prepare<[string, number], DomainRow>(
      `SELECT ${DOMAIN_COLUMNS.join(', ')} FROM domains WHERE verified = 0 AND id > ? ORDER BY id LIMIT ?`,
    ),
    // One statement, so one write transaction: two processes on one file never claim a row twice.
    claimPending: db.prepare<
      [{ after: string; limit: number; now: string; until: string }],
      DomainRow
    >(
      `UPDATE domains SET check_after = @until WHERE id IN (
         SELECT id FROM domains
         WHERE verified = 0 AND id > @after AND (check_after IS NULL OR check_after <= @now)
         ORDER BY id LIMIT @limit)
       RETURNING ${DOMAIN_COLUMNS.join(', ')}`,
    ),
    holdPending: db.prepare<[{ ids: string; until: string }]>(
      `UPDATE domains SET check_after = @until
       WHERE id IN (SELECT value FROM json_each(@ids)) AND verified = 0`,
    ),
    markVerified: db.prepare<[{ id: string; at: string; expiry: string }]>(
      `UPDATE domains SET verified = 1, verified_at = @at, tls_cert_expiry = @expiry, updated_at = @at
       WHERE id = @id AND verified = 0`,
    ),
  };
}

/**
 * The Store over SQLite, through either driver (sqlite/open.ts picks it): every statement
 * prepared once, WAL with synchronous=FULL, a unique index on the host name. The work is
 * synchronous, as SQLite's is; the methods return promises to fit the Store interface.
 */
