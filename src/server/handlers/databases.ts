import { HttpError } from '../http-error.js';
import { newRow } from '../ids.js';
import type { DatabaseRow } from '../store.js';
import { cutPage, pageRequest } from './paging.js';
import type { Handler } from './types.js';
import { visibleProject } from './visibility.js';

export const listDatabases: Handler<'listDatabases'> = async (input) => {
  const project = await visibleProject(input, input.params.project_id);
  const list = { kind: 'b', scope: project.id } as const;
  const { limit, cursor } = pageRequest(list, input.query());
  const rows = await input.store.listDatabases(project.id, limit + 1, cursor);
  const page = cutPage(list, rows, limit);
  return { databases: page.items, next_page_token: page.next_page_token };
};

export const createDatabase: Handler<'createDatabase'> = async (input) => {
  const project = await visibleProject(input, input.params.project_id);
  input.query();
  const { name } = await input.body();
  const { id, created_at } = newRow('db_');
  const row: DatabaseRow = { id, project_id: project.id, name, created_at };
  await input.store.insertDatabase(row);
  return row;
};

export const deleteDatabase: Handler<'deleteDatabase'> = async (input) => {
  const { params } = input;
  const project = await visibleProject(input, params.project_id);
  input.query();
  const row = await input.store.deleteDatabase(project.id, params.database_id);
  if (!row) throw new HttpError('not_found', `database ${params.database_id} not found`);
  return row;
};
