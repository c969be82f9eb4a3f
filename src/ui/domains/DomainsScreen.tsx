import { Box, Text, useFocusManager } from 'ink';
import { type ReactNode, useEffect, useMemo, useReducer } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReadDomain as Domain, ReadDomainPage } from '../../contract/read-schemas.js';
import { canHaveCustomDomains, DOMAIN_PLAN_NAMES, planName } from '../../core/plans.js';
import { visible } from '../../core/sanitize.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { Paragraph } from '../components/Paragraph.js';
import { Table, tableWindow } from '../components/Table.js';
import { TextField } from '../components/TextField.js';
import { useNavigation, useScreen, useSession, useSessionControl, useUi } from '../app/context.js';
import { summarize, viewOfDomains } from './domain-list.js';
import { explainError } from '../components/error-help.js';
import { wrapWords } from '../components/format.js';
import { useAvailableKeys } from '../app/useAvailableKeys.js';
import { useDnsChecks } from './useDnsChecks.js';
import { useDomainCatalog } from './useDomainCatalog.js';
import { useDomainsReload } from './useDomainsReload.js';
import { useDomainsSelection } from './useDomainsSelection.js';
import { useDomainsWatch } from './useDomainsWatch.js';
import { useKeys } from '../input/useKeys.js';
import { useScreenClient, useScreenSignal } from '../queries/useScreenClient.js';
import { domainsPageQuery, projectQuery } from '../queries/api-queries.js';
import { usePagedList } from '../queries/usePagedList.js';
import { DOMAINS_CHROME, domainsPageSize } from '../app/layout.js';
import type { ProjectRef } from '../app/navigation.js';
import { useTone } from '../app/theme.js';
import { domainColumns } from './domain-columns.js';
import { matchesText, pagePlace, rowsTotal, summaryLine, watchText } from './domains-lines.js';
import { domainsViewReducer, initialDomainsView, showsAll } from './domains-view.js';

/**
 * A project's domains: a page at a time as the API hands them out, or (with a filter or a sort)
 * every domain loaded in the background; a summary of them all; the pending ones on screen
 * watched, and their DNS checked with d.
 */
