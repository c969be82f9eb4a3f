import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../../client/api-client.js';
import { useSession } from '../app/context.js';

/**
 * A signal that aborts when the screen is left (Esc, or a screen replacing it): what it still
 * had in flight (a page loading, every page of `M`) ends at once rather than loading on for a
 * screen that is gone. Quitting the UI aborts everything anyway (services.abortAll).
 */
export function useScreenSignal(): AbortSignal {
  const [controller] = useState(() => new AbortController());
  useEffect(() => () => controller.abort(new Error('the screen was left')), [controller]);
  return controller.signal;
}

/** The session's API client, bound to this screen: leaving it ends its requests. */
export function useScreenClient(): ApiClient {
  const session = useSession();
  const signal = useScreenSignal();
  return useMemo(() => session.connect(signal), [session, signal]);
}
