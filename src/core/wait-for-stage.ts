// The wait for a domain to reach a stage, shared by every face that waits: `domains wait`,
// `domains add --wait` and the UI's watch of one domain (hooks/useDomainWatch.ts). Each face
// brings its own requests (the API client, the DNS and HTTPS checks) and its own way to show
// progress; the rounds, the backoff and the order stages are reported in are the same here.
import type { ReadDomain as Domain } from '../contract/read-schemas.js';
import type { DnsCheckResult } from './dns-check.js';
import { ApiError, NetworkError } from './errors.js';
import {
  domainStages,
  type ServingProbe,
  type Stage,
  type StageName,
  STAGES,
  stagesReached,
  type TimeText,
} from './stages.js';

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
 * broken for now (send() has already asked twice more). Any other HTTP error (401, 403, 404) will
 * not change by waiting.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return (
    error instanceof ApiError &&
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
  /**
   * Shows the first of `texts` that fits the terminal's width: they say the same thing, each
   * shorter than the one before. When none fits, the last is cut.
   */
  show(...texts: [string, ...string[]]): void;
  clear(): void;
}

/**
 * The time the wait has: what it needs of the client's Deadline (client/deadline.ts), which core
 * cannot import. Its signal is the caller's to hand to its requests.
 */
export interface WaitDeadline {
  /** Its whole length in ms. */
  readonly ms: number;
  /** Milliseconds left (0 once it has ended). */
  remaining(): number;
}

/** No line to draw: a wait whose face shows progress another way (the UI) or not at all. */
export const NO_PROGRESS: Progress = { active: false, show: () => {}, clear: () => {} };

export interface WaitOptions {
  hostname: string;
  /** The stage to wait for. */
  until: StageName;
  /**
   * One look at the domain. Its requests are bound by `deadline` (the caller hands the same one
   * to its API client), so none outlives the wait.
   */
  find(): Promise<Domain | undefined>;
  /** The DNS check of the domain's records, given how long it may take (absent: not checked). */
  checkDns?(domain: Domain, timeoutMs: number): Promise<DnsCheckResult>;
  /** HTTPS to the domain, given how long it may take (absent: not asked). */
  probe?(domain: Domain, timeoutMs: number): Promise<ServingProbe>;
  /**
   * Called once for each stage as it is reached, in their order; `already` for those the first
   * round found reached (before the wait began, so the time it saw them says nothing).
   */
  reached(stage: Stage, already: boolean): void;
  /** Called when the domain is not (or no longer) in the project: the error to throw. */
  notFound(): Error;
  intervalMs: number;
  /** --timeout: the end of the whole wait, requests included. */
  deadline: WaitDeadline;
  progress: Progress;
  /** A line for stderr that must not be lost (a retried failure). */
  warn(line: string): void;
  /** Aborting it ends the wait at once, rejecting with the signal's reason (Ctrl+C). */
  signal?: AbortSignal;
  /** How the stages' details write an API time (stages.ts); as the API wrote it without. */
  time?: TimeText;
}

export interface WaitOutcome {
  /** True when `until` was reached. */
  done: boolean;
  domain: Domain;
  /** The stages as last seen; those reached are ok (or vouched for by a later one). */
  stages: Stage[];
  /** How many stages were reached, 0 to 4. */
  reached: number;
  checks: number;
  /** Why the last look at the API got no answer, when it did not. */
  lastFailure?: string;
}

/** The stages as the progress line names them (it must fit one row). */
const SHORT: Record<StageName, string> = {
  dns: 'DNS',
  verified: 'verification',
  certificate: 'certificate',
  serving: 'HTTPS',
};

/** What the progress line says the wait is for. */
const GOALS: Record<StageName, string> = {
  dns: 'to have its records in DNS',
  verified: 'to be verified',
  certificate: 'to have its certificate',
  serving: 'to serve HTTPS',
};

/**
 * The time a check is given before the deadline: the last one starts this long before it, at
 * the latest, so that it can finish (a check still under way at the deadline is cut off).
 */
const LAST_CHECK_MS = 1_000;
/** The longest one DNS check or HTTPS probe of a round may take. */
const LIVE_CHECK_MS = 5_000;

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
 * Looks at the domain until it reaches `until` or the deadline has come, pausing `intervalMs`
 * at first and half as long again after each round (up to `MAX_INTERVAL_MS`). A round asks the
 * API for the domain, checks its records in DNS while that stage is not reached (a verified
 * domain had them, as the API saw them), and asks HTTPS once the certificate is issued when
 * `until` is `serving`. Each stage is reported once, as it is reached, in order; a later stage
 * reached first reports the ones before it too. The last round starts a second before the
 * deadline; no request outlives it. Errors on the first look at the API end the wait (a wrong
 * base URL should not look like a slow verification); after that, transient ones (`isTransient`)
 * are retried until the deadline and said once per run of failures.
 */
