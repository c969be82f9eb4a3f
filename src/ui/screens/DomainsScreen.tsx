import { Box, Text } from 'ink';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import { domainStatus, utcDay } from '../../core/display.js';
import { canHaveCustomDomains, DOMAIN_PLAN_NAMES, planName } from '../../core/plans.js';
import { visible } from '../../core/sanitize.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { type Column, Table } from '../components/Table.js';
import { useNavigation, useScreen, useSession, useSessionControl, useUi } from '../context.js';
import { explainError } from '../error-help.js';
import { tlsCell } from '../format.js';
import { useApi } from '../hooks/useApi.js';
import { useKeys } from '../hooks/useKeys.js';
import { usePagedList } from '../hooks/usePagedList.js';
import { DOMAINS_CHROME, domainsPageSize } from '../layout.js';
import type { ProjectRef } from '../navigation.js';
import { useTone } from '../theme.js';

function domainColumns(now: Date): Column<Domain>[] {
  return [
    { id: 'host', header: 'HOST NAME', priority: 0, cell: (d) => ({ text: d.domain }) },
    {
      id: 'status',
      header: 'STATUS',
      width: 8,
      priority: 0,
      cell: (d) => domainStatus(d.verified),
    },
    {
      id: 'verified',
      header: 'VERIFIED AT',
      width: 11,
      priority: 2,
      cell: (d) => ({ text: utcDay(d.verified_at) }),
    },
    {
      id: 'tls',
      header: 'TLS EXPIRY',
      width: 18,
      priority: 1,
      cell: (d) => tlsCell(d.tls_cert_expiry, now),
    },
    {
      id: 'created',
      header: 'CREATED',
      width: 10,
      priority: 3,
      cell: (d) => ({ text: utcDay(d.created_at) }),
    },
  ];
}

/** A project's domains, a page at a time, with paging, refresh, add, details and raw request. */
export function DomainsScreen({ project: routeProject }: { project: ProjectRef }) {
  const session = useSession();
  const { projects, learnProjects } = useSessionControl();
  const navigate = useNavigation();
  const { isTop } = useScreen();
  const { columns: width, bodyHeight } = useUi();
  const tone = useTone();
  const project = { ...projects.get(routeProject.id), ...routeProject };
  // The page size is set once from the terminal's height, so page tokens stay valid on a resize.
  const [pageSize] = useState(() => domainsPageSize(bodyHeight));
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
      const page = await session.client.listDomains(project.id, { pageSize, pageToken: token });
      return { items: page.domains, next: page.next_page_token ?? '' };
    },
    `the domains of ${project.id}`,
    answered.page,
  );
  // The selected row belongs to a page: a new page starts at its first row, while a refresh of
  // the same page keeps the selection where it can.
  const [selection, setSelection] = useState({ page: -1, row: 0 });

  // Name and plan for the header and the messages, when the project was given by ID alone. If
  // this fails, the list says why (not found, no access) and the header keeps the ID.
  const known = Boolean(project.name && project.plan);
  const details = useApi(
    () => (known ? Promise.resolve(undefined) : session.client.getProject(project.id)),
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

  const rows = list.itemsIndex === list.index ? list.items : [];
  const selected = selection.page === list.itemsIndex ? selection.row : 0;
  const current = Math.min(selected, Math.max(0, rows.length - 1));
  const setSelected = (row: number) => setSelection({ page: list.itemsIndex, row });

  useKeys((is) => {
    if (is('domains.up')) setSelected(Math.max(0, current - 1));
    else if (is('domains.down')) setSelected(Math.min(rows.length - 1, current + 1));
    else if (is('domains.open')) {
      const domain = rows[current];
      if (domain) navigate({ type: 'push', route: { name: 'domain', project, domain } });
    } else if (is('domains.nextPage')) list.goNext();
    else if (is('domains.previousPage')) list.goPrevious();
    else if (is('domains.refresh')) list.refresh();
    else if (is('domains.add')) navigate({ type: 'push', route: { name: 'addDomain', project } });
    else if (is('domains.raw')) navigate({ type: 'push', route: { name: 'raw', project } });
    else if (is('domains.projects')) navigate({ type: 'popTo', route: { name: 'projects' } });
    else if (is('nav.back')) navigate({ type: 'pop' });
  });

  const title = visible(project.name ? `${project.name} (${project.id})` : project.id);
  const pageInfo = `page ${list.pageNumber} · ${pageSize} per page`;

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
    body = <Loading label={`Loading ${pageInfo} of the domains…`} />;
  } else if (rows.length === 0) {
    body = (
      <Box flexDirection="column">
        <Text>No domains yet: press a to add one.</Text>
        {project.plan && canHaveCustomDomains(project.plan) === false ? (
          <Text color={tone('warn')}>
            This project is on the {visible(planName(project.plan))} plan: custom domains need{' '}
            {DOMAIN_PLAN_NAMES}.
          </Text>
        ) : null}
      </Box>
    );
  } else {
    body = (
      <Box flexDirection="column">
        <Table
          columns={domainColumns(list.loadedAt)}
          rows={rows}
          selected={current}
          width={width}
          minFlex={20}
          height={bodyHeight - DOMAINS_CHROME}
          rowKey={(d) => d.id}
        />
        <Text wrap="truncate-end">
          <Text bold>{pageInfo}</Text>
          <Text dimColor>
            {list.next === '' ? ' · last page' : ' · n next page'}
            {list.index > 0 ? ' · b previous page' : ''}
          </Text>
          {list.status === 'loading' ? <Text color={tone('accent')}> · refreshing…</Text> : null}
        </Text>
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
