// Types of rolling-restart.mjs, for the test that imports it.

export interface RollingRestartResult {
  seconds: number;
  requests: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /** Requests that got anything but the 200 or 201 asked for, an error or a timeout. */
  failed: number;
  errors: number;
  timeouts: number;
  /** Adds answered 201. */
  acknowledged: number;
  /** 201 answers whose body was not read (should be 0). */
  unread: number;
  /** Acknowledged adds not in the database afterwards. */
  missing: string[];
  /** Each instance SIGTERM stopped, in order, as it exited, with the end of its stderr. */
  stopped: {
    instance: 'a' | 'b';
    code: number | null;
    signal: NodeJS.Signals | null;
    stderr: string;
  }[];
}

export const HAPROXY_CONFIG: string;
export function findHaproxy(): string;
export function rollingRestart(options: {
  node?: string;
  bin?: string;
  db: string;
  env?: NodeJS.ProcessEnv;
  connections?: number;
  rate?: number;
  drainGrace?: number;
  config?: string;
  note?: (line: string) => void;
}): Promise<RollingRestartResult>;
