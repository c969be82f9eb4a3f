import { DuplicateDomainError } from '../../core/errors.js';
import { normalizeHostname } from '../../contract/hostname.js';
import { canHaveCustomDomains, planName } from '../../core/plans.js';
import { projectTarget, toDomain } from '../domain-view.js';
import { HttpError } from '../http-error.js';
import { JsonText } from '../page-cache.js';
import { newRow, randomToken } from '../ids.js';
import type { DomainRow } from '../store.js';
import { cutPage, pageRequest } from './paging.js';
import type { Handler } from './types.js';
import { requireDomainsFeature, visibleProject } from './visibility.js';

// Checks run in the contract's order: credentials (before this), project visible, feature flag,
// plan, input, uniqueness.
export const addDomain: Handler<'addDomain'> = async (input) => {
  const { deps, caller, store } = input;
  const project = await visibleProject(input, input.params.project_id);
  requireDomainsFeature(caller);
  if (!canHaveCustomDomains(project.plan)) {
    throw new HttpError(
      'plan_upgrade_required',
      `custom domains need the Scale or Enterprise plan; project ${project.id} is on the ${planName(project.plan)} plan`,
    );
  }
  input.query();
  const { domain } = await input.body();
  const host = normalizeHostname(domain, deps.settings.edgeDomain);
  if (!host.ok) throw new HttpError('invalid_request', host.reason);

  const { id, created_at: now } = newRow('dom_');
  const row: DomainRow = {
    id,
    project_id: project.id,
    domain: host.hostname,
    verified: 0,
    verified_at: null,
    tls_cert_expiry: null,
    dns_verification_token: randomToken(24),
    created_at: now,
    updated_at: now,
  };
  try {
    await store.insertDomain(row);
  } catch (error) {
    if (error instanceof DuplicateDomainError) {
      // "in any project": the message does not say which, as that project may be someone else's.
      throw new HttpError('domain_already_exists', `${host.hostname} is already registered`);
    }
    throw error;
  }
  return toDomain(row, deps.settings);
};

export const listDomains: Handler<'listDomains'> = async (input) => {
  const { deps, caller, store, mark } = input;
  const project = await visibleProject(input, input.params.project_id);
  requireDomainsFeature(caller);
  const q = input.query();
  const list = { kind: 'd', scope: project.id } as const;
  const { limit, cursor } = pageRequest(list, q);
  const serialize = (fetched: DomainRow[]) => {
    const rows = cutPage(list, fetched, limit);
    const cnameTarget = projectTarget(project.id, deps.settings);
    return new JsonText(
      JSON.stringify({
        domains: rows.items.map((row) => toDomain(row, deps.settings, cnameTarget)),
        next_page_token: rows.next_page_token,
      }),
    );
  };
  // Asked after every check above: the caches hold pages, never who may read them.
  const key = `${project.id} ${limit} ${q.page_token ?? ''}`;
  if (deps.pages) {
    // SQLite: every write moves the change mark, so a page kept under it is the answer as it is.
    const current = await mark();
    const cached = deps.pages.get(key, current);
    if (cached) return cached;
    const read = await store.domainPage(project.id, limit + 1, cursor, undefined);
    const body = serialize(read.rows as DomainRow[]);
    deps.pages.set(key, current, body);
    return body;
  }
  // PostgreSQL: the page's one statement reads the list's version, and its rows only if the
  // version moved since the page kept here was read.
  const kept = deps.versionedPages.get(key);
  const read = await store.domainPage(project.id, limit + 1, cursor, kept?.version);
  if (read.rows === undefined && kept) return kept.body;
  const body = serialize(read.rows as DomainRow[]);
  if (read.version !== undefined) deps.versionedPages.set(key, read.version, body);
  return body;
};
