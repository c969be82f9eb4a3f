import { useLayoutEffect } from 'react';
import { useScreen, useUi } from './context.js';
import type { ActionId } from './keymap.js';

/**
 * Says which of the screen's keys work right now (`false`: it would do nothing): the footer and
 * the `?` help follow, so neither offers `n → next page` on the last page or `a add` where no
 * domain can be added. Keys not named are available.
 */
export function useAvailableKeys(available: Partial<Record<ActionId, boolean>>): void {
  const { entry } = useScreen();
  const { setUnavailableKeys } = useUi();
  const off = (Object.keys(available) as ActionId[])
    .filter((id) => available[id] === false)
    .sort()
    .join(' ');
  useLayoutEffect(() => {
    setUnavailableKeys(entry, off === '' ? [] : (off.split(' ') as ActionId[]));
  }, [entry, off, setUnavailableKeys]);
  useLayoutEffect(() => () => setUnavailableKeys(entry, undefined), [entry, setUnavailableKeys]);
}
