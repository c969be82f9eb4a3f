import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '../app/session.js';
import { useSession } from '../app/context.js';
import { apiKeys } from './api-queries.js';

/** Whether a domain's records were right when it was last checked in this session, and when. */
export interface DnsCheckMark {
  ok: boolean;
  at: Date;
}

const NONE: ReadonlyMap<string, DnsCheckMark> = new Map();

/**
 * The last DNS check of each domain checked in this session, by domain id: the domains screen's
 * `d` and the domain screen's checks write it, the domains summary counts the failing ones. It is
 * the session's own state, not an answer of the API, so it lives beside the API's keys (an add's
 * invalidation of a project's domains leaves it) and is never fetched: only written.
 */
const dnsCheckMarksKey = (session: Session) => [...apiKeys.all(session), 'dns-checks'] as const;

/** The marks, re-rendering the caller when a check writes one. */
export function useDnsCheckMarks(): ReadonlyMap<string, DnsCheckMark> {
  const session = useSession();
  const { data } = useQuery({
    queryKey: dnsCheckMarksKey(session),
    queryFn: skipToken,
    initialData: NONE,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data ?? NONE;
}

/** Writes a domain's mark: `ok` is whether its records were right. */
export function useMarkDnsCheck(): (domainId: string, ok: boolean) => void {
  const session = useSession();
  const queryClient = useQueryClient();
  return (domainId, ok) => {
    queryClient.setQueryData<ReadonlyMap<string, DnsCheckMark>>(
      dnsCheckMarksKey(session),
      (marks = NONE) => new Map(marks).set(domainId, { ok, at: new Date() }),
    );
  };
}