export function DomainsScreen({ project: routeProject }: { project: ProjectRef }) {
  const session = useSession();
  const client = useScreenClient();
  const signal = useScreenSignal();
  const { projects, learnProjects } = useSessionControl();
  const navigate = useNavigation();
  const { isTop } = useScreen();
  const { columns: width, bodyHeight, watchIntervalMs, bell } = useUi();
  const { focus } = useFocusManager();
  const tone = useTone();
  const project = { ...projects.get(routeProject.id), ...routeProject };
  // As many rows as the terminal shows, as runUi measured it for the first page. A resize changes
  // it; the page in view is then asked for again with the new size (a page token holds where a
  // page starts, not how long it is).
  const pageSize = domainsPageSize(bodyHeight);
  const list = usePagedList({
    // The first page is the one runUi asked for before the UI loaded (prefetch.ts), if the
    // terminal has kept its size: the first frame then shows it rather than "Loading".
    page: (token) => domainsPageQuery(session, project.id, pageSize, token),
    read: (page: ReadDomainPage) => ({ items: page.domains, next: page.next_page_token ?? '' }),
    what: `the domains of ${project.id}`,
    signal,
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
    all,
    refreshPage: list.refresh,
    reloadAll: catalog.restart,
  });
  const pageToken = list.tokens[list.itemsIndex];
  useEffect(() => {
    if (list.itemsIndex >= 0) merge(list.items, { token: pageToken, pageSize });
    // The items are what changes; the token and size are those they were asked with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.items, merge]);
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
  const { current, move, pin, jump } = useDomainsSelection({
    all,
    ids,
    viewSelected: view.selected,
    dispatch,
    pages: { ...list, canNext, canPrevious },
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
  const tableHeight = bodyHeight - DOMAINS_CHROME - loopLines.length - filterLines;
  const window = tableWindow(current, rows.length, tableHeight);
  const onScreen = rows.slice(window.offset, window.offset + window.shown);
  const pendingOnScreen = onScreen.filter((d) => !d.verified);

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

  const loading = catalog.walk.status === 'loading';
  // Only keys that would do something now are offered (footer, help) and obeyed.
  const gatedPlan =
    project.plan && canHaveCustomDomains(project.plan) === false ? project.plan : undefined;
  const planGated = gatedPlan !== undefined;
  // The project has no domain at all (its one page is empty): nothing to filter, sort or sum up.
  const empty =
    !all && list.itemsIndex >= 0 && rows.length === 0 && !list.hasNext && !list.hasPrevious;
  const can = {
    'domains.up': rows.length > 1,
    'domains.down': rows.length > 1,
    'domains.open': rows.length > 0,
    'domains.first': rows.length > 1,
    'domains.last': rows.length > 1,
    'domains.pageScroll': rows.length > 1 || canNext || canPrevious,
    'domains.nextPage': canNext,
    'domains.previousPage': canPrevious,
    'domains.add': !failed && !planGated,
    'domains.filter': list.itemsIndex >= 0 && !empty,
    'domains.sort': list.itemsIndex >= 0 && !empty,
    'domains.reverse': list.itemsIndex >= 0 && !empty,
    'domains.checkDns': pendingOnScreen.length > 0,
    'domains.watch': watch.enabled,
    'domains.stopLoading': all && loading,
    'domains.clearView': all && !loading,
    'nav.back': !all,
  } as const;
  useAvailableKeys(can);

  const open = (domain: Domain | undefined) => {
    if (!domain) return;
    const check = checks.checks.get(domain.id);
    navigate({
      type: 'push',
      route: {
        name: 'domain',
        project,
        domain,
        check: check?.status === 'done' ? { result: check.result, at: check.at } : undefined,
      },
    });
  };

  useKeys((is, _input, key) => {
    if (view.typing) {
      if (is('domains.filterCancel')) {
        // Esc stops a load still under way and keeps the filter (typing ends, as Esc always
        // ends it); the next Esc clears it.
        if (loading) {
          catalog.stop();
          dispatch({ type: 'keepFilter' });
        } else dispatch({ type: 'clearFilter' });
      } else if (is('domains.filterKeep')) dispatch({ type: 'keepFilter' });
      else if (is('domains.filterMove')) move(key.upArrow ? -1 : 1);
      return;
    }
    pin();
    if (is('domains.up')) move(-1);
    else if (is('domains.down')) move(1);
    else if (is('domains.first')) jump('first', window.shown);
    else if (is('domains.last')) jump('last', window.shown);
    else if (is('domains.pageScroll')) jump(key.pageUp ? 'pageUp' : 'pageDown', window.shown);
    else if (is('domains.open')) open(rows[current]);
    else if (is('domains.filter') && can['domains.filter']) dispatch({ type: 'startFilter' });
    else if (is('domains.sort') && can['domains.sort']) dispatch({ type: 'cycleSort' });
    else if (is('domains.reverse') && can['domains.reverse']) dispatch({ type: 'reverseSort' });
    else if (is('domains.checkDns')) checks.checkAll(pendingOnScreen);
    else if (is('domains.watch') && watch.enabled) watch.toggle();
    else if (is('domains.nextPage') && can['domains.nextPage']) list.goNext();
    else if (is('domains.previousPage') && can['domains.previousPage']) list.goPrevious();
    else if (is('domains.refresh')) reload();
    else if (is('domains.add') && can['domains.add'])
      navigate({ type: 'push', route: { name: 'addDomain', project } });
    else if (is('domains.raw')) navigate({ type: 'push', route: { name: 'raw', project } });
    else if (is('domains.projects')) navigate({ type: 'popTo', route: { name: 'projects' } });
    else if (is('profiles.switch')) navigate({ type: 'push', route: { name: 'profiles' } });
    else if (is('domains.stopLoading') && can['domains.stopLoading']) catalog.stop();
    else if (is('domains.clearView') && can['domains.clearView']) dispatch({ type: 'clear' });
    else if (is('nav.back') && !all) navigate({ type: 'pop' });
  });

  const failingDns = checks.checks;
  const sum = useMemo(
    () => summarize(catalog.domains, new Date(), (id) => session.dnsChecks.get(id)?.ok === false),
    // The session's record of checks changes with this screen's checks, or while it is covered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [catalog.domains, failingDns, isTop, session],
  );
  const summary = summaryLine(catalog.walk, sum, can['domains.stopLoading']);
  const turnedNow = [...watch.justVerified].map((id) => catalog.latest(id)?.domain ?? id);
  const notes = [
    turnedNow.length > 0 ? `✓ ${visible(turnedNow.join(', '))} turned verified` : '',
    checks.busy > 0 ? `checking DNS: ${checks.busy} to go` : '',
    watchText(watch, watchIntervalMs, pendingOnScreen.length),
  ].filter(Boolean);

  // Row numbers count every domain before this page's first.
  const place = all ? { before: 0 } : pagePlace(catalog, ids[0], list.start);
  const first = place.before + window.offset + 1;
  const shownRows = window.shown > 0 ? `rows ${first}–${first + window.shown - 1}` : 'no rows';
  const total = rowsTotal(place.before + rows.length, list.next !== '', place.counted);
  const table = (
    <Table
      columns={domainColumns({
        now,
        // In the pages too: the API's order is a sort (created, newest first) the header names.
        sort: view.sort,
        reverse: view.reverse,
        checks: checks.checks,
        justVerified: watch.justVerified,
      })}
      rows={rows}
      selected={current}
      width={width}
      minFlex={20}
      height={tableHeight}
      rowKey={(d) => d.id}
    />
  );
  const notesText =
    notes.length > 0 ? <Text color={tone('accent')}> · {notes.join(' · ')}</Text> : null;

  let body: ReactNode;
  if (all) {
    const filterText = view.filter.trim();
    body = (
      <Box flexDirection="column">
        {filterLines > 0 ? (
          <TextField
            id="domains.filter"
            label="Filter"
            value={view.filter}
            onChange={(value) => dispatch({ type: 'typeFilter', value })}
            placeholder="a host name, or pending, verified, expiring"
            isActive={view.typing}
          />
        ) : null}
        {rows.length > 0 ? (
          table
        ) : catalog.domains.length === 0 && loading ? (
          <Loading label="Loading every domain…" />
        ) : catalog.domains.length === 0 && catalog.walk.status === 'error' ? (
          <ErrorView
            help={explainError(catalog.walk.error, { baseUrl: session.baseUrl, project })}
            actions="r try again · Esc back to the pages · q quit"
          />
        ) : catalog.domains.length === 0 ? (
          <Paragraph>No domains yet: press a to add one.</Paragraph>
        ) : (
          <Paragraph color={tone('warn')}>
            No domain matches "{visible(filterText)}" among the {catalog.domains.length} loaded
            {loading ? ' so far' : ''}: change the filter, or Esc clears it (words: pending,
            verified, expiring).
          </Paragraph>
        )}
        <Text wrap="truncate-end">
          <Text bold>
            {matchesText(visible(view.filter), rows.length, catalog.domains.length, view)}
          </Text>
          {rows.length > 0 ? <Text> · {shownRows}</Text> : null}
          {notesText}
        </Text>
      </Box>
    );
  } else if (list.status === 'error') {
    body = (
      <ErrorView
        help={explainError(list.error, {
          profileName: session.profileName,
          baseUrl: session.baseUrl,
          tokenOrigin: session.tokenOrigin,
          baseUrlSource: session.baseUrlSource,
          project,
        })}
        actions="r try again · p pick another project · x raw request · q quit"
      />
    );
  } else if (list.itemsIndex !== list.index) {
    body = <Loading label={`Loading page ${list.pageNumber} of the domains…`} />;
  } else if (rows.length === 0 && gatedPlan) {
    body = (
      <Paragraph color={tone('warn')}>
        No domains: this project is on the {visible(planName(gatedPlan))} plan, and custom domains
        need {DOMAIN_PLAN_NAMES}.
      </Paragraph>
    );
  } else if (rows.length === 0) {
    body = <Paragraph>No domains yet: press a to add one.</Paragraph>;
  } else {
    body = (
      <Box flexDirection="column">
        {table}
        <Text wrap="truncate-end">
          <Text bold>
            page {list.pageNumber} · {shownRows} of {total}
          </Text>
          <Text> · {pageSize} per page</Text>
          <Text dimColor>
            {can['domains.nextPage'] ? ' · n next page' : list.next === '' ? ' · last page' : ''}
            {can['domains.previousPage'] ? ' · b previous page' : ''}
          </Text>
          {list.status === 'loading' ? <Text color={tone('accent')}> · refreshing…</Text> : null}
          {notesText}
        </Text>
        {loopLines.map((line, i) => (
          // The lines of one message, in order.
          <Text key={i} color={tone('error')}>
            {line}
          </Text>
        ))}
      </Box>
    );
  }

  // A project whose plan has no custom domains, and none left from before: only that applies.
  const showSummary = (list.itemsIndex >= 0 || all) && !(empty && planGated);
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        Domains of {title}
      </Text>
      {showSummary ? (
        <Text wrap="truncate-end">
          <Text color={tone(summary.tone)} bold>
            {summary.lead}
          </Text>
          <Text> · {summary.numbers}</Text>
        </Text>
      ) : (
        <Text> </Text>
      )}
      {body}
    </Box>
  );
}
