import * as z from 'zod';
import type { OperationId } from './routes.js';
import {
  AddDomainBody,
  CreateDatabaseBody,
  CreateProjectBody,
  Database,
  DatabasePage,
  DatabaseParams,
  Domain,
  DomainPage,
  Health,
  PageQuery,
  Project,
  NoQuery,
  ProjectListQuery,
  ProjectPage,
  ProjectParams,
  Readiness,
  RegionList,
  TlsAskAnswer,
  TlsAskQuery,
} from './schemas.js';

export interface OperationSchemas {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
}

/**
 * The schemas of each operation, joined to the route table by operationId. The server validates
 * requests with them and the OpenAPI document is generated from them, so they describe exactly
 * what the reference server writes. The typed client reads answers more leniently, with the
 * schemas of read-schemas.ts.
 */
export const operations = {
  listRegions: { query: NoQuery, response: RegionList },
  listProjects: { query: ProjectListQuery, response: ProjectPage },
  createProject: { query: NoQuery, body: CreateProjectBody, response: Project },
  getProject: { params: ProjectParams, query: NoQuery, response: Project },
  listDatabases: { params: ProjectParams, query: PageQuery, response: DatabasePage },
  createDatabase: {
    params: ProjectParams,
    query: NoQuery,
    body: CreateDatabaseBody,
    response: Database,
  },
  deleteDatabase: { params: DatabaseParams, query: NoQuery, response: Database },
  addDomain: { params: ProjectParams, query: NoQuery, body: AddDomainBody, response: Domain },
  listDomains: { params: ProjectParams, query: PageQuery, response: DomainPage },
  tlsAsk: { query: TlsAskQuery, response: TlsAskAnswer },
  getOpenApi: { query: NoQuery, response: z.record(z.string(), z.unknown()) },
  getHealth: { query: NoQuery, response: Health },
  getReadiness: { query: NoQuery, response: Readiness },
} as const satisfies Record<OperationId, OperationSchemas>;
