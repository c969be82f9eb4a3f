import postgres, { type Sql } from 'postgres';
import { DuplicateDomainError } from '../../core/errors.js';
import type { Cursor } from '../cursor.js';
import {
  type DatabaseRow,
  DOMAIN_COLUMNS,
  type DomainRow,
  type ProjectRow,
  type RegionRow,
  type SeedRows,
  type Store,
  type UserRow,
} from '../store.js';
import { availabilityGuard } from './availability.js';
import { migrations } from './migrations.js';

export interface PostgresOptions {
  /** Connections this instance opens at most (default 10). */
  poolSize?: number;
  /** Longest wait, in milliseconds, to connect or for one query (default 5000). */
  timeoutMs?: number;
  /** Where the lines about the database going away and coming back go. */
  warn?: (line: string) => void;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_TIMEOUT_MS = 5000;

/** pg_advisory_xact_lock(domainctl, migrations): one instance migrates, the others wait. */
const MIGRATION_LOCK = [0x646d6374, 1] as const;

/** The domains columns, `verified` as 0 or 1 as DomainRow has it. */
const DOMAIN = `id, project_id, domain, verified::int AS verified, verified_at, tls_cert_expiry,
  dns_verification_token, created_at, updated_at`;
/**
 * The Store over PostgreSQL, for several `serve` instances on one database: the unique index
 * decides which of two concurrent adds of a name wins, whatever instance each came through;
 * page tokens hold only (created_at, id), so any instance continues a walk another began; the
 * verifier claims its batches with FOR UPDATE SKIP LOCKED. A bounded pool (postgres.js, which
 * reconnects by itself), and every call bounded by a timeout: a database that is down or silent
 * is a StoreUnavailableError (503), and the store works again as soon as it answers.
 */
export class PostgresStore implements Store {
  static readonly schemaVersion = migrations.length;

  private constructor(
    private readonly sql: Sql,
    private readonly guarded: ReturnType<typeof availabilityGuard>,
  ) {}

  /** Connects, and migrates under a lock so that instances starting together migrate once. */
  static async open(url: string, options: PostgresOptions = {}): Promise<PostgresStore> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const sql = postgres(url, {
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connect_timeout: Math.max(1, Math.ceil(timeoutMs / 1000)),
      // Idle connections go after a minute: a quiet instance holds none of the server's slots.
      idle_timeout: 60,
      // postgres.js waits up to 20 s between tries after repeated failures; a database that is
      // back is tried again within a second.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      // The schema uses no types of its own: skip the pg_type query on every new connection.
      fetch_types: false,
      // CREATE TABLE IF NOT EXISTS says "already exists" as a notice: not for the console.
      onnotice: () => {},
      connection: {
        application_name: 'domainctl serve',
        // The server gives up on a statement as this side does.
        statement_timeout: timeoutMs,
      },
    });
    const store = new PostgresStore(sql, availabilityGuard(timeoutMs, options.warn ?? (() => {})));
    try {
      await store.migrate();
    } catch (error) {
      await sql.end({ timeout: 0 });
      throw error;
    }
    return store;
  }

