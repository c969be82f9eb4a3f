import type { Cursor } from '../cursor.js';
import type { DatabaseRow, DomainRow, ProjectRow, RequestStore } from '../store.js';
import type { AccessCheck } from './access-check.js';
import type { RequestQueries } from './request-queries.js';

/** A RequestStore over `queries` for one attempt at one request, checked by `check`. */
export class PostgresRequestStore implements RequestStore {
  constructor(
    private readonly q: RequestQueries,
    private readonly check: AccessCheck,
  ) {}

  async changeMark(): Promise<string | undefined> {
    return this.check.mark();
  }

  async settle(): Promise<void> {
    if (this.check.unconfirmed()) this.check.seen(await this.q.accessVersion());
  }

  callerByApiKeyHash(hash: string) {
    return this.q.callerByApiKeyHash(this.check, hash);
  }
  callerBySubject(subject: string) {
    return this.q.callerBySubject(this.check, subject);
  }
  listRegions() {
    return this.q.listRegions();
  }
  regionExists(id: string) {
    return this.q.regionExists(id);
  }
  projectVisibleTo(userId: string, projectId: string) {
    return this.q.projectVisibleTo(this.check, userId, projectId);
  }
  listProjects(userId: string, limit: number, cursor?: Cursor) {
    return this.q.listProjects(this.check, userId, limit, cursor);
  }
  listProjectsInOrganization(orgId: string, limit: number, cursor?: Cursor) {
    return this.q.listProjectsInOrganization(this.check, orgId, limit, cursor);
  }
  insertProject(row: ProjectRow) {
    return this.q.insertProject(this.check, row);
  }
  listDatabases(projectId: string, limit: number, cursor?: Cursor) {
    return this.q.listDatabases(this.check, projectId, limit, cursor);
  }
  insertDatabase(row: DatabaseRow) {
    return this.q.insertDatabase(this.check, row);
  }
  deleteDatabase(projectId: string, databaseId: string) {
    return this.q.deleteDatabase(this.check, projectId, databaseId);
  }
  listDomains(projectId: string, limit: number, cursor?: Cursor) {
    return this.q.listDomains(this.check, projectId, limit, cursor);
  }
  domainPage(projectId: string, limit: number, cursor: Cursor | undefined, kept?: string) {
    return this.q.domainPage(this.check, projectId, limit, cursor, kept);
  }
  insertDomain(row: DomainRow) {
    return this.q.insertDomain(this.check, row);
  }
}
