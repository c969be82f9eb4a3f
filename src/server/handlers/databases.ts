import { HttpError } from '../http-error.js';
import { newId } from '../ids.js';
import type { DatabaseRow } from '../store.js';
import { cutPage, pageRequest } from './paging.js';
import type { Handler } from './types.js';
import { visibleProject } from './visibility.js';

export const listDatabases: Handler<'listDatabases'> = async ({
  deps,
  caller,
  params,
  query,
  mark,
}) => {
  const project = await visibleProject(deps, caller, params.project_id, mark);
  const list = { kind: 'b', scope: project.id } as const;
  const { limit, cursor } = pageRequest(list, query());
  const page = cutPage(list, await deps.store.listDatabases(project.id, limit + 1, cursor), limit);
  return { databases: page.items, next_page_token: page.next_page_token };
};

export const createDatabase: Handler<'createDatabase'> = async ({
  deps,
  caller,
  params,
  query,
  body,
  mark,
}) => {
  const project = await visibleProject(deps, caller, params.project_id, mark);
  query();
  const input = await body();
  const row: DatabaseRow = {
    id: newId('db_'),
    project_id: project.id,
    name: input.name,
    created_at: new Date().toISOString(),
  };
  await deps.store.insertDatabase(row);
  return row;
};

export const deleteDatabase: Handler<'deleteDatabase'> = async ({
  deps,
  caller,
  params,
  query,
  mark,
}) => {
  const project = await visibleProject(deps, caller, params.project_id, mark);
  query();
  const row = await deps.store.deleteDatabase(project.id, params.database_id);
  if (!row) throw new HttpError('not_found', `database ${params.database_id} not found`);
  return row;
};
