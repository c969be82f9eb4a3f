import type { Sql } from 'postgres';
import { DuplicateDomainError } from '../../core/errors.js';
import type { Cursor } from '../cursor.js';
import type {
  CallerRow,
  DatabaseRow,
  DomainPageRead,
  DomainRow,
  ProjectRow,
  RegionRow,
} from '../store.js';
import type { AccessCheck } from './access-check.js';
import type { availabilityGuard } from './availability.js';

type Guarded = ReturnType<typeof availabilityGuard>;
/** A row that holds the access version its statement read, as `av` (int8 comes as text). */
type Versioned<R> = { av: string } & { [K in keyof R]: R[K] | null };
type Param = string | number | boolean | null;

/** The domains columns, `verified` as 0 or 1 as DomainRow has it. */
export const DOMAIN = `id, project_id, domain, verified::int AS verified, verified_at, tls_cert_expiry,
  dns_verification_token, created_at, updated_at`;

/**
 * A list's two statements, for the first page and for one after a cursor: the row comparison
 * (created_at, id) < (…) is what lets the index start at the cursor. $1 is the list's scope, $2
 * the limit, $3 and $4 the cursor. The access version comes from a join with its one row, so an
 * empty page still reads it.
 */
function listStatements(select: string, where: string) {
  const text = (after: string) => `
    SELECT v.n AS av, t.* FROM access_version v LEFT JOIN LATERAL (
      ${select} WHERE ${where}${after} ORDER BY t.created_at DESC, t.id DESC LIMIT $2
    ) t ON true`;
  return { first: text(''), next: text(' AND (t.created_at, t.id) < ($3, $4)') };
}

/**
 * A page of domains, with the project's list version (migration 6) read in the same snapshot:
 * when it is still $3, the version of a page the instance keeps, the one-time filter in front of
 * the index scan is false, no row is read, and the kept page is the answer; otherwise (or with
 * $3 null) the rows as the domains list reads them. $1 the project, $2 the limit, $4 and $5 the
 * cursor.
 */
const domainPageText = (after: string) => `
  SELECT v.n AS av, coalesce(l.n, 0) AS lv, t.* FROM access_version v
  LEFT JOIN domain_list_version l ON l.project_id = $1
  LEFT JOIN LATERAL (
    SELECT ${DOMAIN} FROM domains t
    WHERE t.project_id = $1${after} AND coalesce(l.n, 0) IS DISTINCT FROM $3::bigint
    ORDER BY t.created_at DESC, t.id DESC LIMIT $2
  ) t ON true`;
const DOMAIN_PAGE = {
  first: domainPageText(''),
  next: domainPageText(' AND (t.created_at, t.id) < ($4, $5)'),
};

const LISTS = {
  projects: listStatements(
    'SELECT t.* FROM projects t',
    't.organization_id IN (SELECT organization_id FROM memberships WHERE user_id = $1)',
  ),
  projectsInOrganization: listStatements('SELECT t.* FROM projects t', 't.organization_id = $1'),
  databases: listStatements(
    'SELECT t.id, t.project_id, t.name, t.created_at FROM databases t',
    't.project_id = $1',
  ),
};

// The caller and, aggregated in the same row, their organisations and flags: one statement
// where there were three (as JSON, which postgres.js reads without fetching array types).
const CALLER = (join: string) => `
  SELECT v.n AS av, u.id, u.subject,
    (SELECT coalesce(json_agg(m.organization_id), '[]') FROM memberships m
     WHERE m.user_id = u.id) AS organization_ids,
    (SELECT coalesce(json_agg(f.feature), '[]') FROM user_features f
     WHERE f.user_id = u.id) AS features
  FROM access_version v ${join}`;
const CALLER_BY_KEY_HASH = CALLER(
  'LEFT JOIN api_keys k ON k.key_hash = $1 LEFT JOIN users u ON u.id = k.user_id',
);
const CALLER_BY_SUBJECT = CALLER('LEFT JOIN users u ON u.subject = $1');

const PROJECT_VISIBLE = `
  SELECT v.n AS av, p.id, p.name, p.organization_id, p.region_id, p.plan, p.created_at,
    p.updated_at
  FROM access_version v LEFT JOIN (projects p
    JOIN memberships m ON m.organization_id = p.organization_id AND m.user_id = $1)
    ON p.id = $2`;

// Writes happen only under the access version the request expects ($1; any when it is null),
// checked and written in one statement, so in one transaction.
const UNCHANGED = '($1::bigint IS NULL OR v.n = $1::bigint)';
const write = (insert: string) => `
  WITH v AS (SELECT n FROM access_version), w AS (${insert} RETURNING 1)
  SELECT v.n AS av, (SELECT count(*)::int FROM w) AS written FROM v`;
const INSERT_PROJECT = write(`
  INSERT INTO projects (id, name, organization_id, region_id, plan, created_at, updated_at)
  SELECT $2, $3, $4, $5, $6, $7, $8 FROM v WHERE ${UNCHANGED}`);
