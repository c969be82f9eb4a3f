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
  ProjectListQuery,
  ProjectPage,
  ProjectParams,
  Readiness,
  RegionList,
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
  listRegions: { response: RegionList },
  listProjects: { query: ProjectListQuery, response: ProjectPage },
  createProject: { body: CreateProjectBody, response: Project },
  getProject: { params: ProjectParams, response: Project },
  listDatabases: { params: ProjectParams, query: PageQuery, response: DatabasePage },
  createDatabase: { params: ProjectParams, body: CreateDatabaseBody, response: Database },
  deleteDatabase: { params: DatabaseParams, response: Database },
  addDomain: { params: ProjectParams, body: AddDomainBody, response: Domain },
  listDomains: { params: ProjectParams, query: PageQuery, response: DomainPage },
  getOpenApi: { response: z.record(z.string(), z.unknown()) },
  getHealth: { response: Health },
  getReadiness: { response: Readiness },
} as const satisfies Record<OperationId, OperationSchemas>;
