import { useCallback, useState } from 'react';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import { useScreenClient } from './useScreenClient.js';

/**
 * The domain as the API has it now: the screen opens with the copy the list had, and `refresh`
 * (the domain screen's d) asks again, so its status and stages match what `domains status`
 * prints. The API has no route for one domain, so this is the same lookup by host name in the
 * project's list (findDomain) that `domains status` and `domains wait` use. `error` says why
 * the last refresh could not be had; the copy on screen then stays as it was.
 */
export function useFreshDomain(
  given: Domain,
  projectId: string,
): { domain: Domain; refresh: (signal: AbortSignal) => void; error?: string } {
  const client = useScreenClient();
  const [domain, setDomain] = useState(given);
  const [error, setError] = useState<string>();
  const refresh = useCallback(
    (signal: AbortSignal) => {
      setError(undefined);
      client.findDomain(projectId, given.domain).then(
        (found) => {
          if (signal.aborted) return;
          if (found) setDomain(found);
          else setError(`the API no longer lists ${given.domain} in ${projectId}`);
        },
        (failure: unknown) => {
          if (!signal.aborted) setError((failure as Error).message);
        },
      );
    },
    [client, projectId, given.domain],
  );
  return { domain, refresh, error };
}