const INSERT_DATABASE = write(`
  INSERT INTO databases (id, project_id, name, created_at)
  SELECT $2, $3, $4, $5 FROM v WHERE ${UNCHANGED}`);
// ON CONFLICT waits for an add of the same name in flight (on any instance), then adds nothing.
const INSERT_DOMAIN = write(`
  INSERT INTO domains (id, project_id, domain, verified, verified_at, tls_cert_expiry,
    dns_verification_token, created_at, updated_at)
  SELECT $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM v WHERE ${UNCHANGED}
  ON CONFLICT (domain) DO NOTHING`);
const DELETE_DATABASE = `
  WITH v AS (SELECT n FROM access_version), w AS (
    DELETE FROM databases d WHERE d.id = $2 AND d.project_id = $3
      AND EXISTS (SELECT 1 FROM v WHERE ${UNCHANGED})
    RETURNING d.id, d.project_id, d.name, d.created_at)
  SELECT v.n AS av, w.* FROM v LEFT JOIN w ON true`;

// Rows are rebuilt column by column: the statement's rows also hold `av`, which must not reach
// an answer, and objects of one shape are what JSON.stringify is quickest on.
const project = (r: Versioned<ProjectRow>): ProjectRow => ({
  id: r.id as string,
  name: r.name as string,
  organization_id: r.organization_id as string,
  region_id: r.region_id as string,
  plan: r.plan as ProjectRow['plan'],
  created_at: r.created_at as string,
  updated_at: r.updated_at as string,
});
const database = (r: Versioned<DatabaseRow>): DatabaseRow => ({
  id: r.id as string,
  project_id: r.project_id as string,
  name: r.name as string,
  created_at: r.created_at as string,
});
// Domain rows are not rebuilt: the only way out is toDomain (domain-view.ts), which takes each
// field by name, so `av` never reaches an answer; a page of them is the hot path.
const domain = (r: Versioned<DomainRow>) => r as DomainRow;

const newestFirst = (a: { created_at: string; id: string }, b: typeof a) =>
  a.created_at !== b.created_at
    ? a.created_at < b.created_at
      ? 1
      : -1
    : a.id < b.id
      ? 1
      : a.id > b.id
        ? -1
        : 0;

type CallerResult = Versioned<{
  id: string;
  subject: string;
  organization_ids: string[];
  features: string[];
}>;

/**
 * The statements a request runs on PostgreSQL, one round trip each, each reading the access
 * version in its own snapshot and handing it to the request's AccessCheck (see there). Their
 * texts are fixed, so postgres.js prepares each once a connection and then only binds values.
 */
export class RequestQueries {
  constructor(
    private readonly sql: Sql,
    private readonly guarded: Guarded,
  ) {}

  private run<R>(text: string, params: Param[]): Promise<R[]> {
    return this.guarded(
      async () => (await this.sql.unsafe(text, params, { prepare: true })) as unknown as R[],
    );
  }

  /** The access version alone, for a request answered from its caches alone. */
  async accessVersion(): Promise<string> {
    const [row] = await this.run<{ av: string }>('SELECT n AS av FROM access_version', []);
    return (row as { av: string }).av;
  }

  callerByApiKeyHash(check: AccessCheck, hash: string): Promise<CallerRow | undefined> {
    return this.caller(check, CALLER_BY_KEY_HASH, hash);
  }

  callerBySubject(check: AccessCheck, subject: string): Promise<CallerRow | undefined> {
    return this.caller(check, CALLER_BY_SUBJECT, subject);
  }

  private async caller(check: AccessCheck, text: string, value: string) {
    const [row] = await this.run<CallerResult>(text, [value]);
    const r = row as CallerResult;
    check.seen(r.av);
    if (r.id === null) return undefined;
    return {
      id: r.id,
      subject: r.subject as string,
      organizationIds: r.organization_ids as string[],
      features: r.features as string[],
    };
  }

  async projectVisibleTo(
    check: AccessCheck,
    userId: string,
    projectId: string,
  ): Promise<ProjectRow | undefined> {
    const [row] = await this.run<Versioned<ProjectRow>>(PROJECT_VISIBLE, [userId, projectId]);
    const r = row as Versioned<ProjectRow>;
    check.seen(r.av);
    return r.id === null ? undefined : project(r);
  }

  // Regions decide no one's access: read as they are.
  listRegions(): Promise<RegionRow[]> {
    return this.run<RegionRow>('SELECT id, name FROM regions ORDER BY id', []);
  }

  async regionExists(id: string): Promise<boolean> {
    return (await this.run('SELECT 1 FROM regions WHERE id = $1', [id])).length === 1;
  }

  listProjects(check: AccessCheck, userId: string, limit: number, cursor?: Cursor) {
    return this.page(check, LISTS.projects, userId, limit, cursor, project);
  }

