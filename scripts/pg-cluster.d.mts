// Types of pg-cluster.mjs, for the tests that import it.

export interface PgCluster {
  port: number;
  dir: string;
  url(database: string): string;
  createDatabase(name?: string): Promise<string>;
  stop(): void;
  start(): void;
  statementLog(database: string): { take(): string[] };
  destroy(): void;
}

export function findPgBinDir(): Promise<string>;
export function startPgCluster(settings?: Record<string, string>): Promise<PgCluster>;
