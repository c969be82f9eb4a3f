import { isError, StoreUnavailableError } from '../../core/errors.js';

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

/**
 * Bounds every call to the database and turns "cannot reach it" into StoreUnavailableError.
 * The bound is on this side: a server that stopped answering (paused, cut off by the network)
 * never sends the error that would end the wait. It logs one line when the database becomes
 * unavailable and one when it answers again, never one a request.
 */
export function availabilityGuard(timeoutMs: number, warn: (line: string) => void) {
  let down: string | undefined;

  const failed = (error: unknown): unknown => {
    if (!isError(error, 'StoreUnavailableError') && !isUnreachable(error)) return error;
    const reason = isError(error, 'StoreUnavailableError')
      ? error.message
      : String((error as Error).message);
    if (down === undefined) {
      warn(`database: unavailable (${reason}); requests get 503 until it answers again`);
    }
    down = reason;
    return isError(error, 'StoreUnavailableError')
      ? error
      : new StoreUnavailableError(`the database is unavailable: ${reason}`, { cause: error });
  };

  return async function guarded<T>(work: () => PromiseLike<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new StoreUnavailableError(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      // The work goes on if the timer wins (its connection stays busy until the database
      // answers or the socket dies); its late result or error is dropped.
      const result = await Promise.race([work(), timeout]);
      if (down !== undefined) {
        down = undefined;
        warn('database: answering again');
      }
      return result;
    } catch (error) {
      throw failed(error);
    } finally {
      clearTimeout(timer);
    }
  };
}
