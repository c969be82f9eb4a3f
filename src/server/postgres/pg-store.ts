import postgres, { type Sql } from 'postgres';
import type { Cursor } from '../cursor.js';
import {
  type CallerRow,
  type DatabaseRow,
  DEFAULT_DB_TIMEOUT_MS,
  DOMAIN_COLUMNS,
  type DomainRow,
  type PoolStats,
  type ProjectRow,
  type RegionRow,
  type RequestStore,
  type SeedRows,
  type Store,
} from '../store.js';
import { AccessCheck, newerVersion } from './access-check.js';
import { availabilityGuard, type GuardStats } from './availability.js';
import { migrations } from './migrations.js';
import { DOMAIN, RequestQueries } from './request-queries.js';
import { PostgresRequestStore } from './request-store.js';

export interface PostgresOptions {
  /** Connections this instance opens at most (default 10). */
  poolSize?: number;
  /** Longest wait, in milliseconds, to connect or for one query (default 5000). */
  timeoutMs?: number;
  /** Where the lines about the database going away and coming back go. */
  warn?: (line: string) => void;
}

export const DEFAULT_POOL_SIZE = 10;

/** pg_advisory_xact_lock(domainctl, migrations): one instance migrates, the others wait. */
const MIGRATION_LOCK = [0x646d6374, 1] as const;

/**
 * The Store over PostgreSQL, for several `serve` instances on one database: the unique index
 * decides which of two concurrent adds of a name wins, whatever instance each came through;
 * page tokens hold only (created_at, id), so any instance continues a walk another began; the
 * verifier claims its batches with FOR UPDATE SKIP LOCKED. A request's statements are
 * request-queries.ts, checked against the access version (access-check.ts), so an instance keeps
 * callers and visible projects and a warm page is one statement. A bounded pool (postgres.js, which
 * reconnects by itself), and every call bounded by a timeout: a database that is down or silent
 * is a StoreUnavailableError (503), and the store works again as soon as it answers.
 */
export class PostgresStore implements Store {
  static readonly schemaVersion = migrations.length;

  private readonly queries: RequestQueries;
  /** The newest access version any statement of this instance has read. */
  private latest: string | undefined;
  private readonly saw = (version: string) => {
    if (newerVersion(version, this.latest)) this.latest = version;
  };
  /** For calls outside a request (tests, the seed): nothing cached, nothing to confirm. */
  private readonly unpinned = new AccessCheck(undefined, this.saw);

  private staleAccess = 0;
  private readonly stale = () => {
    this.staleAccess++;
  };

  private constructor(
    private readonly sql: Sql,
    private readonly guarded: ReturnType<typeof availabilityGuard>,
    private readonly stats: GuardStats,
    private readonly poolSize: number,
  ) {
    this.queries = new RequestQueries(sql, guarded);
  }

  /** Connects, and migrates under a lock so that instances starting together migrate once. */
  static async open(url: string, options: PostgresOptions = {}): Promise<PostgresStore> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_DB_TIMEOUT_MS;
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
    const stats: GuardStats = { inFlight: 0, unavailable: 0, failed: 0 };
    const store = new PostgresStore(
      sql,
      availabilityGuard(timeoutMs, options.warn ?? (() => {}), stats),
      stats,
      options.poolSize ?? DEFAULT_POOL_SIZE,
    );
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

  /**
   * Writes to domains and databases leave the access version alone: pages are kept by their
   * project's list version instead (domainPage).
   */
  readonly markCoversEveryWrite = false;

  /** Outside a request, nothing is cached. */
  async changeMark(): Promise<undefined> {
    return undefined;
  }

  forRequest(pinned: boolean): RequestStore {
    return new PostgresRequestStore(
      this.queries,
      new AccessCheck(pinned ? this.latest : undefined, this.saw, this.stale),
    );
  }

  poolStats(): PoolStats {
    return { size: this.poolSize, ...this.stats, staleAccess: this.staleAccess };
  }

  /** A round trip through the pool, bounded by the timeout as every query is. */
  async ping(): Promise<void> {
    await this.guarded(() => this.sql`SELECT 1`);
  }

  /** Waits for running queries, then closes every connection (at most `timeoutMs` later). */
  async close(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }

  callerByApiKeyHash(hash: string): Promise<CallerRow | undefined> {
    return this.queries.callerByApiKeyHash(this.unpinned, hash);
  }
  callerBySubject(subject: string): Promise<CallerRow | undefined> {
    return this.queries.callerBySubject(this.unpinned, subject);
  }
  listRegions(): Promise<RegionRow[]> {
    return this.queries.listRegions();
  }
  regionExists(id: string): Promise<boolean> {
    return this.queries.regionExists(id);
  }
  projectVisibleTo(userId: string, projectId: string): Promise<ProjectRow | undefined> {
    return this.queries.projectVisibleTo(this.unpinned, userId, projectId);
  }
  listProjects(userId: string, limit: number, cursor?: Cursor): Promise<ProjectRow[]> {
    return this.queries.listProjects(this.unpinned, userId, limit, cursor);
  }
  listProjectsInOrganization(orgId: string, limit: number, cursor?: Cursor) {
    return this.queries.listProjectsInOrganization(this.unpinned, orgId, limit, cursor);
  }
  insertProject(row: ProjectRow): Promise<void> {
    return this.queries.insertProject(this.unpinned, row);
  }
  listDatabases(projectId: string, limit: number, cursor?: Cursor): Promise<DatabaseRow[]> {
    return this.queries.listDatabases(this.unpinned, projectId, limit, cursor);
  }
  insertDatabase(row: DatabaseRow): Promise<void> {
    return this.queries.insertDatabase(this.unpinned, row);
  }
  deleteDatabase(projectId: string, databaseId: string): Promise<DatabaseRow | undefined> {
    return this.queries.deleteDatabase(this.unpinned, projectId, databaseId);
  }
  listDomains(projectId: string, limit: number, cursor?: Cursor): Promise<DomainRow[]> {
    return this.queries.listDomains(this.unpinned, projectId, limit, cursor);
  }
  domainPage(projectId: string, limit: number, cursor: Cursor | undefined, kept?: string) {
    return this.queries.domainPage(this.unpinned, projectId, limit, cursor, kept);
  }
  insertDomain(row: DomainRow): Promise<void> {
    return this.queries.insertDomain(this.unpinned, row);
  }

  /** See RequestQueries.domainPagePlan. */
  domainPagePlan(projectId: string, cursor?: Cursor): Promise<string[]> {
    return this.queries.domainPagePlan(projectId, cursor);
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

  async holdPendingDomains(ids: readonly string[], holdMs: number): Promise<void> {
    if (ids.length === 0) return;
    await this.guarded(
      () => this.sql`
        UPDATE domains SET check_after = now() + ${Math.round(holdMs)} * interval '1 millisecond'
        WHERE id IN ${this.sql(ids as string[])} AND NOT verified`,
    );
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
}

/** Opens the store at a postgres:// URL; a database that cannot be reached is refused here. */
export function openPostgresStore(url: string, options?: PostgresOptions): Promise<PostgresStore> {
  return PostgresStore.open(url, options);
}
