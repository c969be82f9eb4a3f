import { StoreUnavailableError } from '../../core/errors.js';

// Errors that say the database cannot be reached or is going away, not that a query is wrong:
// socket errors, postgres.js's own connection codes, and PostgreSQL's SQLSTATE classes 08
// (connection exception) and 57P (operator intervention: shut down, starting up), 53300 (too
// many connections) and 57014 (a statement_timeout ran out).
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  '53300',
  '57014',
]);

function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return UNREACHABLE.has(code) || code.startsWith('08') || code.startsWith('57P');
}

export interface GuardStats {
  /** Calls sent and not yet answered (or timed out). */
  inFlight: number;
  /** Calls that failed because the database could not be reached or did not answer in time. */
  unavailable: number;
  /** Calls the database refused for another reason (an error in the statement). */
  failed: number;
}

/**
 * Bounds every call to the database and turns "cannot reach it" into StoreUnavailableError.
 * The bound is on this side: a server that stopped answering (paused, cut off by the network)
 * never sends the error that would end the wait. It logs one line when the database becomes
 * unavailable and one when it answers again, never one a request.
 */
export function availabilityGuard(
  timeoutMs: number,
  warn: (line: string) => void,
  /** Counted as calls go: statements out now, and calls that failed, by why (for metrics). */
  stats: GuardStats = { inFlight: 0, unavailable: 0, failed: 0 },
) {
  let down: string | undefined;
  /** Calls numbered as they start, and the last one started when the database was found down. */
  let started = 0;
  let downAfter = 0;

  const failed = (error: unknown): unknown => {
    if (!(error instanceof StoreUnavailableError) && !isUnreachable(error)) {
      stats.failed++;
      return error;
    }
    stats.unavailable++;
    const reason =
      error instanceof StoreUnavailableError ? error.message : String((error as Error).message);
    if (down === undefined) {
      warn(`database: unavailable (${reason}); requests get 503 until it answers again`);
      downAfter = started;
    }
    down = reason;
    return error instanceof StoreUnavailableError
      ? error
      : new StoreUnavailableError(`the database is unavailable: ${reason}`, { cause: error });
  };

  return async function guarded<T>(work: () => PromiseLike<T>): Promise<T> {
    const call = ++started;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new StoreUnavailableError(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    stats.inFlight++;
    try {
      // The work goes on if the timer wins (its connection stays busy until the database
      // answers or the socket dies); its late result or error is dropped.
      const result = await Promise.race([work(), timeout]);
      // Only a call sent after the database was found down says it answers again: one sent
      // before, answered late while it went away, says nothing of now (and would make the log
      // say "unavailable" twice for one outage).
      if (down !== undefined && call > downAfter) {
        down = undefined;
        warn('database: answering again');
      }
      return result;
    } catch (error) {
      throw failed(error);
    } finally {
      stats.inFlight--;
      clearTimeout(timer);
    }
  };
}
