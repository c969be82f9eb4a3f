import { Box, Text, useFocusManager } from 'ink';
import { useEffect, useReducer, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { idPrefixes } from '../../contract/params.js';
import type { ReadProjectPage } from '../../contract/read-schemas.js';
import { DOMAIN_PLAN_NAMES } from '../../core/plans.js';
import { visible } from '../../core/sanitize.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { Table } from '../components/Table.js';
import { TextField } from '../components/TextField.js';
import { useNavigation, useScreen, useSession, useSessionControl, useUi } from '../app/context.js';
import { errorContext, explainError } from '../components/error-help.js';
import { useAvailableKeys } from '../app/useAvailableKeys.js';
import { useKeys } from '../input/useKeys.js';
import { useScreenSignal } from '../queries/useScreenClient.js';
import { projectQuery, projectsPageQuery } from '../queries/api-queries.js';
import { usePagedList } from '../queries/usePagedList.js';
import type { ProjectRef } from '../app/navigation.js';
import { useTone } from '../app/theme.js';
import { selectedRow } from '../components/selection.js';
import { type ProjectRow, projectColumns, projectRowId, projectRows } from './project-rows.js';
import { idProblem, initialProjectsMode, projectsModeReducer } from './projects-mode.js';
import { type RecentLookup, useRecentProjects } from './useRecentProjects.js';
import { wrapWords } from '../components/format.js';
import { Paragraph } from '../components/Paragraph.js';

/** `M` asks for pages this large: fewer requests for a long list. */
const ALL_PAGE_SIZE = 100;
/**
 * The most projects `M` loads, as `domains list --all` holds a bound: a list that never ends (or
 * is just that long) stops here instead of filling the memory; m still loads a page at a time.
 */
export const ALL_MAX_PROJECTS = 10_000;

/**
 * How much of a name (with its "· recent") stays before a column is dropped: at 80 columns the
 * organisation gives way rather than cut "Demo Enterprise · recent".
 */
const NAME_MIN_WIDTH = 26;

/** The projects the caller can see, recent ones first; `/` filters; an ID can be typed by hand. */
export function ProjectsScreen() {
  const session = useSession();
  const signal = useScreenSignal();
  const { learnProjects } = useSessionControl();
  const navigate = useNavigation();
  const { isTop } = useScreen();
  const { columns: width, bodyHeight } = useUi();
  const { focus } = useFocusManager();
  const tone = useTone();
  const [state, dispatch] = useReducer(projectsModeReducer, initialProjectsMode);
  const { mode, filter, typedId } = state;
  const [recent, setRecent] = useState(() => session.recentProjects());
  const list = usePagedList({
    // The first page is the one runUi asked for before the UI loaded (prefetch.ts).
    page: (token, { all }) => projectsPageQuery(session, token, all ? ALL_PAGE_SIZE : undefined),
    read: (page: ReadProjectPage) => ({ items: page.projects, next: page.next_page_token ?? '' }),
    what: 'the projects',
    maxItems: ALL_MAX_PROJECTS,
    signal,
  });

  // Name and plan of every project listed, for the header and the messages of other screens.
  useEffect(() => {
    learnProjects(list.items);
  }, [list.items, learnProjects]);

  // Recent projects the pages loaded do not hold: their details come through the cache, so they
  // show name, plan and organisation as the others do.
  const unlisted = useRecentProjects(recent, list.items, list.status === 'ready');
  const { lookups } = unlisted;
  useEffect(() => {
    learnProjects(lookups.flatMap((l) => (l.status === 'found' ? [l.project] : [])));
  }, [lookups, learnProjects]);
  const lookupOf = new Map<string, RecentLookup>(
    unlisted.ids.map((id, i) => [id, lookups[i] ?? { status: 'loading' }]),
  );

  const rows = projectRows(list.items, recent, filter, lookupOf);
  const ids = rows.map(projectRowId);
  const current = selectedRow(ids, state.selected);

  const remember = (project: ProjectRef) => {
    session.rememberProject(project);
    setRecent(session.recentProjects());
  };
  const open = (project: ProjectRef, known = true) => {
    if (known) remember(project);
    dispatch({ type: 'opened', id: project.id });
    navigate({ type: 'push', route: { name: 'domains', project } });
  };
  // A typed ID is remembered once the API knows it (the domains screen asks the same query): a
  // mistyped one must not head the recent projects of every later start.
  const queryClient = useQueryClient();
  const openTyped = (id: string) => {
    open({ id }, false);
    queryClient.fetchQuery(projectQuery(session, id)).then(
      () => remember({ id }),
      () => {},
    );
  };
  const openRow = (row: ProjectRow | undefined) => {
    if (row?.kind === 'enterId') dispatch({ type: 'startId' });
    else if (row) open({ id: row.project.id, name: row.project.name, plan: row.project.plan });
  };
  const move = (step: number) => dispatch({ type: 'move', step, ids });

  useEffect(() => {
    if (!isTop) return;
    if (mode === 'filter') focus('projects.filter');
    if (mode === 'id') focus('projects.id');
  }, [isTop, mode, focus]);

  const listed = list.status !== 'error' && !(list.status === 'loading' && list.items.length === 0);
  // A filter applied, not being typed: Esc clears it rather than going back.
  const filtered = mode === 'list' && filter !== '';
  const canLoadMore = listed && list.next !== '' && !list.more;
  useAvailableKeys({
    'projects.up': listed,
    'projects.down': listed,
    'projects.open': listed,
    'projects.filter': listed,
    'projects.more': canLoadMore,
    'projects.all': canLoadMore && list.items.length < ALL_MAX_PROJECTS,
    'projects.clearFilter': filtered,
    'nav.back': !filtered,
  });

  useKeys((is, _input, key) => {
    if (mode === 'filter') {
      if (is('projects.typedCancel')) dispatch({ type: 'cancelTyping' });
      else if (is('projects.typedEnter')) openRow(rows[current]);
      else if (is('filter.move')) move(key.upArrow ? -1 : 1);
      return;
    }
    if (mode === 'id') {
      if (is('projects.typedCancel')) dispatch({ type: 'cancelTyping' });
      else if (is('projects.typedEnter') && !idProblem(typedId.trim())) openTyped(typedId.trim());
      return;
    }
    if (is('projects.up')) move(-1);
    else if (is('projects.down')) move(1);
    else if (is('projects.open') && listed) openRow(rows[current]);
    else if (is('projects.filter') && listed) dispatch({ type: 'startFilter' });
    else if (is('projects.enterId')) dispatch({ type: 'startId' });
    else if (is('projects.more')) list.loadMore(false);
    else if (is('projects.all')) list.loadMore(true);
    else if (is('projects.refresh')) list.refresh();
    else if (is('profiles.switch')) navigate({ type: 'push', route: { name: 'profiles' } });
    else if (is('projects.clearFilter') && filtered) dispatch({ type: 'clearFilter' });
    else if (is('nav.back')) navigate({ type: 'pop' });
  });

  // The line under the list wraps, never cut (its end is the key to press); the lines it takes
  // past the first come out of the table's.
  const status: { text: string; tone?: 'error' | 'warn' } | undefined = list.moreError
    ? {
        text: `✗ ${visible(explainError(list.moreError, { baseUrl: session.baseUrl }).message)}`,
        tone: 'error',
      }
    : list.next !== '' && list.capped
      ? {
          text: `${list.items.length} loaded, the most M loads; more on the server: m loads the next page, / filters, i opens one by ID`,
          tone: 'warn',
        }
      : list.next !== ''
        ? { text: `${list.items.length} loaded, more on the server: m loads the next page, M all` }
        : undefined;
  const statusLines = status && !list.more ? wrapWords(status.text, width).length : 1;
  return (
    <Box flexDirection="column">
      <Text bold>Projects</Text>
      <Paragraph dimColor>Custom domains need a project on the {DOMAIN_PLAN_NAMES} plan.</Paragraph>
      {mode === 'id' ? (
        <ProjectIdField value={typedId} onChange={(value) => dispatch({ type: 'typeId', value })} />
      ) : mode === 'filter' ? (
        <TextField
          id="projects.filter"
          label="Filter"
          value={filter}
          onChange={(value) => dispatch({ type: 'typeFilter', value })}
          isActive
        />
      ) : filtered ? (
        // Not a field: nothing is being typed, and the list shows only what matches.
        <Paragraph>
          <Text bold color={tone('accent')}>
            Filtered by "{visible(filter)}"
          </Text>
          <Text dimColor> · Esc clears it · / types a new one</Text>
        </Paragraph>
      ) : (
        <Paragraph dimColor>/ filters · i types a project ID</Paragraph>
      )}
      {list.status === 'loading' && list.items.length === 0 ? (
        <Loading label="Loading projects…" />
      ) : list.status === 'error' ? (
        <ErrorView
          help={explainError(list.error, errorContext(session))}
          actions="r try again · i type a project ID · q quit"
        />
      ) : (
        <Box flexDirection="column">
          <Table
            columns={projectColumns()}
            rows={rows}
            selected={current}
            width={width}
            minFlex={NAME_MIN_WIDTH}
            height={Math.max(1, bodyHeight - 6 - (statusLines - 1))}
            rowKey={(row) =>
              row.kind === 'project' ? `${row.recent ? 'r' : 'p'}:${row.project.id}` : '+'
            }
          />
          {list.more ? (
            <Loading label={list.more === 'all' ? 'Loading every page…' : 'Loading more…'} />
          ) : status ? (
            <Paragraph color={tone(status.tone)} dimColor={status.tone === undefined}>
              {status.text}
            </Paragraph>
          ) : (
            <Text dimColor>
              {list.items.length} {list.items.length === 1 ? 'project' : 'projects'}
              {filter ? ` · ${matchCount(rows.length - 1)} "${filter}"` : ''}
            </Text>
          )}
        </Box>
      )}
    </Box>
  );
}

/** The rows left by the filter (the "+ Type an ID…" row not counted): "1 match", "0 matches". */
const matchCount = (n: number) => `${n} ${n === 1 ? 'match' : 'matches'}`;

/** The project ID typed by hand, checked as it is typed. */
function ProjectIdField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const tone = useTone();
  const problem = idProblem(value.trim());
  const prefixWarning =
    !problem && !value.trim().startsWith(idPrefixes.project_id)
      ? `project IDs usually start with ${idPrefixes.project_id}`
      : undefined;
  return (
    <Box flexDirection="column">
      <TextField
        id="projects.id"
        label="Project ID"
        value={value}
        onChange={onChange}
        placeholder="prj_…"
        isActive
      />
      <Box marginLeft={2}>
        <Paragraph color={tone(problem ? 'error' : prefixWarning ? 'warn' : 'ok')}>
          {problem
            ? `✗ ${problem}`
            : prefixWarning
              ? `! ${prefixWarning}; Enter opens it anyway`
              : '✓ Enter opens its domains'}
        </Paragraph>
      </Box>
    </Box>
  );
}
