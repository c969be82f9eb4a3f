import type { Cursor } from './cursor.js';

export interface UserRow {
  id: string;
  subject: string;
  name: string;
}

export interface RegionRow {
  id: string;
  name: string;
}

export interface OrganizationRow {
  id: string;
  name: string;
  created_at: string;
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

/**
 * The longest wait, in milliseconds, for the database to connect or answer one query (PostgreSQL;
 * `--db-timeout`). Shutting down waits at least this long for running requests (serve.ts).
 */
export const DEFAULT_DB_TIMEOUT_MS = 5000;

/** The domains table's columns in DomainRow's order: both stores select and insert by this list. */
export const DOMAIN_COLUMNS = [
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

export interface ApiKeyRow {
  /** SHA-256 of the key, in hex: keys are never stored in clear. */
  key_hash: string;
  user_id: string;
  name: string;
  created_at: string;
}

/** Rows a seed adds, each kept as it is if a row with its key is there already. */
export interface SeedRows {
  regions: RegionRow[];
  organizations: OrganizationRow[];
  users: UserRow[];
  memberships: { user_id: string; organization_id: string }[];
  features: { user_id: string; feature: string }[];
  apiKeys: ApiKeyRow[];
  projects: ProjectRow[];
  databases: DatabaseRow[];
  domains: DomainRow[];
}

/** Who a credential belongs to, with what decides what they may see and do. */
export interface CallerRow {
  id: string;
  subject: string;
  organizationIds: string[];
  features: string[];
}

/** What RequestStore.domainPage read. */
export interface DomainPageRead {
  version: string | undefined;
  rows: DomainRow[] | undefined;
}

/**
 * What a request reads and writes: the store as the handlers and the authenticator see it. Lists
 * are keyset-paged newest first by (created_at, id): a page costs the same at any depth, and a
 * row added meanwhile lands before the cursor, so a walk never repeats or skips one.
 */
export interface RequestStore {
  /**
   * A value that changes whenever data the server keeps answers from changes, by this process or
   * another one sharing the storage; the server's caches keep what they hold while it stays the
   * same (MarkCache). Undefined: nothing may be kept for now.
   */
  changeMark(): Promise<string | undefined>;
  /**
   * Called when the request has its answer: if anything came from a cache and no statement since
   * confirmed that access is unchanged, one does; StaleAccessError if it changed. Absent: there
   * is nothing to confirm (SQLite reads its change mark, which no one can move unseen).
   */
  settle?(): Promise<void>;

  /** The caller whose API key has this SHA-256, with their organisations and feature flags. */
  callerByApiKeyHash(hash: string): Promise<CallerRow | undefined>;
  /** The caller with this JWT subject, with their organisations and feature flags. */
  callerBySubject(subject: string): Promise<CallerRow | undefined>;

  listRegions(): Promise<RegionRow[]>;
  regionExists(id: string): Promise<boolean>;

  /** The project, if the user is a member of its organisation; otherwise undefined, as if absent. */
  projectVisibleTo(userId: string, projectId: string): Promise<ProjectRow | undefined>;
  listProjects(userId: string, limit: number, cursor?: Cursor): Promise<ProjectRow[]>;
  listProjectsInOrganization(orgId: string, limit: number, cursor?: Cursor): Promise<ProjectRow[]>;
  insertProject(row: ProjectRow): Promise<void>;

  listDatabases(projectId: string, limit: number, cursor?: Cursor): Promise<DatabaseRow[]>;
  insertDatabase(row: DatabaseRow): Promise<void>;
  /** Deletes and returns the database, or undefined if the project has none with that id. */
  deleteDatabase(projectId: string, databaseId: string): Promise<DatabaseRow | undefined>;

  listDomains(projectId: string, limit: number, cursor?: Cursor): Promise<DomainRow[]>;
  /**
   * The rows listDomains reads, unless the project's list of domains is unchanged since a page of
   * it was read at version `kept`: then `rows` is undefined and the kept page is still the answer.
   * `version` is the list's version this read saw, to keep the page under; undefined: a page is
   * not kept by version (SQLite keeps pages under its change mark instead, which every write
   * moves, and answers a kept page without asking the store).
   */
  domainPage(
    projectId: string,
    limit: number,
    cursor: Cursor | undefined,
    kept: string | undefined,
  ): Promise<DomainPageRead>;
  /** Rejects with DuplicateDomainError if the host name is taken, even by a concurrent add. */
  insertDomain(row: DomainRow): Promise<void>;
}

/**
 * The server's storage, as the handlers, the authenticator, the seed and the verifier see it.
 * Every method returns a promise so that a store over the network (PostgreSQL) fits beside the
 * SQLite one (sqlite/sqlite-store.ts) without a change above it.
 */
export interface Store extends RequestStore {
  /**
   * True when the change mark moves with every write (SQLite: pages of the domain list may be
   * kept under it); false when it moves only with what decides access: API keys, users,
   * memberships, feature flags and projects (PostgreSQL, where pages are kept by the version of
   * their project's list instead: see domainPage).
   */
  readonly markCoversEveryWrite: boolean;
  /**
   * The store as one attempt at one request uses it. SQLite: the store itself. PostgreSQL: a view
   * whose change mark is the access version this instance saw last (when `pinned`; else
   * undefined, so nothing comes from a cache), and whose every statement reads the access
   * version as well and throws StaleAccessError if it moved: the request then starts again.
   */
  forRequest(pinned: boolean): RequestStore;
  /** Resolves once the database answers; StoreUnavailableError if it does not within its timeout. */
  ping(): Promise<void>;
  /** A store over a pool of connections says how busy it is and what failed (for metrics). */
  poolStats?(): PoolStats;
  close(): Promise<void>;

  /** The domain with this host name (stored normalised), in any project. */
  domainByName(domain: string): Promise<DomainRow | undefined>;
  /** Unverified domains in id order after `afterId`. */
  pendingDomains(afterId: string, limit: number): Promise<DomainRow[]>;
  /**
   * The verifier's batches: up to `limit` unverified domains after `afterId`, in id order, that
   * are due for a look-up, each then held back from every verifier (of this instance or another
   * one sharing the storage) for `holdMs`. A domain another verifier is claiming at this moment
   * is skipped, never waited for, so instances share the pending domains instead of each looking
   * up all of them. The verifier holds a claim for as long as a look-up may take, and then sets
   * the due time with `holdPendingDomains`.
   */
  claimPendingDomains(afterId: string, limit: number, holdMs: number): Promise<DomainRow[]>;
  /** The unverified ones of these domains are due for a look-up again `holdMs` from now. */
  holdPendingDomains(ids: readonly string[], holdMs: number): Promise<void>;
  /** Marks a domain verified; false if it was verified already (or is gone). */
  markVerified(id: string, at: string, expiry: string): Promise<boolean>;

  /**
   * Adds the rows of the seed `name` unless this storage has had that seed already, all or
   * nothing; resolves true if it added them. Seeding once means a seeded row deleted since stays
   * deleted.
   */
  applySeed(name: string, appliedAt: string, rows: SeedRows): Promise<boolean>;
}

export interface PoolStats {
  /** Connections the pool opens at most. */
  size: number;
  /** Statements sent and not answered yet: beyond `size`, they wait for a connection. */
  inFlight: number;
  /** Statements that failed because the database was unreachable or too slow, since start. */
  unavailable: number;
  /** Statements the database refused for another reason, since start. */
  failed: number;
  /** Requests started again because access changed under them (see Store.forRequest). */
  staleAccess: number;
}
