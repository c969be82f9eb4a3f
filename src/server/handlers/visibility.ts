import { CUSTOM_DOMAINS_FLAG } from '../../contract/errors.js';
import type { Caller } from '../auth.js';
import { HttpError } from '../http-error.js';
import type { ProjectRow, Store } from '../store.js';

/** A project the caller may see; any other is "not found", so its existence is never revealed. */
export async function visibleProject(
  store: Store,
  caller: Caller,
  projectId: string,
): Promise<ProjectRow> {
  const project = caller.userId
    ? await store.projectVisibleTo(caller.userId, projectId)
    : undefined;
  if (!project) throw new HttpError('not_found', `project ${projectId} not found`);
  return project;
}

export function requireOrganization(caller: Caller, organizationId: string): void {
  if (!caller.organizationIds.has(organizationId)) {
    throw new HttpError('not_found', `organization ${organizationId} not found`);
  }
}

export function requireDomainsFeature(caller: Caller): void {
  if (!caller.features.has(CUSTOM_DOMAINS_FLAG)) {
    throw new HttpError(
      'feature_not_enabled',
      `custom domains are a preview feature: the ${CUSTOM_DOMAINS_FLAG} feature flag is not enabled for this account`,
    );
  }
}
