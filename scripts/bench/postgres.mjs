// The PostgreSQL cluster of the run (scripts/pg-cluster.mjs), started on first use and
// destroyed at the end; none when PostgreSQL's server binaries (from npm) are not installed.
import { note } from './context.mjs';

let cluster;

/** The cluster, started on first use; undefined if PostgreSQL's binaries are not installed. */
export async function postgresCluster() {
  if (cluster === undefined) {
    const { findPgBinDir, startPgCluster } = await import('../pg-cluster.mjs');
    try {
      await findPgBinDir();
    } catch {
      cluster = null;
      return undefined;
    }
    note('starting a throw-away PostgreSQL cluster ...');
    cluster = await startPgCluster();
  }
  return cluster ?? undefined;
}

/** Stops and removes the cluster, if one was started (pg_ctl detaches it from this process). */
export function destroyPostgres() {
  cluster?.destroy();
}
