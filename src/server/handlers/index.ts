import { createDatabase, deleteDatabase, listDatabases } from './databases.js';
import { addDomain, listDomains } from './domains.js';
import { getHealth, getReadiness } from './probes.js';
import { createProject, getProject, listProjects } from './projects.js';
import { tlsAsk } from './tls-ask.js';
import type { Handlers } from './types.js';

/** One handler per operation of the route table; a missing one is a type error. */
export const handlers: Omit<Handlers, 'getOpenApi'> = {
  listRegions: async ({ store, query }) => {
    query();
    return { regions: await store.listRegions() };
  },
  listProjects,
  createProject,
  getProject,
  listDatabases,
  createDatabase,
  deleteDatabase,
  addDomain,
  listDomains,
  tlsAsk,
  getHealth,
  getReadiness,
};
