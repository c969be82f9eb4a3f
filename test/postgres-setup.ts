import type { TestProject } from 'vitest/node';
import { startPgCluster } from '../scripts/pg-cluster.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance database of the run's cluster; test servers get databases of their own. */
    postgresAdminUrl: string;
  }
}

/**
 * The postgres project's cluster: one a run, started before its tests and removed after them.
 * Each test server then gets a fresh database in it (test/helpers/store.ts).
 */
export default async function setup(project: TestProject) {
  const cluster = await startPgCluster();
  project.provide('postgresAdminUrl', cluster.url('postgres'));
  return () => cluster.destroy();
}
