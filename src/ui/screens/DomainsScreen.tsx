import { Box, Text } from 'ink';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import { domainStatus, utcDay } from '../../core/display.js';
import { canHaveCustomDomains, DOMAIN_PLAN_NAMES, planName } from '../../core/plans.js';
import { visible } from '../../core/sanitize.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { type Column, Table, tableWindow } from '../components/Table.js';
import { useNavigation, useScreen, useSession, useSessionControl, useUi } from '../context.js';
import { explainError } from '../error-help.js';
import { tlsCell, wrapWords } from '../format.js';
import { useApi } from '../hooks/useApi.js';
import { useAvailableKeys } from '../hooks/useAvailableKeys.js';
import { useKeys } from '../hooks/useKeys.js';
import { useScreenClient } from '../hooks/useScreenClient.js';
import { usePagedList } from '../hooks/usePagedList.js';
import { DOMAINS_CHROME, domainsPageSize, screenBodyHeight } from '../layout.js';
import type { ProjectRef } from '../navigation.js';
import { FIRST_ROW, moveSelection, type Selection, selectedRow } from '../selection.js';
import { useTone } from '../theme.js';

function domainColumns(now: Date): Column<Domain>[] {
  return [
    {
      id: 'host',
      header: 'HOST NAME',
      flexible: true,
      priority: 0,
      cell: (d) => ({ text: d.domain }),
    },
    {
      id: 'status',
      header: 'STATUS',
      max: 8,
      priority: 0,
      cell: (d) => domainStatus(d.verified),
    },
    {
      id: 'verified',
      header: 'VERIFIED AT',
      max: 11,
      priority: 2,
      cell: (d) => ({ text: utcDay(d.verified_at) }),
    },
    {
      id: 'tls',
      header: 'TLS EXPIRY',
      max: 18,
      priority: 1,
      cell: (d) => tlsCell(d.tls_cert_expiry, now),
    },
    {
      id: 'created',
      header: 'CREATED',
      max: 10,
      priority: 3,
      cell: (d) => ({ text: utcDay(d.created_at) }),
    },
  ];
}

