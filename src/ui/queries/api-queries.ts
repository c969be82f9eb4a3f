import type { ApiClient } from '../../client/api-client.js';
import type { Session } from '../app/session.js';

/**
 * The API's answers as the query cache keys them: one factory a kind, used by the screens and by
 * the prefetch alike, so the first screen finds the very entry runUi started (no key is written
 * twice). Every key starts with the session's API and profile: switching profile never shows
 * another API's answers.
 */
export const apiKeys = {
  all: (session: Session) => ['api', session.baseUrl, session.profileName ?? ''] as const,
  projectsPage: (session: Session, token: string | undefined, pageSize: number | undefined) =>
    [...apiKeys.all(session), 'projects', 'page', pageSize ?? 0, token ?? ''] as const,
  project: (session: Session, projectId: string) =>
    [...apiKeys.all(session), 'project', projectId] as const,
  /** Every answer about the domains of a project: an add invalidates them all. */
  domains: (session: Session, projectId: string) =>
    [...apiKeys.all(session), 'domains', projectId] as const,
  domainsPage: (session: Session, projectId: string, pageSize: number, token: string | undefined) =>
    [...apiKeys.domains(session, projectId), 'page', pageSize, token ?? ''] as const,
  domainsCatalog: (session: Session, projectId: string) =>
    [...apiKeys.domains(session, projectId), 'catalog'] as const,
};

/** The client a query's request goes out on: it ends when the query is cancelled (a screen left). */
const on = (session: Session, signal: AbortSignal): ApiClient => session.connect(signal);

/** A page of projects. */
export const projectsPageQuery = (
  session: Session,
  token: string | undefined,
  pageSize: number | undefined,
) => ({
  queryKey: apiKeys.projectsPage(session, token, pageSize),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    on(session, signal).listProjects({ pageToken: token, pageSize }),
});

/** A project's name, plan and region. */
export const projectQuery = (session: Session, projectId: string) => ({
  queryKey: apiKeys.project(session, projectId),
  queryFn: ({ signal }: { signal: AbortSignal }) => on(session, signal).getProject(projectId),
});

/** A page of a project's domains, as the API hands it out (newest first). */
export const domainsPageQuery = (
  session: Session,
  projectId: string,
  pageSize: number,
  token: string | undefined,
) => ({
  queryKey: apiKeys.domainsPage(session, projectId, pageSize, token),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    on(session, signal).listDomains(projectId, { pageSize, pageToken: token }),
});
