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

/**
 * The server's storage, as the handlers, the authenticator, the seed and the verifier see it.
 * Every method returns a promise so that a store over the network (PostgreSQL) fits beside the
 * SQLite one (sqlite/sqlite-store.ts) without a change above it. Lists are keyset-paged newest
 * first by (created_at, id): a page costs the same at any depth, and a row added meanwhile lands
 * before the cursor, so a walk never repeats or skips one.
 */
export interface Store {
  /**
   * A value that changes whenever the stored data does, by this process or another one sharing
   * the storage; the page cache keeps pages while it stays the same. Undefined from a store that
   * cannot tell cheaply (PostgreSQL, shared by instances on other machines): nothing is cached.
   */
  changeMark(): Promise<string | undefined>;
  close(): Promise<void>;

  userByApiKeyHash(hash: string): Promise<UserRow | undefined>;
  userBySubject(subject: string): Promise<UserRow | undefined>;
  organizationIdsOf(userId: string): Promise<string[]>;
  featuresOf(userId: string): Promise<string[]>;

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
  /** Rejects with DuplicateDomainError if the host name is taken, even by a concurrent add. */
  insertDomain(row: DomainRow): Promise<void>;
  /** The domain with this host name (stored normalised), in any project. */
  domainByName(domain: string): Promise<DomainRow | undefined>;
  /** Unverified domains in id order after `afterId`. */
  pendingDomains(afterId: string, limit: number): Promise<DomainRow[]>;
  /**
   * The verifier's batches: up to `limit` unverified domains after `afterId`, in id order, that
   * are due for a look-up, each then held back from every verifier (of this instance or another
   * one sharing the storage) for `holdMs`. A domain another verifier is claiming at this moment
   * is skipped, never waited for, so instances share the pending domains instead of each looking
   * up all of them.
   */
  claimPendingDomains(afterId: string, limit: number, holdMs: number): Promise<DomainRow[]>;
  /** Marks a domain verified; false if it was verified already (or is gone). */
  markVerified(id: string, at: string, expiry: string): Promise<boolean>;

  /**
   * Adds the rows of the seed `name` unless this storage has had that seed already, all or
   * nothing; resolves true if it added them. Seeding once means a seeded row deleted since stays
   * deleted.
   */
  applySeed(name: string, appliedAt: string, rows: SeedRows): Promise<boolean>;
}
