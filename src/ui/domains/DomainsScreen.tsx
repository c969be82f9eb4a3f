import { Box, Text, useFocusManager } from 'ink';
import { useEffect, useMemo, useReducer } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReadDomainPage } from '../../contract/read-schemas.js';
import { canHaveCustomDomains } from '../../core/plans.js';
import { visible } from '../../core/sanitize.js';
import { Table } from '../components/Table.js';
import { type TableWindow, tableWindow, useTableTop } from '../components/table-window.js';
import { useScreen, useSession, useSessionControl, useUi } from '../app/context.js';
import { countFailingDns, summarize, viewOfDomains } from './domain-list.js';
import { wrapWords } from '../components/format.js';
import { useAvailableKeys } from '../app/useAvailableKeys.js';
import { useDnsChecks } from './useDnsChecks.js';
import { useDnsCheckMarks } from '../queries/dns-check-marks.js';
import { useDomainCatalog } from './useDomainCatalog.js';
import { useDomainsReload } from './useDomainsReload.js';
import { useDomainsSelection } from './useDomainsSelection.js';
import { useRetiledPages } from './useRetiledPages.js';
import { useDomainsWatch } from './useDomainsWatch.js';
import { useScreenClient, useScreenSignal } from '../queries/useScreenClient.js';
import { domainsPageQuery, projectQuery } from '../queries/api-queries.js';
import { usePagedList } from '../queries/usePagedList.js';
import { DOMAINS_CHROME, domainsPageSize } from '../app/layout.js';
import type { ProjectRef } from '../app/navigation.js';
import { domainColumns } from './domain-columns.js';
import {
  allStatus,
  pagePlace,
  pagesStatus,
  rowsShown,
  rowsTotal,
  statusNotes,
  summaryLine,
  watchText,
} from './domains-lines.js';
import { DomainsAllView } from './DomainsAllView.js';
import { DomainsPagesView } from './DomainsPagesView.js';
import { SummaryLine } from './StatusLine.js';
import { domainsKeysNow, useDomainsKeys } from './useDomainsKeys.js';
import { domainsViewReducer, initialDomainsView, showsAll } from './domains-view.js';

/**
 * How much of a host name stays before a column is dropped: a narrow terminal drops CREATED,
 * then VERIFIED AT, rather than cut a name of up to this many characters (what a row is about).
 */
const HOST_MIN_WIDTH = 40;

/**
 * A project's domains: a page at a time as the API hands them out, or (with a filter or a sort)
 * every domain loaded in the background; a summary of them all; the pending ones on screen
 * watched, and their DNS checked with d.
 */
