import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

export type ApiState<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown; data?: T };

/**
 * Runs an API call when its inputs change; `reload()` runs it again. Late answers are dropped.
 * With `answered` (the first call's answer, already here), the first run has nothing to ask.
 */
export function useApi<T>(
  call: () => Promise<T>,
  deps: DependencyList,
  answered?: { data: T },
): ApiState<T> & { reload: () => void } {
  const [state, setState] = useState<ApiState<T>>(() =>
    answered ? { status: 'ready', data: answered.data } : { status: 'loading' },
  );
  const [round, setRound] = useState(0);
  const skipFirst = useRef(answered !== undefined);
  // The caller lists what the call depends on, as with useEffect itself.
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let current = true;
    // Back to loading when the inputs change, keeping the old data on screen meanwhile.
    setState((previous) => ({ status: 'loading', data: previous.data }));
    call().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) =>
        current && setState((previous) => ({ status: 'error', error, data: previous.data })),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