  listProjectsInOrganization(check: AccessCheck, orgId: string, limit: number, cursor?: Cursor) {
    return this.page(check, LISTS.projectsInOrganization, orgId, limit, cursor, project);
  }

  listDatabases(check: AccessCheck, projectId: string, limit: number, cursor?: Cursor) {
    return this.page(check, LISTS.databases, projectId, limit, cursor, database);
  }

  async listDomains(check: AccessCheck, projectId: string, limit: number, cursor?: Cursor) {
    return (await this.domainPage(check, projectId, limit, cursor, undefined)).rows as DomainRow[];
  }

  /**
   * A page of domains unless the project's list is still at version `kept` (see DOMAIN_PAGE):
   * one statement either way.
   */
  async domainPage(
    check: AccessCheck,
    projectId: string,
    limit: number,
    cursor: Cursor | undefined,
    kept: string | undefined,
  ): Promise<DomainPageRead> {
    type Row = Versioned<DomainRow> & { lv: string };
    const rows = await this.run<Row>(
      cursor ? DOMAIN_PAGE.next : DOMAIN_PAGE.first,
      cursor
        ? [projectId, limit, kept ?? null, cursor.createdAt, cursor.id]
        : [projectId, limit, kept ?? null],
    );
    const first = rows[0] as Row;
    check.seen(first.av);
    if (first.lv === kept) return { version: kept, rows: undefined };
    const items: DomainRow[] = [];
    for (const row of rows) if (row.id !== null) items.push(domain(row));
    return { version: first.lv, rows: items.sort(newestFirst) };
  }

  /**
   * PostgreSQL's plan for the statement of a page of domains, first or after `cursor`: the very
   * statement domainPage runs when nothing is kept (tests check the index is walked from the
   * cursor, with no sort).
   */
  async domainPagePlan(projectId: string, cursor?: Cursor): Promise<string[]> {
    const text = cursor ? DOMAIN_PAGE.next : DOMAIN_PAGE.first;
    const params = cursor
      ? [projectId, 21, null, cursor.createdAt, cursor.id]
      : [projectId, 21, null];
    const rows = await this.guarded(() =>
      // Not prepared: EXPLAIN of a prepared statement plans it for unknown values.
      this.sql.unsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${text}`, params),
    );
    return rows.map((r) => r['QUERY PLAN']);
  }

  private async page<R extends { created_at: string; id: string }>(
    check: AccessCheck,
    list: { first: string; next: string },
    scope: string,
    limit: number,
    cursor: Cursor | undefined,
    read: (row: Versioned<R>) => R,
  ): Promise<R[]> {
    const rows = await this.run<Versioned<R>>(
      cursor ? list.next : list.first,
      cursor ? [scope, limit, cursor.createdAt, cursor.id] : [scope, limit],
    );
    check.seen((rows[0] as Versioned<R>).av);
    const items: R[] = [];
    for (const row of rows) if (row.id !== null) items.push(read(row));
    // The join keeps the order of the page in practice, but SQL promises no order without an
    // ORDER BY of its own; sorting these few rows here keeps the plan free of a Sort.
    return items.sort(newestFirst);
  }

  private async write(check: AccessCheck, text: string, values: Param[]): Promise<number> {
    const [row] = await this.run<{ av: string; written: number }>(text, [
      check.expected ?? null,
      ...values,
    ]);
    const r = row as { av: string; written: number };
    check.seen(r.av);
    return r.written;
  }

  async insertProject(check: AccessCheck, row: ProjectRow): Promise<void> {
    await this.write(check, INSERT_PROJECT, [
      row.id,
      row.name,
      row.organization_id,
      row.region_id,
      row.plan,
      row.created_at,
      row.updated_at,
    ]);
  }

  async insertDatabase(check: AccessCheck, row: DatabaseRow): Promise<void> {
    await this.write(check, INSERT_DATABASE, [row.id, row.project_id, row.name, row.created_at]);
  }

  async deleteDatabase(
    check: AccessCheck,
    projectId: string,
    databaseId: string,
  ): Promise<DatabaseRow | undefined> {
    const [row] = await this.run<Versioned<DatabaseRow>>(DELETE_DATABASE, [
      check.expected ?? null,
      databaseId,
      projectId,
    ]);
    const r = row as Versioned<DatabaseRow>;
    check.seen(r.av);
    return r.id === null ? undefined : database(r);
  }

  /** The unique index on the host name decides between concurrent adds, on any instance. */
  async insertDomain(check: AccessCheck, row: DomainRow): Promise<void> {
    const written = await this.write(check, INSERT_DOMAIN, [
      row.id,
      row.project_id,
      row.domain,
      row.verified === 1,
      row.verified_at,
      row.tls_cert_expiry,
      row.dns_verification_token,
      row.created_at,
      row.updated_at,
    ]);
    if (written === 0) throw new DuplicateDomainError(row.domain);
  }
}
