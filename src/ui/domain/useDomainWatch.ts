import { useStdout } from 'ink';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Deadline } from '../../client/deadline.js';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import { utcMinute } from '../../core/display.js';
import type { DnsCheckResult } from '../../core/dns-check.js';
import { ApiError } from '../../core/errors.js';
import type { ServingProbe, Stage, StageName } from '../../core/stages.js';
import {
  DEFAULT_INTERVAL_MS,
  DEFAULT_WAIT_TIMEOUT_MS,
  type Progress,
  waitForStage,
} from '../../core/wait-for-stage.js';
import { useServices, useSession, useUi } from '../app/context.js';

const BELL = '\u0007';

/** Where the watch of one domain is. */
export type DomainWatchState =
  | { status: 'idle' }
  /** `line`: what it does now, as `domains wait`'s progress line says it. */
  | { status: 'watching'; line?: string; warning?: string }
  | { status: 'paused' }
  /** It reached "serving HTTPS". */
  | { status: 'done'; at: Date }
  /** Its time (domains wait's default timeout) ran out first. */
  | { status: 'stopped'; at: Date }
  | { status: 'failed'; message: string };

export interface DomainWatch {
  state: DomainWatchState;
  /** The domain as the API last answered it (the screen's own until the first answer). */
  domain: Domain;
  /** The last answer of HTTPS to the host, once the watch has asked (after the certificate). */
  probe?: ServingProbe;
  /**
   * The stages reached, in order, each with when the watch saw it first: none for those reached
   * before it began (its first round found them), whose time it does not know.
   */
  reached: ReadonlyMap<StageName, { stage: Stage; at?: Date }>;
  /** Starts the watch, or pauses it while it runs (ending what it has in flight). */
  toggle(): void;
  /**
   * Asks the API for the domain once (the screen's d), so its status and stages are the API's of
   * now; the answer becomes `domain`, as the watch's do. The API has no route for one domain:
   * this is findDomain, the look-up by host name that `domains status` and `domains wait` use.
   */
  refresh(signal: AbortSignal): void;
  /** Why the last `refresh` could not be had; the domain on screen then stays as it was. */
  refreshError?: string;
}

export interface DomainWatchOptions {
  domain: Domain;
  projectId: string;
  /** Each DNS check of the watch (the check `d` runs), as it comes. */
  onCheck(result: DnsCheckResult): void;
  /** The width the progress line has: the longest of its wordings that fits is shown. */
  width: number;
}

/**
 * The watch of the domain screen: `domains wait --until serving` in the UI, through the same
 * core (waitForStage: its rounds, its capped backoff, its stages in order) with the checks `d`
 * runs. One round at a time, so there is never more than one check of the domain in flight. One
 * AbortController a run: pausing, leaving the screen or quitting aborts it, and with it every
 * request and lookup under way. With --bell, the bell rings once when a run ends by itself.
 */
export function useDomainWatch(options: DomainWatchOptions): DomainWatch {
  const services = useServices();
  const session = useSession();
  const { bell } = useUi();
  const { write } = useStdout();
  const [state, setState] = useState<DomainWatchState>({ status: 'idle' });
  const [domain, setDomain] = useState(options.domain);
  const [probe, setProbe] = useState<ServingProbe | undefined>(undefined);
  const [reached, setReached] = useState<ReadonlyMap<StageName, { stage: Stage; at?: Date }>>(
    () => new Map(),
  );
  const running = useRef<AbortController | undefined>(undefined);
  // The screen's callbacks and width change with each render; a run reads the latest.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  useEffect(() => () => running.current?.abort(new Error('the screen was left')), []);

  const start = () => {
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    const deadline = Deadline.after(DEFAULT_WAIT_TIMEOUT_MS, signal);
    const client = session.connect(deadline.signal);
    // What a paused or abandoned run still hears of (an answer racing the abort) is dropped.
    const live =
      <T>(set: (value: T) => void) =>
      (value: T) => {
        if (!signal.aborted) set(value);
      };
    const progress: Progress = {
      active: true,
      // The first wording that fits, as the command's line does; the last one, cut, if none.
      show: (...texts) => {
        const width = Math.max(10, latest.current.width);
        const line = texts.find((t) => t.length <= width) ?? texts[texts.length - 1];
        // A failure said by warn stays beside the line, as the command's stays on stderr.
        live(setState)((s: DomainWatchState) => ({
          status: 'watching',
          line,
          warning: s.status === 'watching' ? s.warning : undefined,
        }));
      },
      clear: () => {},
    };
    setState({ status: 'watching' });
    const ended = (next: DomainWatchState) => {
      if (signal.aborted) return;
      running.current = undefined;
      setState(next);
      if (bell) write(BELL);
    };
    waitForStage({
      hostname: options.domain.domain,
      until: 'serving',
      signal,
      find: async () => {
        const found = await client.findDomain(latest.current.projectId, options.domain.domain);
        if (found) live(setDomain)(found);
        return found;
      },
      checkDns: async (d, ms) => {
        const result = await services.checkDns(d.dns_instructions, deadline.signal, ms);
        live(latest.current.onCheck)(result);
        return result;
      },
      probe: async (d, ms) => {
        const answer = await services.probeHttps(d.domain, deadline.signal, ms);
        live(setProbe)(answer);
        return answer;
      },
      reached: (stage, already) => {
        const at = already ? undefined : new Date();
        // A run after a pause reports again what the one before had reached: the first time stays.
        if (signal.aborted) return;
        setReached((r) => (r.has(stage.name) ? r : new Map([...r, [stage.name, { stage, at }]])));
      },
      notFound: () => new Error(`${options.domain.domain} is no longer in the project`),
      // The stages' times as the screen writes every time.
      time: utcMinute,
      intervalMs: DEFAULT_INTERVAL_MS,
      deadline,
      progress,
      warn: (line) =>
        live(setState)((s: DomainWatchState) => ({
          status: 'watching',
          line: s.status === 'watching' ? s.line : undefined,
          warning: line.replace(/^domainctl: /, ''),
        })),
    })
      .then(
        (outcome) =>
          ended(
            outcome.done
              ? { status: 'done', at: new Date() }
              : { status: 'stopped', at: new Date() },
          ),
        (error: unknown) =>
          ended({
            status: 'failed',
            message: error instanceof ApiError ? error.summary() : (error as Error).message,
          }),
      )
      .finally(() => deadline.dispose());
  };

  const [refreshError, setRefreshError] = useState<string>();
  const refresh = (signal: AbortSignal) => {
    setRefreshError(undefined);
    const { domain: host } = options.domain;
    session
      .connect(signal)
      .findDomain(latest.current.projectId, host)
      .then(
        (found) => {
          if (signal.aborted) return;
          if (found) setDomain(found);
          else setRefreshError(`the API no longer lists ${host} in ${latest.current.projectId}`);
        },
        (failure: unknown) => {
          if (!signal.aborted) setRefreshError((failure as Error).message);
        },
      );
  };

  const toggle = () => {
    if (running.current) {
      running.current.abort(new Error('the watch was paused'));
      running.current = undefined;
      setState({ status: 'paused' });
      return;
    }
    start();
  };

  return { state, domain, probe, reached, toggle, refresh, refreshError };
}
