import type { Deadline } from '../client/deadline.js';
import { isError } from '../core/errors.js';
import { currentIo, type OutStream } from '../core/io.js';
import type { ReadDomain as Domain } from '../contract/read-schemas.js';

/** The interval between checks grows by half after each one, up to this (or --interval if longer). */
export const MAX_INTERVAL_MS = 30_000;
export const DEFAULT_INTERVAL_MS = 2_000;
export const DEFAULT_WAIT_TIMEOUT_MS = 600_000;

/** The pause after one of `first` ms: 2 s, 3 s, 4.5 s, … 30 s. */
export function nextInterval(current: number, first: number): number {
  return Math.min(Math.max(first, MAX_INTERVAL_MS), current * 1.5);
}

/**
 * An error worth asking again about: the API did not answer, or answered that it is overloaded or
 * broken for now (ky has already retried these twice). Any other HTTP error (401, 403, 404) will
 * not change by waiting.
 */
export function isTransient(error: unknown): boolean {
  if (isError(error, 'NetworkError')) return true;
  return (
    isError(error, 'ApiError') &&
    (error.status >= 500 || error.status === 408 || error.status === 429)
  );
}

/** `3 s`, `1.5 s`, `10 min`, `2 min 30 s`. */
export function duration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds - minutes * 60);
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** `0:07`, `12:30`: elapsed time on the progress line. */
function clock(ms: number): string {
  const total = Math.floor(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** A line on a terminal that is rewritten in place; does nothing anywhere else. */
export interface Progress {
  readonly active: boolean;
  show(text: string): void;
  clear(): void;
}

export function terminalProgress(stream: OutStream = currentIo().stderr): Progress {
  if (!stream.isTTY) return { active: false, show: () => {}, clear: () => {} };
  let shown = false;
  return {
    active: true,
    show(text) {
      // One character short of the width: a line that fills it wraps, and \r then returns only
      // to the start of its last row.
      const width = Math.max(10, (stream.columns || 80) - 1);
      const line = text.length > width ? `${text.slice(0, width - 1)}…` : text;
      stream.write(`\r\u001b[2K${line}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\u001b[2K');
      shown = false;
    },
  };
}

export interface WaitOptions {
  hostname: string;
  /**
   * One look at the domain. Its requests are bound by `deadline` (the caller hands the same one
   * to its API client), so none outlives the wait.
   */
  find(): Promise<Domain | undefined>;
  /** Called when the domain is not (or no longer) in the project: the error to throw. */
  notFound(): Error;
  intervalMs: number;
  /** --timeout: the end of the whole wait, requests included. */
  deadline: Deadline;
  progress: Progress;
  /** A line for stderr that must not be lost (a retried failure). */
  warn(line: string): void;
  /** Aborting it ends the wait at once, rejecting with the signal's reason (Ctrl+C). */
  signal?: AbortSignal;
}

export type WaitOutcome =
  | { verified: true; domain: Domain; checks: number }
  | { verified: false; domain: Domain; checks: number; lastFailure?: string };

/**
 * The time a check is given before the deadline: the last one starts this long before it, at
 * the latest, so that it can finish (a check still under way at the deadline is cut off).
 */
const LAST_CHECK_MS = 1_000;

/** Resolves after `ms`, or rejects with the signal's reason as soon as it is aborted. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Asks for the domain until it is verified or the deadline has come, pausing `intervalMs` at
 * first and half as long again after each check (up to `MAX_INTERVAL_MS`). The last check starts
 * a second before the deadline, not a whole interval before it; no request outlives the deadline
 * (a list whose pages never end included), and the wait ends at it. Errors on the first check end
 * the wait (a wrong base URL should not look like a slow verification); after that, transient
 * ones (`isTransient`) are retried until the deadline and said once per run of failures.
 */
export async function waitForVerification(options: WaitOptions): Promise<WaitOutcome> {
  const { progress, hostname, deadline } = options;
  const started = Date.now();
  const timeoutMs = deadline.ms;
  const status = (state: string, nextMs?: number) => {
    if (!progress.active) return;
    const next = nextMs === undefined ? '' : ` · next check in ${Math.ceil(nextMs / 1000)} s`;
    progress.show(
      `Waiting for ${hostname} to be verified: ${state}${next} · ${clock(Date.now() - started)} of ${clock(timeoutMs)}`,
    );
  };

  let interval = options.intervalMs;
  let checks = 0;
  let last: Domain | undefined;
  let failure: string | undefined;
  for (;;) {
    status(checks === 0 ? 'looking it up' : 'checking');
    try {
      const domain = await options.find();
      checks++;
      if (!domain) throw options.notFound();
      last = domain;
      failure = undefined;
      if (domain.verified) return { verified: true, domain, checks };
    } catch (error) {
      // Ctrl+C ends the wait with its own reason, whatever was under way.
      if (options.signal?.aborted) throw options.signal.reason;
      if (last === undefined || !isTransient(error)) throw error;
      const reason = isError(error, 'ApiError') ? error.summary() : (error as Error).message;
      if (failure === undefined) {
        progress.clear();
        options.warn(
          `domainctl: checking ${hostname} failed (${reason}); trying again until the timeout`,
        );
      }
      failure = reason;
    }

    const left = deadline.remaining();
    if (left <= LAST_CHECK_MS) {
      // No time for another check: the wait ends at the deadline, as --timeout said.
      await pause(left, options.signal);
      return { verified: false, domain: last, checks, lastFailure: failure };
    }
    const wait = Math.min(interval, left - LAST_CHECK_MS);
    interval = nextInterval(interval, options.intervalMs);
    const state =
      failure === undefined
        ? `pending, checked ${checks} ${checks === 1 ? 'time' : 'times'}`
        : 'the API did not answer';
    // On a terminal the countdown ticks every second; elsewhere there is nothing to redraw.
    const wake = Date.now() + wait;
    if (!progress.active) await pause(wait, options.signal);
    for (let rest = wait; progress.active && rest > 0; rest = wake - Date.now()) {
      status(state, rest);
      await pause(Math.min(1000, rest), options.signal);
    }
  }
}
