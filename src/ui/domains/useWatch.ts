import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface WatchState {
  /** When the last refresh answered, if one has. */
  lastAt?: Date;
  /** Why the last refresh failed; cleared by the next that answers. */
  error?: unknown;
}

/**
 * Refreshes on a timer: every `intervalMs` it asks `next()` what to fetch (undefined: nothing to
 * watch now, no request) and runs `refresh` on it. One request at a time: the next interval
 * starts only once the request before has answered, so a slow API is never asked twice at once.
 * Stops while `active` is false (paused, the screen covered) and when the screen is left.
 */
export function useWatch<T>(options: {
  intervalMs: number;
  active: boolean;
  next: () => T | undefined;
  refresh: (target: T) => Promise<void>;
}): WatchState {
  const { intervalMs, active } = options;
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const [state, setState] = useState<WatchState>({});
  useEffect(() => {
    if (!active || !(intervalMs > 0)) return;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const tick = async () => {
      const target = latest.current.next();
      if (target !== undefined) {
        try {
          await latest.current.refresh(target);
          if (!stopped) setState({ lastAt: new Date() });
        } catch (error) {
          if (!stopped) setState((s) => ({ ...s, error }));
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
    };
    timer = setTimeout(() => void tick(), intervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, intervalMs]);
  return state;
}
