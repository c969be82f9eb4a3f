import { Box, Text, useFocusManager } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { idPrefixes, PARAM_PATTERN } from '../../contract/params.js';
import { PageGuard } from '../../client/paging.js';
import type { ReadProject as Project } from '../../contract/read-schemas.js';
import { canHaveCustomDomains, DOMAIN_PLAN_NAMES } from '../../core/plans.js';
import { visible } from '../../core/sanitize.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { type Column, Table } from '../components/Table.js';
import { TextField } from '../components/TextField.js';
import { useNavigation, useScreen, useSession, useSessionControl, useUi } from '../context.js';
import { explainError } from '../error-help.js';
import { useKeys } from '../hooks/useKeys.js';
import type { ProjectRef } from '../navigation.js';
import { useTone } from '../theme.js';

type Row =
  | { kind: 'project'; project: ProjectRef & Partial<Project>; recent: boolean }
  | { kind: 'enterId' };

interface ListState {
  status: 'loading' | 'ready' | 'error';
  projects: Project[];
  next: string;
  error?: unknown;
  /** Loading a further page: the rows stay. */
  more?: 'one' | 'all';
  moreError?: unknown;
}

type Mode = 'list' | 'filter' | 'id';

/** The width of the longest value, kept between min and max. */
const widest = (values: string[], min: number, max: number) =>
  Math.max(min, Math.min(max, Math.max(0, ...values.map((v) => v.length))));

function projectColumns(rows: Row[]): Column<Row>[] {
  const projects = rows.flatMap((row) => (row.kind === 'project' ? [row.project] : []));
  return [
    {
      id: 'name',
      header: 'NAME',
      priority: 0,
      cell: (row) =>
        row.kind === 'enterId'
          ? { text: '+ Type an ID…', tone: 'accent' }
          : { text: `${row.project.name ?? '(not loaded)'}${row.recent ? ' · recent' : ''}` },
    },
    {
      id: 'id',
      header: 'ID',
      width: widest(
        projects.map((p) => p.id),
        10,
        24,
      ),
      priority: 0,
      cell: (row) => ({ text: row.kind === 'project' ? row.project.id : '' }),
    },
    {
      id: 'plan',
      header: 'PLAN',
      width: 10,
      priority: 2,
      cell: (row) => ({ text: row.kind === 'project' ? (row.project.plan ?? '') : '' }),
    },
    {
      id: 'domains',
      header: 'DOMAINS',
      width: 11,
      priority: 3,
      cell: (row) => {
        if (row.kind !== 'project') return { text: '' };
        const can = canHaveCustomDomains(row.project.plan);
        if (can === undefined) return { text: '' };
        return can ? { text: 'yes', tone: 'ok' } : { text: 'no: upgrade', tone: 'muted' };
      },
    },
    {
      id: 'org',
      header: 'ORGANISATION',
      width: widest(
        projects.map((p) => p.organization_id ?? ''),
        12,
        20,
      ),
      priority: 4,
      cell: (row) => ({ text: row.kind === 'project' ? (row.project.organization_id ?? '') : '' }),
    },
  ];
}

function matchesFilter(project: ProjectRef & Partial<Project>, filter: string): boolean {
  if (!filter) return true;
  const needle = filter.toLowerCase();
  return [project.name, project.id, project.plan, project.organization_id].some((value) =>
    value?.toLowerCase().includes(needle),
  );
}

function idProblem(id: string): string | undefined {
  if (id === '') return 'type the ID, e.g. prj_8kq2xv0c5m1t';
  if (!PARAM_PATTERN.test(id)) return `an ID may hold only letters, digits, ".", "_" and "-"`;
  return undefined;
}

