import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../client/api-client.js';
import { normalizeHostname } from '../../contract/hostname.js';
import { ApiError } from '../../core/errors.js';
import { type AddResult, repeatedHosts, repeatReason } from './add-many.js';
import type { Session } from '../app/session.js';
import { apiKeys } from '../queries/api-queries.js';
import type { QueryClient } from '../queries/query-client.js';

/**
 * A domain was added to the project: every answer about its domains is out of date (the page in
 * view, the background load of them all). They are marked so, not asked for again at once: the
 * domains screen asks when it is back on top (useDomainsReload), once for a whole batch, where
 * asking on every add made a walk of every domain per host added, each cancelling the last.
 */
export function invalidateDomains(queryClient: QueryClient, session: Session, projectId: string) {
  void queryClient.invalidateQueries({
    queryKey: apiKeys.domains(session, projectId),
    refetchType: 'none',
  });
}

/**
 * The add form's batch: every host added in turn, one request at a time, each with its own
 * result as it comes (201 added, 409 already registered, 400 refused with the API's reason).
 * Leaving the screen ends the batch where it is (the screen's client aborts the request).
 */
export function useAddMany(client: ApiClient, projectId: string, onAdded: () => void) {
  const [results, setResults] = useState<AddResult[] | undefined>();
  const [running, setRunning] = useState(false);
  const left = useRef(false);
  useEffect(
    () => () => {
      left.current = true;
    },
    [],
  );

  const start = async (hosts: readonly string[]) => {
    // A host the list has already is not sent again: the API would say 409, as if it had been
    // there before the batch.
    const repeats = repeatedHosts(hosts);
    const all: AddResult[] = hosts.map((host, i) => {
      const first = repeats.get(i);
      return first === undefined
        ? { host, state: 'waiting' }
        : { host, state: 'repeated', reason: repeatReason(first) };
    });
    setResults(all);
    setRunning(true);
    for (const [i, host] of hosts.entries()) {
      if (left.current) return;
      if (repeats.has(i)) continue;
      const set = (result: AddResult) => {
        all[i] = result;
        setResults([...all]);
      };
      set({ host, state: 'adding' });
      // Sent as the server stores it when it can be; else as typed, for the API to say why not.
      const normal = normalizeHostname(host);
      try {
        const domain = await client.addDomain(projectId, normal.ok ? normal.hostname : host);
        set({ host, state: 'added', domain });
        onAdded();
      } catch (error) {
        if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
          set({
            host,
            state: error.status === 409 ? 'exists' : 'refused',
            status: error.status,
            reason: error.message,
          });
        } else {
          set({ host, state: 'failed', reason: (error as Error).message });
        }
      }
    }
    if (!left.current) setRunning(false);
  };

  return { results, running, start, reset: () => setResults(undefined) };
}
