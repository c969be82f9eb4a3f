import type { RawResponse } from '../client/execute-request.js';
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
export function historyEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.DOMAINCTL_HISTORY?.trim().toLowerCase();
  return !value || !['off', '0', 'false', 'no'].includes(value);
}

/**
 * Adds a request `api request` sent to the profile's history (config/request-history.ts). The
 * store is loaded only here, after the answer is out: it costs the request nothing. A history
 * that cannot be written costs one warning on stderr and never the run's exit code.
 */
export async function recordRequest(
  context: CommandContext,
  spec: RequestSpec,
  outcome: RequestOutcome,
): Promise<void> {
  if (!historyEnabled()) return;
  try {
    const { RequestHistory } = await import('../config/request-history.js');
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
}