export function DomainsScreen({ project: routeProject }: { project: ProjectRef }) {
  const session = useSession();
  const dnsCheckMarks = useDnsCheckMarks();
  const client = useScreenClient();
  const signal = useScreenSignal();
  const { projects, learnProjects } = useSessionControl();
  const { isTop } = useScreen();
  const { columns: width, bodyHeight, watchIntervalMs, bell } = useUi();
  const { focus } = useFocusManager();
  const project = { ...projects.get(routeProject.id), ...routeProject };
  // As many rows as the terminal shows, as runUi measured it for the first page. A resize cuts
  // the pages again from the first, on to the selected domain's (usePagedList's `pageSize`).
  const pageSize = domainsPageSize(bodyHeight);
  const list = usePagedList({
    // The first page is the one runUi asked for before the UI loaded (prefetch.ts), if the
    // terminal has kept its size: the first frame then shows it rather than "Loading".
    page: (token, at) => domainsPageQuery(session, project.id, at.pageSize ?? pageSize, token),
    pageSize,
    read: (page: ReadDomainPage) => ({ items: page.domains, next: page.next_page_token ?? '' }),
    what: `the domains of ${project.id}`,
    signal,
    idOf: (d) => d.id,
  });
  // Name and plan for the header and the messages, when the project was given by ID alone. If
  // this fails, the list says why (not found, no access) and the header keeps the ID.
  const known = Boolean(project.name && project.plan);
  const details = useQuery({ ...projectQuery(session, project.id), enabled: !known });
  const described = details.data;
  useEffect(() => {
    if (described)
      learnProjects([{ id: described.id, name: described.name, plan: described.plan }]);
  }, [described, learnProjects]);

  const [view, dispatch] = useReducer(domainsViewReducer, initialDomainsView);
  const all = showsAll(view);
  // Every domain, loaded in the background once the first page is in: the filter, the sort and
  // the summary work on it. Every page seen here (and every watch refresh) keeps it current.
  const catalog = useDomainCatalog(project.id, list.itemsIndex >= 0);
  const { merge } = catalog;
  const { reload } = useDomainsReload({
    projectId: project.id,
    all,
    refreshPage: list.refresh,
    reloadAll: catalog.restart,
  });
  // Each answer of the page in view goes into the catalog with where it came from (the watch asks
  // that page again): the token and the size it was asked with, those of the page in view once it
  // is answered. The rows kept on screen while a page loads were merged when they came.
  const { answered, items: pageItems } = list;
  const pageToken = list.tokens[list.index];
  useEffect(() => {
    if (answered) merge(pageItems, { token: pageToken, pageSize });
  }, [answered, pageItems, pageToken, pageSize, merge]);
  useEffect(() => {
    if (isTop && view.typing) focus('domains.filter');
  }, [isTop, view.typing, focus]);
  const checks = useDnsChecks();
  const now = list.loadedAt;

  const { filter, sort, reverse, typing } = view;
  // Filtered and sorted once per change of what they depend on, not once per key that moves.
  const shownAll = useMemo(
    () =>
      showsAll({ ...initialDomainsView, typing, filter, sort, reverse })
        ? viewOfDomains(catalog.domains, { filter, sort, reverse }, new Date())
        : [],
    [typing, catalog.domains, filter, sort, reverse],
  );
  const rows = all
    ? shownAll
    : list.itemsIndex === list.index
      ? list.items.map((d) => catalog.latest(d.id) ?? d)
      : [];
  const ids = rows.map((d) => d.id);
  const failed = !all && list.status === 'error';
  const canNext = !all && list.hasNext && !failed;
  const canPrevious = !all && list.hasPrevious && !failed;
  const { current, move, pin, jump, turn } = useDomainsSelection({
    all,
    ids,
    viewSelected: view.selected,
    dispatch,
    pages: list,
  });

  const title = visible(project.name ? `${project.name} (${project.id})` : project.id);
  // A page token handed out again stops the list; why takes lines of its own under it.
  const loopLines =
    list.loop && !all
      ? wrapWords(
          `✗ ${visible(list.loop.message)}. The API's paging is broken; tell its operators.`,
          width,
        )
      : [];
  const filterLines = all && (view.typing || view.filter) ? 1 : 0;
  const fullHeight = bodyHeight - DOMAINS_CHROME - loopLines.length - filterLines;
  const pendingIn = (w: TableWindow) =>
    rows.slice(w.offset, w.offset + w.shown).filter((d) => !d.verified);
  // The status line is one line whatever it says (statusLine's forms give way, then it is cut):
  // the table's height never moves with the notes, so PgDn and n walk every row once.
  const kept = useTableTop();
  const tableHeight = fullHeight;
  const window = tableWindow(current, rows.length, tableHeight, kept.top);
  const pendingOnScreen = pendingIn(window);

  const watch = useDomainsWatch({
    projectId: project.id,
    client,
    intervalMs: watchIntervalMs,
    bell,
    visible: isTop,
    pendingOnScreen: () => pendingOnScreen,
    originOf: catalog.origin,
    merge,
    turned: catalog.turned,
  });
  const turnedNow = [...watch.justVerified].map((id) => visible(catalog.latest(id)?.domain ?? id));
  // Row numbers count every domain before this page's first.
  const place = all ? { before: 0 } : pagePlace(catalog, ids[0], list.start);
  useRetiledPages(list, catalog, ids, all);
  const upTo = place.before + rows.length;
  const total = rowsTotal(upTo, list.next !== '', place.counted, catalog.domains.length);
  const statusOf = (w: TableWindow, pending: number) => {
    const notes = (short: boolean) =>
      statusNotes(turnedNow, checks.busy, watchText(watch, watchIntervalMs, pending, short));
    const first = place.before + w.offset + 1;
    const shownRows = rowsShown(first, w.shown);
    if (all) {
      const matched = { filter: visible(view.filter), rows: rows.length, order: view };
      return allStatus({ ...matched, loaded: catalog.domains.length }, shownRows, notes, width);
    }
    const page = { number: list.pageNumber, shownRows, total, size: pageSize, canNext };
    const more = { canPrevious, lastPage: list.next === '', refreshing: list.status === 'loading' };
    return pagesStatus({ ...page, ...more }, notes, width);
  };
  kept.keep(window.offset);
  const status = statusOf(window, pendingOnScreen.length);

  const loading = catalog.walk.status === 'loading';
  const gatedPlan =
    project.plan && canHaveCustomDomains(project.plan) === false ? project.plan : undefined;
  const planGated = gatedPlan !== undefined;
  // The project has no domain at all (its one page is empty): nothing to filter, sort or sum up.
  const empty =
    !all && list.itemsIndex >= 0 && rows.length === 0 && !list.hasNext && !list.hasPrevious;
  // Only keys that would do something now are offered (footer, help) and obeyed.
  const can = domainsKeysNow({
    rows: rows.length,
    all,
    loading,
    failed,
    planGated,
    loaded: list.itemsIndex >= 0,
    empty,
    canNext,
    canPrevious,
    pendingOnScreen: pendingOnScreen.length,
    watchEnabled: watch.enabled,
    watchPaused: watch.paused,
  });
  useAvailableKeys(can);
  useDomainsKeys({
    view,
    dispatch,
    can,
    project,
    selected: rows[current],
    selection: { move, pin, jump, turn },
    table: { shown: window.shown, height: tableHeight, offset: window.offset },
    checks,
    pendingOnScreen,
    watch,
    loading,
    stopLoading: catalog.stop,
    reload,
  });

  // The domains' numbers, counted again only when the domains change (10,000 take a few ms). The
  // failing DNS come from the session's DNS check marks in the query cache: this screen's d writes
  // them, and so does a domain's screen above this one.
  const counts = useMemo(() => summarize(catalog.domains, new Date()), [catalog.domains]);
  const failingDns = countFailingDns(dnsCheckMarks, (id) => catalog.latest(id) !== undefined);
  const sum = { ...counts, failingDns };
  const summary = summaryLine(catalog.walk, sum, can['domains.stopLoading'], width);
  const table = (
    <Table
      columns={domainColumns({
        now,
        // In the pages too: the API's order is a sort (created, newest first) the header names.
        sort: view.sort,
        reverse: view.reverse,
        checks: checks.checks,
        rows,
        justVerified: watch.justVerified,
      })}
      rows={rows}
      selected={current}
      width={width}
      minFlex={HOST_MIN_WIDTH}
      height={tableHeight}
      top={window.offset}
      rowKey={(d) => d.id}
    />
  );
  const body = all ? (
    <DomainsAllView
      view={view}
      onFilterChange={(value) => dispatch({ type: 'typeFilter', value })}
      showFilter={filterLines > 0}
      table={table}
      rows={rows.length}
      catalog={catalog}
      project={project}
      status={status}
    />
  ) : (
    <DomainsPagesView
      list={list}
      project={project}
      gatedPlan={gatedPlan}
      table={table}
      rows={rows.length}
      status={status}
      loopLines={loopLines}
    />
  );

  // A project whose plan has no custom domains, and none left from before: only that applies.
  const showSummary = (list.itemsIndex >= 0 || all) && !(empty && planGated);
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        Domains of {title}
      </Text>
      {showSummary ? <SummaryLine summary={summary} /> : <Text> </Text>}
      {body}
    </Box>
  );
}
