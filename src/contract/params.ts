/** What every path parameter and page_token must match. */
export const PARAM_PATTERN = /^[a-zA-Z0-9_.-]+$/;

/** The prefix each identifier carries; a value without it is still sent, with a warning. */
export const idPrefixes = {
  project_id: 'prj_',
  organization_id: 'org_',
  database_id: 'db_',
  domain_id: 'dom_',
} as const;

export type ParamName = keyof typeof idPrefixes;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