/** A project's domains, a page at a time, with paging, refresh, add, details and raw request. */
export function DomainsScreen({ project: routeProject }: { project: ProjectRef }) {
  const session = useSession();
  const client = useScreenClient();
  const { projects, learnProjects } = useSessionControl();
  const navigate = useNavigation();
  const { isTop } = useScreen();
  const { columns: width, rows: terminalRows, bodyHeight } = useUi();
  const tone = useTone();
  const project = { ...projects.get(routeProject.id), ...routeProject };
  // As many rows as the terminal shows, measured with the whole footer (so a key coming or going
  // never changes it), as runUi measured it for the first page. A resize changes it; the page in
  // view is then asked for again with the new size (a page token holds where a page starts, not
  // how long it is).
  const pageSize = domainsPageSize(screenBodyHeight('domains', false, width, terminalRows));
  // The first page and the project, if runUi's requests have been answered already: the first
  // frame then shows them rather than "Loading".
  const [answered] = useState(() => {
    const page = session.answered?.('listDomains', project.id, { pageSize, pageToken: undefined });
    const described = session.answered?.('getProject', project.id);
    return {
      page: page && { items: page.domains, next: page.next_page_token ?? '' },
      project: described && { data: described },
    };
  });
  const list = usePagedList<Domain>(
    async (token) => {
      const page = await client.listDomains(project.id, { pageSize, pageToken: token });
      return { items: page.domains, next: page.next_page_token ?? '' };
    },
    `the domains of ${project.id}`,
    answered.page,
  );
  // The selected domain of each page, by id: a refresh, or a domain added above it, keeps it
  // selected; a new page starts at its first row, and going back finds the one left there.
  const [selections, setSelections] = useState<ReadonlyMap<number, Selection>>(new Map());

  // Name and plan for the header and the messages, when the project was given by ID alone. If
  // this fails, the list says why (not found, no access) and the header keeps the ID.
  const known = Boolean(project.name && project.plan);
  const details = useApi(
    () => (known ? Promise.resolve(undefined) : client.getProject(project.id)),
    [project.id, known],
    answered.project,
  );
  const described = details.status === 'ready' ? details.data : undefined;
  useEffect(() => {
    if (described)
      learnProjects([{ id: described.id, name: described.name, plan: described.plan }]);
  }, [described, learnProjects]);

  // Back from a screen above (details, add): this page again, fresh.
  const wasTop = useRef(isTop);
  const { refresh } = list;
  useEffect(() => {
    if (isTop && !wasTop.current) refresh();
    wasTop.current = isTop;
  }, [isTop, refresh]);
  const askedSize = useRef(pageSize);
  useEffect(() => {
    if (pageSize === askedSize.current) return;
    askedSize.current = pageSize;
    refresh();
  }, [pageSize, refresh]);

  const rows = list.itemsIndex === list.index ? list.items : [];
  const ids = rows.map((d) => d.id);
  const selection = selections.get(list.itemsIndex) ?? FIRST_ROW;
  const current = selectedRow(ids, selection);
  const move = (step: number) =>
    setSelections((all) => new Map(all).set(list.itemsIndex, moveSelection(ids, selection, step)));

  const failed = list.status === 'error';
  // Only keys that would do something now are offered (footer, help) and obeyed.
  const gatedPlan =
    project.plan && canHaveCustomDomains(project.plan) === false ? project.plan : undefined;
  const planGated = gatedPlan !== undefined;
  const can = {
    'domains.up': rows.length > 1,
    'domains.down': rows.length > 1,
    'domains.open': rows.length > 0,
    'domains.nextPage': list.hasNext && !failed,
    'domains.previousPage': list.hasPrevious && !failed,
    'domains.add': !failed && !planGated,
  } as const;
  useAvailableKeys(can);

  useKeys((is) => {
    // The row shown as selected becomes the selected domain, so what the key does next (a
    // refresh, a domain added above) cannot move the selection to another one.
    const id = ids[current];
    if (selection.id === undefined && id !== undefined) {
      setSelections((all) => new Map(all).set(list.itemsIndex, { id, index: current }));
    }
    if (is('domains.up')) move(-1);
    else if (is('domains.down')) move(1);
    else if (is('domains.open')) {
      const domain = rows[current];
      if (domain) navigate({ type: 'push', route: { name: 'domain', project, domain } });
    } else if (is('domains.nextPage') && can['domains.nextPage']) list.goNext();
    else if (is('domains.previousPage') && can['domains.previousPage']) list.goPrevious();
    else if (is('domains.refresh')) list.refresh();
    else if (is('domains.add') && can['domains.add'])
      navigate({ type: 'push', route: { name: 'addDomain', project } });
    else if (is('domains.raw')) navigate({ type: 'push', route: { name: 'raw', project } });
    else if (is('domains.projects')) navigate({ type: 'popTo', route: { name: 'projects' } });
    else if (is('nav.back')) navigate({ type: 'pop' });
  });

  const title = visible(project.name ? `${project.name} (${project.id})` : project.id);
  // A page token handed out again stops the list; why takes lines of its own under it.
  const loopLines = list.loop
    ? wrapWords(
        `✗ ${visible(list.loop.message)}. The API's paging is broken; tell its operators.`,
        width,
      )
    : [];
  const tableHeight = bodyHeight - DOMAINS_CHROME - loopLines.length;
  const window = tableWindow(current, rows.length, tableHeight);
  // Row numbers count every page before this one; "≥" while more pages follow.
  const first = list.start + window.offset + 1;
  const shownRows = window.shown > 0 ? `rows ${first}–${first + window.shown - 1}` : 'no rows';
  const total = `${list.next === '' ? '' : '≥ '}${list.start + rows.length}`;

  let body: ReactNode;
  if (list.status === 'error') {
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
      <Text color={tone('warn')}>
        No domains: this project is on the {visible(planName(gatedPlan))} plan, and custom domains
        need {DOMAIN_PLAN_NAMES}.
      </Text>
    );
  } else if (rows.length === 0) {
    body = <Text>No domains yet: press a to add one.</Text>;
  } else {
    body = (
      <Box flexDirection="column">
        <Table
          columns={domainColumns(list.loadedAt)}
          rows={rows}
          selected={current}
          width={width}
          minFlex={20}
          height={tableHeight}
          rowKey={(d) => d.id}
        />
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

  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        Domains of {title}
      </Text>
      {body}
    </Box>
  );
}