  private async migrate(): Promise<void> {
    await this.guarded(() =>
      this.sql.begin(async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK[0]}, ${MIGRATION_LOCK[1]})`;
        await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
          version integer PRIMARY KEY,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`;
        const [row] = await tx<{ version: number }[]>`
          SELECT coalesce(max(version), 0)::int AS version FROM schema_migrations`;
        const current = row?.version ?? 0;
        if (current > migrations.length) {
          throw new Error(
            `database schema version ${current} is newer than this domainctl understands (${migrations.length})`,
          );
        }
        for (let version = current; version < migrations.length; version++) {
          await tx.unsafe(migrations[version] as string);
          await tx`INSERT INTO schema_migrations (version) VALUES (${version + 1})`;
        }
      }),
    );
  }

  /** Another instance may write at any moment and no cheap question tells: nothing is cached. */
  async changeMark(): Promise<undefined> {
    return undefined;
  }

  /** Waits for running queries, then closes every connection (at most `timeoutMs` later). */
  async close(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }

  async userByApiKeyHash(hash: string): Promise<UserRow | undefined> {
    const [row] = await this.guarded(
      () => this.sql<UserRow[]>`
        SELECT u.id, u.subject, u.name FROM api_keys k JOIN users u ON u.id = k.user_id
        WHERE k.key_hash = ${hash}`,
    );
    return row;
  }

  async userBySubject(subject: string): Promise<UserRow | undefined> {
    const [row] = await this.guarded(
      () => this.sql<UserRow[]>`SELECT id, subject, name FROM users WHERE subject = ${subject}`,
    );
    return row;
  }

  async organizationIdsOf(userId: string): Promise<string[]> {
    const rows = await this.guarded(
      () => this.sql<{ organization_id: string }[]>`
        SELECT organization_id FROM memberships WHERE user_id = ${userId}`,
    );
    return rows.map((r) => r.organization_id);
  }

  async featuresOf(userId: string): Promise<string[]> {
    const rows = await this.guarded(
      () => this.sql<{ feature: string }[]>`
        SELECT feature FROM user_features WHERE user_id = ${userId}`,
    );
    return rows.map((r) => r.feature);
  }

  async listRegions(): Promise<RegionRow[]> {
    return [
      ...(await this.guarded(
        () => this.sql<RegionRow[]>`SELECT id, name FROM regions ORDER BY id`,
      )),
    ];
  }

  async regionExists(id: string): Promise<boolean> {
    const rows = await this.guarded(() => this.sql`SELECT 1 FROM regions WHERE id = ${id}`);
    return rows.length === 1;
  }

  async projectVisibleTo(userId: string, projectId: string): Promise<ProjectRow | undefined> {
    const [row] = await this.guarded(
      () => this.sql<ProjectRow[]>`
        SELECT p.* FROM projects p
        JOIN memberships m ON m.organization_id = p.organization_id AND m.user_id = ${userId}
        WHERE p.id = ${projectId}`,
    );
    return row;
  }

  // Each list has a query for the first page and one after a cursor, as the SQLite store does:
  // the row comparison (created_at, id) < (…) is what lets the index start at the cursor.
  async listProjects(userId: string, limit: number, cursor?: Cursor): Promise<ProjectRow[]> {
    const mine = this.sql`
      t.organization_id IN (SELECT organization_id FROM memberships WHERE user_id = ${userId})`;
    return this.page<ProjectRow>(this.sql`SELECT t.* FROM projects t`, mine, limit, cursor);
  }

  async listProjectsInOrganization(
    orgId: string,
    limit: number,
    cursor?: Cursor,
  ): Promise<ProjectRow[]> {
    return this.page<ProjectRow>(
      this.sql`SELECT t.* FROM projects t`,
      this.sql`t.organization_id = ${orgId}`,
      limit,
      cursor,
    );
  }

  async insertProject(row: ProjectRow): Promise<void> {
    await this.guarded(
      () => this.sql`
        INSERT INTO projects (id, name, organization_id, region_id, plan, created_at, updated_at)
        VALUES (${row.id}, ${row.name}, ${row.organization_id}, ${row.region_id}, ${row.plan},
          ${row.created_at}, ${row.updated_at})`,
    );
  }

  async listDatabases(projectId: string, limit: number, cursor?: Cursor): Promise<DatabaseRow[]> {
    return this.page<DatabaseRow>(
      this.sql`SELECT t.id, t.project_id, t.name, t.created_at FROM databases t`,
      this.sql`t.project_id = ${projectId}`,
      limit,
      cursor,
    );
  }

  async insertDatabase(row: DatabaseRow): Promise<void> {
    await this.guarded(
      () => this.sql`
        INSERT INTO databases (id, project_id, name, created_at)
        VALUES (${row.id}, ${row.project_id}, ${row.name}, ${row.created_at})`,
    );
  }

  async deleteDatabase(projectId: string, databaseId: string): Promise<DatabaseRow | undefined> {
    const [row] = await this.guarded(
      () => this.sql<DatabaseRow[]>`
        DELETE FROM databases WHERE id = ${databaseId} AND project_id = ${projectId}
        RETURNING id, project_id, name, created_at`,
    );
    return row;
  }

  async listDomains(projectId: string, limit: number, cursor?: Cursor): Promise<DomainRow[]> {
    return this.page<DomainRow>(
      this.sql.unsafe(`SELECT ${DOMAIN} FROM domains t`),
      this.sql`t.project_id = ${projectId}`,
      limit,
      cursor,
    );
  }

  /**
   * PostgreSQL's plan for the query of a page of domains, first or after `cursor`: the very
   * query listDomains runs (tests check the index is walked from the cursor, with no sort).
   */
  async domainPagePlan(projectId: string, cursor?: Cursor): Promise<string[]> {
    const rows = await this.page<{ 'QUERY PLAN': string }>(
      this.sql.unsafe(`SELECT ${DOMAIN} FROM domains t`),
      this.sql`t.project_id = ${projectId}`,
      21,
      cursor,
      this.sql`EXPLAIN`,
    );
    return rows.map((r) => r['QUERY PLAN']);
  }

  /** The unique index on the host name decides between concurrent adds, on any instance. */
  async insertDomain(row: DomainRow): Promise<void> {
    try {
      await this.guarded(
        () => this.sql`
          INSERT INTO domains (id, project_id, domain, verified, verified_at, tls_cert_expiry,
            dns_verification_token, created_at, updated_at)
          VALUES (${row.id}, ${row.project_id}, ${row.domain}, ${row.verified === 1},
            ${row.verified_at}, ${row.tls_cert_expiry}, ${row.dns_verification_token},
            ${row.created_at}, ${row.updated_at})`,
      );
    } catch (error) {
      // 23505: unique_violation; domains_host is the only unique index an add can break.
      if ((error as { code?: unknown }).code === '23505') {
        throw new DuplicateDomainError(row.domain);
      }
      throw error;
    }
  }

  async domainByName(domain: string): Promise<DomainRow | undefined> {
    const [row] = await this.guarded(() =>
      this.sql.unsafe<DomainRow[]>(`SELECT ${DOMAIN} FROM domains WHERE domain = $1`, [domain], {
        prepare: true,
      }),
    );
    return row;
  }

  async pendingDomains(afterId: string, limit: number): Promise<DomainRow[]> {
    return [
      ...(await this.guarded(() =>
        this.sql.unsafe<DomainRow[]>(
          `SELECT ${DOMAIN} FROM domains WHERE NOT verified AND id > $1 ORDER BY id LIMIT $2`,
          [afterId, limit],
          { prepare: true },
        ),
      )),
    ];
  }

  /**
   * SKIP LOCKED: a row another instance's claim holds is passed over, so two verifiers never wait
   * for each other nor take the same domain; the due time is the database's clock, the one
   * clock every instance shares.
   */
  async claimPendingDomains(afterId: string, limit: number, holdMs: number): Promise<DomainRow[]> {
    const rows = await this.guarded(() =>
      this.sql.unsafe<DomainRow[]>(
        `UPDATE domains d SET check_after = now() + $3 * interval '1 millisecond'
         FROM (SELECT id FROM domains
               WHERE NOT verified AND id > $1 AND (check_after IS NULL OR check_after <= now())
               ORDER BY id LIMIT $2
               FOR UPDATE SKIP LOCKED) due
         WHERE d.id = due.id
         RETURNING ${DOMAIN_COLUMNS.map((c) => (c === 'verified' ? 'd.verified::int AS verified' : `d.${c}`)).join(', ')}`,
        [afterId, limit, holdMs],
        { prepare: true },
      ),
    );
    // RETURNING follows no ORDER BY; the verifier continues after the last id.
    return [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async markVerified(id: string, at: string, expiry: string): Promise<boolean> {
    const result = await this.guarded(
      () => this.sql`
        UPDATE domains SET verified = true, verified_at = ${at}, tls_cert_expiry = ${expiry},
          updated_at = ${at}
        WHERE id = ${id} AND NOT verified`,
    );
    return result.count === 1;
  }

  /**
   * The seeds row is inserted first: a second instance seeding at the same moment waits on its
   * key, finds it taken once the first commits, and adds nothing.
   */
  async applySeed(name: string, appliedAt: string, rows: SeedRows): Promise<boolean> {
    const tables = {
      regions: 'regions',
      organizations: 'organizations',
      users: 'users',
      memberships: 'memberships',
      features: 'user_features',
      apiKeys: 'api_keys',
      projects: 'projects',
      databases: 'databases',
      domains: 'domains',
    } satisfies Record<keyof SeedRows, string>;
    return this.guarded(() =>
      this.sql.begin(async (tx) => {
        const claimed = await tx`
          INSERT INTO seeds (name, applied_at) VALUES (${name}, ${appliedAt})
          ON CONFLICT DO NOTHING RETURNING name`;
        if (claimed.length === 0) return false;
        // In this order, so every row's references are in before it.
        for (const key of Object.keys(tables) as (keyof SeedRows)[]) {
          const list: Record<string, unknown>[] =
            key === 'domains'
              ? rows.domains.map((d) => ({ ...d, verified: d.verified === 1 }))
              : (rows[key] as unknown as Record<string, unknown>[]);
          if (list.length === 0) continue;
          await tx`INSERT INTO ${tx(tables[key])} ${tx(list as never)} ON CONFLICT DO NOTHING`;
        }
        return true;
      }),
    );
  }

  private async page<R extends object>(
    select: postgres.PendingQuery<postgres.Row[]>,
    where: postgres.PendingQuery<postgres.Row[]>,
    limit: number,
    cursor: Cursor | undefined,
    prefix = this.sql``,
  ): Promise<R[]> {
    const after = cursor
      ? this.sql`AND (t.created_at, t.id) < (${cursor.createdAt}, ${cursor.id})`
      : this.sql``;
    const rows = await this.guarded(
      () => this.sql<R[]>`
        ${prefix} ${select} WHERE ${where} ${after}
        ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit}`,
    );
    return [...rows];
  }
}

/** Opens the store at a postgres:// URL; a database that cannot be reached is refused here. */
export function openPostgresStore(url: string, options?: PostgresOptions): Promise<PostgresStore> {
  return PostgresStore.open(url, options);
}
