import { CUSTOM_DOMAINS_FLAG } from '../../contract/errors.js';
import type { Caller } from '../auth.js';
import { HttpError } from '../http-error.js';
import type { ProjectRow } from '../store.js';
import type { HandlerInput } from './types.js';

/**
 * A project the caller may see; any other is "not found", so its existence is never revealed.
 * Projects seen are kept under the store's change mark (deps.visible), so a membership or a
 * project changed anywhere is seen by the next request.
 */
export async function visibleProject(
  { deps, store, caller, mark }: Pick<HandlerInput<never>, 'deps' | 'store' | 'caller' | 'mark'>,
  projectId: string,
): Promise<ProjectRow> {
  let project: ProjectRow | undefined;
  if (caller.userId) {
    const current = await mark();
    const key = `${caller.userId} ${projectId}`;
    project = deps.visible.get(key, current);
    if (!project) {
      project = await store.projectVisibleTo(caller.userId, projectId);
      if (project) deps.visible.set(key, current, project);
    }
  }
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
