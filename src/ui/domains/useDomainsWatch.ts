import { useStdout } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../client/api-client.js';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import { type PageRef, pageRefKey } from './domain-catalog.js';
import { type WatchState, useWatch } from './useWatch.js';

/** How long a domain that turned verified stands out. */
export const HIGHLIGHT_MS = 5000;
const BELL = '\u0007';

export interface DomainsWatchOptions {
  projectId: string;
  client: ApiClient;
  /** Seconds between refreshes, from --watch-interval; 0 turns the watch off. */
  intervalMs: number;
  /** --bell: ring once when a domain turns verified. */
  bell: boolean;
  /** False while another screen covers this one. */
  visible: boolean;
  /** The pending domains on screen now, as the screen would show them. */
  pendingOnScreen: () => readonly Domain[];
  originOf(id: string): PageRef | undefined;
  merge(domains: readonly Domain[], origin: PageRef): void;
  /** From the catalog: domains seen turning verified, with when. */
  turned: ReadonlyMap<string, number>;
}

export interface DomainsWatch extends WatchState {
  paused: boolean;
  /** The watch runs at all (an interval above 0). */
  enabled: boolean;
  toggle(): void;
  /** Domains that turned verified in the last HIGHLIGHT_MS. */
  justVerified: ReadonlySet<string>;
}

/**
 * The watch of the domains screen: the pending domains on screen are asked for again every
 * interval, one page request at a time (the page the domain was last seen on; the one refreshed
 * longest ago when they come from several). A domain that turns verified is highlighted for a
 * moment, and with --bell the terminal's bell rings once.
 */
export function useDomainsWatch(options: DomainsWatchOptions): DomainsWatch {
  const { intervalMs, bell, visible, turned } = options;
  const [paused, setPaused] = useState(false);
  const refreshedAt = useRef(new Map<string, number>());
  const state = useWatch<PageRef>({
    intervalMs,
    active: visible && !paused,
    next: () => {
      let best: { ref: PageRef; at: number } | undefined;
      for (const domain of options.pendingOnScreen()) {
        const ref = options.originOf(domain.id);
        if (!ref) continue;
        const at = refreshedAt.current.get(pageRefKey(ref)) ?? 0;
        if (!best || at < best.at) best = { ref, at };
      }
      return best?.ref;
    },
    refresh: async (ref) => {
      refreshedAt.current.set(pageRefKey(ref), Date.now());
      const page = await options.client.listDomains(options.projectId, {
        pageSize: ref.pageSize,
        pageToken: ref.token,
      });
      options.merge(page.domains, ref);
    },
  });

  // The highlight fades: a render when the newest one is due to end. (A domain turned after
  // the last render of the clock has a time after it, so it shows highlighted until then.)
  const [now, setNow] = useState(() => Date.now());
  const justVerified = new Set(
    [...turned].filter(([, at]) => now - at < HIGHLIGHT_MS).map(([id]) => id),
  );
  const newest = Math.max(0, ...turned.values());
  const shown = newest > 0 && now - newest < HIGHLIGHT_MS;
  useEffect(() => {
    if (!shown) return;
    // Set again after each tick while the highlight still shows: a timer may fire a millisecond
    // before Date.now() says the time is up (the two clocks round apart), and a highlight
    // whose one timer came early stayed for good.
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.max(1, newest + HIGHLIGHT_MS - Date.now() + 1),
    );
    return () => clearTimeout(timer);
  }, [shown, newest, now]);

  // Once per change that verified domains, never for those seen verified at the start.
  const { write } = useStdout();
  const rung = useRef(0);
  useEffect(() => {
    if (newest <= rung.current) return;
    rung.current = newest;
    if (bell) write(BELL);
  }, [newest, bell, write]);

  return {
    ...state,
    paused,
    enabled: intervalMs > 0,
    toggle: () => setPaused((p) => !p),
    justVerified,
  };
}
