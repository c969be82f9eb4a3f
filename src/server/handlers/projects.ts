import type { Project } from '../../contract/schemas.js';
import { HttpError } from '../http-error.js';
import { newRow } from '../ids.js';
import type { ProjectRow } from '../store.js';
import { cutPage, pageRequest } from './paging.js';
import type { Handler } from './types.js';
import { requireOrganization, visibleProject } from './visibility.js';

const DEFAULT_REGION = 'eu-west';

const toProject = (row: ProjectRow): Project => ({ ...row });

export const listProjects: Handler<'listProjects'> = async ({ store, caller, query }) => {
  const q = query();
  const orgId = q.organization_id;
  // An organisation the caller cannot see is a 404 before its page_token is looked at.
  if (orgId) requireOrganization(caller, orgId);
  const list = { kind: 'p', scope: orgId ?? '' } as const;
  const { limit, cursor } = pageRequest(list, q);
  let rows: ProjectRow[];
  if (orgId) rows = await store.listProjectsInOrganization(orgId, limit + 1, cursor);
  else rows = caller.userId ? await store.listProjects(caller.userId, limit + 1, cursor) : [];
  const page = cutPage(list, rows, limit);
  return { projects: page.items.map(toProject), next_page_token: page.next_page_token };
};

export const getProject: Handler<'getProject'> = async (input) => {
  const project = await visibleProject(input, input.params.project_id);
  input.query();
  return toProject(project);
};

export const createProject: Handler<'createProject'> = async ({ store, caller, query, body }) => {
  query();
  const input = await body();
  requireOrganization(caller, input.organization_id);
  const regionId = input.region_id ?? DEFAULT_REGION;
  if (!(await store.regionExists(regionId))) {
    throw new HttpError(
      'invalid_request',
      `region_id ${regionId} is not a region: see GET /v1/regions`,
    );
  }
  const { id, created_at: now } = newRow('prj_');
  const row: ProjectRow = {
    id,
    name: input.name,
    organization_id: input.organization_id,
    region_id: regionId,
    // New projects start on the free plan; plans change through billing, outside this API.
    plan: 'free',
    created_at: now,
    updated_at: now,
  };
  await store.insertProject(row);
  return toProject(row);
};
