import type { TestServer } from './server.js';
import { evil } from './hostile.js';

export const PLANTED_PROJECT = 'prj_planted';

/**
 * Rows whose names hold escape sequences, written straight through the Store, as rows stored
 * before the API refused such names (or by another writer of the database) would be: a project
 * the demo tester can see, a database and a domain in it.
 */
export async function plantHostileRows(server: TestServer): Promise<void> {
  const at = new Date().toISOString();
  await server.store.insertProject({
    id: PLANTED_PROJECT,
    name: evil('Planted'),
    organization_id: 'org_demo',
    region_id: 'eu-west',
    plan: 'scale',
    created_at: at,
    updated_at: at,
  });
  await server.store.insertDatabase({
    id: 'db_planted',
    project_id: PLANTED_PROJECT,
    name: evil('warehouse'),
    created_at: at,
  });
  await server.store.insertDomain({
    id: 'dom_planted',
    project_id: PLANTED_PROJECT,
    domain: evil('planted.example.com'),
    verified: 0,
    verified_at: null,
    tls_cert_expiry: null,
    dns_verification_token: 'plantedtoken0000000000aa',
    created_at: at,
    updated_at: at,
  });
}