export async function waitForStage(options: WaitOptions): Promise<WaitOutcome> {
  const { progress, hostname, deadline } = options;
  const target = STAGES.indexOf(options.until) + 1;
  const started = Date.now();
  const timeoutMs = deadline.ms;
  const status = (state: string, nextMs?: number) => {
    if (!progress.active) return;
    const next = nextMs === undefined ? '' : ` · next check in ${Math.ceil(nextMs / 1000)} s`;
    const time = `${clock(Date.now() - started)} of ${clock(timeoutMs)}`;
    // On a narrow terminal the words go first, the state and the time last.
    progress.show(
      `Waiting for ${hostname} ${GOALS[options.until]}: ${state}${next} · ${time}`,
      `${hostname}: ${state}${next} · ${time}`,
      `${hostname}: ${state} · ${time}`,
      `${state} · ${time}`,
    );
  };

  let interval = options.intervalMs;
  let checks = 0;
  let last: Domain | undefined;
  let failure: string | undefined;
  let reached = 0;
  let dns: DnsCheckResult | string | undefined;
  let serving: ServingProbe | undefined;
  let stages: Stage[] = [];
  const budget = () => Math.max(1, Math.min(LIVE_CHECK_MS, deadline.remaining() - 100));
  for (;;) {
    status(checks === 0 ? 'looking it up' : 'checking');
    try {
      const domain = await options.find();
      checks++;
      if (!domain) throw options.notFound();
      last = domain;
      failure = undefined;
    } catch (error) {
      // Ctrl+C ends the wait with its own reason, whatever was under way.
      if (options.signal?.aborted) throw options.signal.reason;
      if (last === undefined || !isTransient(error)) throw error;
      const reason = error instanceof ApiError ? error.summary() : (error as Error).message;
      if (failure === undefined) {
        progress.clear();
        options.warn(
          `domainctl: checking ${hostname} failed (${reason}); trying again until the timeout`,
        );
      }
      failure = reason;
    }
    if (failure === undefined && last) {
      if (options.checkDns && reached < 1 && !last.verified) {
        status('checking its DNS records');
        dns = await options.checkDns(last, budget());
      }
      if (options.probe && target === STAGES.length && last.tls_cert_expiry) {
        status('asking HTTPS');
        serving = await options.probe(last, budget());
      }
      if (options.signal?.aborted) throw options.signal.reason;
      stages = domainStages(last, dns, serving, new Date(), options.time);
      // Stages past the one waited for are not reported: the wait is over at it.
      const now = Math.max(reached, Math.min(target, stagesReached(stages)));
      for (let i = reached; i < now; i++) {
        const stage = stages[i] as Stage;
        options.reached(
          stage.state === 'ok' ? stage : { ...stage, state: 'ok', detail: vouched(stage.name) },
          checks === 1,
        );
      }
      reached = now;
      if (reached >= target) {
        return { done: true, domain: last, stages, reached, checks };
      }
    }

    const left = deadline.remaining();
    if (left <= LAST_CHECK_MS) {
      // No time for another round: the wait ends at the deadline, as --timeout said.
      await pause(left, options.signal);
      return {
        done: false,
        domain: last as Domain,
        stages,
        reached,
        checks,
        lastFailure: failure,
      };
    }
    const wait = Math.min(interval, left - LAST_CHECK_MS);
    interval = nextInterval(interval, options.intervalMs);
    const next = stages[reached];
    const checked = `checked ${checks} ${checks === 1 ? 'time' : 'times'}`;
    const state =
      failure !== undefined
        ? 'the API did not answer'
        : next
          ? `${SHORT[next.name]} ${next.state}, ${checked}`
          : checked;
    // On a terminal the countdown ticks every second; elsewhere there is nothing to redraw.
    const wake = Date.now() + wait;
    if (!progress.active) await pause(wait, options.signal);
    for (let rest = wait; progress.active && rest > 0; rest = wake - Date.now()) {
      status(state, rest);
      await pause(Math.min(1000, rest), options.signal);
    }
  }
}

/** What a stage that a later one vouches for is reported with. */
function vouched(name: StageName): string {
  if (name === 'dns') return 'the API saw them when it verified the domain';
  return 'passed on the way to a later stage';
}
