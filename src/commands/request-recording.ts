import type { RawResponse } from '../client/execute-request.js';
import { RequestHistory } from '../config/request-history.js';
import { currentIo } from '../core/io.js';
import type { RequestSpec } from '../core/request-spec.js';
import { visible } from '../core/sanitize.js';
import type { CommandContext } from './context.js';
import { writeErr } from './context.js';

/** How a sent request went: its last answer, or the error that left it without one. */
export interface RequestOutcome {
  response?: RawResponse;
  error?: unknown;
  /** Milliseconds from the first byte sent to the end. */
  ms: number;
}

/** DOMAINCTL_HISTORY=off (or 0, false, no) keeps a run out of the history. */
export function historyEnabled(env: NodeJS.ProcessEnv = currentIo().env): boolean {
  const value = env.DOMAINCTL_HISTORY?.trim().toLowerCase();
  return !value || !['off', '0', 'false', 'no'].includes(value);
}

/** Records the request of this run once its outcome is known (see historyRecorder). */
export type HistoryRecorder = (spec: RequestSpec, outcome: RequestOutcome) => Promise<void>;

/**
 * What adds the request to the profile's history once it is answered (config/request-history.ts).
 * The store is imported statically, into the bundle of `api request` itself: it is small (no zod,
 * no node:crypto), and a bundle of its own would cost every request a module load of some
 * milliseconds. A history that cannot be written costs one warning on stderr, never the run's
 * exit code or output.
 */
export function historyRecorder(context: CommandContext): HistoryRecorder {
  if (!historyEnabled()) return async () => {};
  return async (spec, outcome) => {
    try {
      const profile = context.options.profile?.name;
      const error = outcome.response ? undefined : outcome.error;
      RequestHistory.open({ profile }).record({
        ...(profile !== undefined ? { profile } : {}),
        ...(context.options.baseUrl !== undefined ? { baseUrl: context.options.baseUrl } : {}),
        spec,
        ...(outcome.response ? { status: outcome.response.status } : {}),
        ms: outcome.ms,
        ...(error !== undefined
          ? { error: error instanceof Error ? error.message : String(error) }
          : {}),
      });
    } catch (error) {
      writeErr(
        `${visible(`domainctl: warning: the request was not added to the history: ${(error as Error).message}`)}\n`,
      );
    }
  };
}
