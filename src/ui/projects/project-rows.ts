import type { ReadProject as Project } from '../../contract/read-schemas.js';
import { canHaveCustomDomains } from '../../core/plans.js';
import type { Column } from '../components/Table.js';
import type { ProjectRef } from '../app/navigation.js';
import type { RecentLookup } from './useRecentProjects.js';

/** A row of the projects table: a project (recent ones first), or the last row, to type an ID. */
export type ProjectRow =
  | {
      kind: 'project';
      project: ProjectRef & Partial<Project>;
      recent: boolean;
      /** A recent project not on the pages loaded: how asking for its details went. */
      lookup?: RecentLookup['status'];
    }
  | { kind: 'enterId' };

function matchesFilter(project: ProjectRef & Partial<Project>, filter: string): boolean {
  if (!filter) return true;
  const needle = filter.toLowerCase();
  return [project.name, project.id, project.plan, project.organization_id].some((value) =>
    value?.toLowerCase().includes(needle),
  );
}

/**
 * The rows: the recent projects first (those the pages loaded do not hold, with the details
 * `lookups` has of them), then the others as the API listed them, each kept only if it matches
 * the filter, then the "type an ID" row.
 */
export function projectRows(
  projects: Project[],
  recent: string[],
  filter: string,
  lookups: ReadonlyMap<string, RecentLookup> = new Map(),
): ProjectRow[] {
  const byId = new Map(projects.map((p) => [p.id, p]));
  const recentRow = (id: string): ProjectRow => {
    const listed = byId.get(id);
    if (listed) return { kind: 'project', project: listed, recent: true };
    const lookup = lookups.get(id) ?? { status: 'loading' };
    const project = lookup.status === 'found' ? lookup.project : { id };
    return { kind: 'project', project, recent: true, lookup: lookup.status };
  };
  const recentRows: ProjectRow[] = recent
    .map(recentRow)
    .filter((row) => row.kind === 'project' && matchesFilter(row.project, filter));
  const otherRows: ProjectRow[] = projects
    .filter((p) => !recent.includes(p.id) && matchesFilter(p, filter))
    .map((project) => ({ kind: 'project' as const, project, recent: false }));
  return [...recentRows, ...otherRows, { kind: 'enterId' }];
}

/** What the name column says of a recent project whose details are not (yet) in hand. */
const NO_NAME: Record<RecentLookup['status'], string> = {
  loading: 'loading…',
  found: '',
  notFound: '(not found)',
  failed: '(could not load)',
};

/** A row's identity for the selection: the project's id; the last row has one of its own. */
export const projectRowId = (row: ProjectRow): string =>
  row.kind === 'project' ? row.project.id : '+';

export function projectColumns(): Column<ProjectRow>[] {
  return [
    {
      id: 'name',
      header: 'NAME',
      flexible: true,
      priority: 0,
      cell: (row) =>
        row.kind === 'enterId'
          ? { text: '+ Type an ID…', tone: 'accent' }
          : {
              text: `${row.project.name ?? NO_NAME[row.lookup ?? 'failed']}${row.recent ? ' · recent' : ''}`,
            },
    },
    {
      id: 'id',
      header: 'ID',
      max: 24,
      priority: 0,
      cell: (row) => ({ text: row.kind === 'project' ? row.project.id : '' }),
    },
    {
      id: 'plan',
      header: 'PLAN',
      max: 10,
      priority: 2,
      cell: (row) => ({ text: row.kind === 'project' ? (row.project.plan ?? '') : '' }),
    },
    {
      id: 'domains',
      header: 'DOMAINS',
      max: 11,
      priority: 3,
      cell: (row) => {
        const can = row.kind === 'project' ? canHaveCustomDomains(row.project.plan) : undefined;
        if (can === undefined) return { text: '' };
        return can ? { text: 'yes', tone: 'ok' } : { text: 'no: upgrade', tone: 'muted' };
      },
    },
    {
      id: 'org',
      header: 'ORGANISATION',
      max: 20,
      priority: 4,
      cell: (row) => ({ text: row.kind === 'project' ? (row.project.organization_id ?? '') : '' }),
    },
  ];
}