/** The projects the caller can see, recent ones first; `/` filters; an ID can be typed by hand. */
export function ProjectsScreen() {
  const session = useSession();
  const { learnProjects } = useSessionControl();
  const navigate = useNavigation();
  const { isTop } = useScreen();
  const { columns: width, bodyHeight } = useUi();
  const { focus } = useFocusManager();
  const tone = useTone();
  const [list, setList] = useState<ListState>({ status: 'loading', projects: [], next: '' });
  const [round, setRound] = useState(0);
  const [filter, setFilter] = useState('');
  const [mode, setMode] = useState<Mode>('list');
  const [typedId, setTypedId] = useState('');
  const [selected, setSelected] = useState(0);
  const [recent, setRecent] = useState(() => session.recentProjects());
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  // A new round asks for a reload; learnProjects only records what was seen.
  useEffect(() => {
    let current = true;
    setList((l) => ({ ...l, status: 'loading', more: undefined, moreError: undefined }));
    session.client.listProjects().then(
      (page) => {
        if (!current) return;
        learnProjects(page.projects);
        setList({ status: 'ready', projects: page.projects, next: page.next_page_token ?? '' });
      },
      (error: unknown) => current && setList((l) => ({ ...l, status: 'error', error })),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, round]);

  const loadMore = useCallback(
    async (all: boolean) => {
      if (list.status !== 'ready' || list.next === '' || list.more) return;
      setList((l) => ({ ...l, more: all ? 'all' : 'one', moreError: undefined }));
      let token: string | undefined = list.next;
      const added: Project[] = [];
      // `M` follows every page: a server that repeats a token must not keep it loading for ever.
      const guard = new PageGuard('the projects', token);
      try {
        do {
          const page = await session.client.listProjects({
            pageToken: token,
            pageSize: all ? 100 : undefined,
          });
          added.push(...page.projects);
          token = guard.next(page.next_page_token, page.projects.length);
        } while (all && token);
        if (!alive.current) return;
        learnProjects(added);
        setList((l) => ({
          ...l,
          projects: [...l.projects, ...added],
          next: token ?? '',
          more: undefined,
        }));
      } catch (error) {
        if (alive.current) setList((l) => ({ ...l, more: undefined, moreError: error }));
      }
    },
    [list, session, learnProjects],
  );

  const byId = new Map(list.projects.map((p) => [p.id, p]));
  const recentRows: Row[] = recent
    .map((id) => ({ kind: 'project' as const, project: byId.get(id) ?? { id }, recent: true }))
    .filter((row) => matchesFilter(row.project, filter));
  const otherRows: Row[] = list.projects
    .filter((p) => !recent.includes(p.id) && matchesFilter(p, filter))
    .map((project) => ({ kind: 'project' as const, project, recent: false }));
  const rows: Row[] = [...recentRows, ...otherRows, { kind: 'enterId' }];
  const current = Math.min(selected, rows.length - 1);

  const open = (project: ProjectRef) => {
    session.rememberProject(project);
    setRecent(session.recentProjects());
    setMode('list');
    navigate({ type: 'push', route: { name: 'domains', project } });
  };
  const openRow = (row: Row | undefined) => {
    if (!row) return;
    if (row.kind === 'enterId') {
      setMode('id');
      return;
    }
    const { id, name, plan } = row.project;
    open({ id, name, plan });
  };
  const move = (step: number) =>
    setSelected((s) => Math.max(0, Math.min(rows.length - 1, Math.min(s, rows.length - 1) + step)));

  useEffect(() => {
    if (!isTop) return;
    if (mode === 'filter') focus('projects.filter');
    if (mode === 'id') focus('projects.id');
  }, [isTop, mode, focus]);

  useKeys((is, _input, key) => {
    if (mode === 'filter') {
      if (is('projects.typedCancel')) {
        setFilter('');
        setMode('list');
      } else if (is('projects.typedEnter')) openRow(rows[current]);
      else if (is('filter.move')) move(key.upArrow ? -1 : 1);
      return;
    }
    if (mode === 'id') {
      if (is('projects.typedCancel')) setMode('list');
      else if (is('projects.typedEnter') && !idProblem(typedId.trim()))
        open({ id: typedId.trim() });
      return;
    }
    if (is('projects.up')) move(-1);
    else if (is('projects.down')) move(1);
    else if (is('projects.open')) openRow(rows[current]);
    else if (is('projects.filter')) {
      setMode('filter');
      setSelected(0);
    } else if (is('projects.enterId')) setMode('id');
    else if (is('projects.more')) void loadMore(false);
    else if (is('projects.all')) void loadMore(true);
    else if (is('projects.refresh')) setRound((r) => r + 1);
    else if (is('nav.back')) navigate({ type: 'pop' });
  });

  const listHeight = Math.max(1, bodyHeight - 6);
  const problem = idProblem(typedId.trim());
  const prefixWarning =
    !problem && !typedId.trim().startsWith(idPrefixes.project_id)
      ? `project IDs usually start with ${idPrefixes.project_id}`
      : undefined;

  return (
    <Box flexDirection="column">
      <Text bold>Projects</Text>
      <Text dimColor>Custom domains need a project on the {DOMAIN_PLAN_NAMES} plan.</Text>
      {mode === 'id' ? (
        <Box flexDirection="column">
          <TextField
            id="projects.id"
            label="Project ID"
            value={typedId}
            onChange={setTypedId}
            placeholder="prj_…"
            isActive={mode === 'id'}
          />
          <Text color={tone(problem ? 'error' : prefixWarning ? 'warn' : 'ok')}>
            {problem
              ? `  ✗ ${problem}`
              : prefixWarning
                ? `  ! ${prefixWarning}; Enter opens it anyway`
                : '  ✓ Enter opens its domains'}
          </Text>
        </Box>
      ) : mode === 'filter' || filter ? (
        <TextField
          id="projects.filter"
          label="Filter"
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setSelected(0);
          }}
          isActive={mode === 'filter'}
        />
      ) : (
        <Text dimColor>/ filters · i types a project ID</Text>
      )}
      {list.status === 'loading' && list.projects.length === 0 ? (
        <Loading label="Loading projects…" />
      ) : list.status === 'error' ? (
        <ErrorView
          help={explainError(list.error, {
            profileName: session.profileName,
            baseUrl: session.baseUrl,
          })}
          actions="r try again · i type a project ID · q quit"
        />
      ) : (
        <Box flexDirection="column">
          <Table
            columns={projectColumns(rows)}
            rows={rows}
            selected={current}
            width={width}
            height={listHeight}
            rowKey={(row) =>
              row.kind === 'project' ? `${row.recent ? 'r' : 'p'}:${row.project.id}` : '+'
            }
          />
          {list.more ? (
            <Loading label={list.more === 'all' ? 'Loading every page…' : 'Loading more…'} />
          ) : list.moreError ? (
            <Text color={tone('error')} wrap="truncate-end">
              ✗ {visible(explainError(list.moreError, { baseUrl: session.baseUrl }).message)}
            </Text>
          ) : list.next !== '' ? (
            <Text dimColor wrap="truncate-end">
              {list.projects.length} loaded, more on the server: m loads the next page, M all
            </Text>
          ) : (
            <Text dimColor>
              {list.projects.length} {list.projects.length === 1 ? 'project' : 'projects'}
              {filter ? ` · ${recentRows.length + otherRows.length} match "${filter}"` : ''}
            </Text>
          )}
        </Box>
      )}
    </Box>
  );
}
