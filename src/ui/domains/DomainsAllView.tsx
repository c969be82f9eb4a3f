import { Box } from 'ink';
import type { ReactNode } from 'react';
import { visible } from '../../core/sanitize.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { Paragraph } from '../components/Paragraph.js';
import { TextField } from '../components/TextField.js';
import { explainError } from '../components/error-help.js';
import { useSession } from '../app/context.js';
import type { ProjectRef } from '../app/navigation.js';
import { useTone } from '../app/theme.js';
import type { StatusPart } from './domains-lines.js';
import { StatusLine } from './StatusLine.js';
import type { DomainsView } from './domains-view.js';
import type { DomainCatalog } from './useDomainCatalog.js';

/**
 * The domains screen under a filter or a sort: the filter's field, the table of every domain
 * loaded that matches (or why there is none), and a line that says what it is matched and sorted
 * by.
 */
export function DomainsAllView({
  view,
  onFilterChange,
  showFilter,
  table,
  rows,
  catalog,
  project,
  status,
}: {
  view: DomainsView;
  onFilterChange(value: string): void;
  /** The filter's field has a line: it is typed in, or a filter is kept. */
  showFilter: boolean;
  table: ReactNode;
  /** How many domains the table holds. */
  rows: number;
  catalog: Pick<DomainCatalog, 'domains' | 'walk'>;
  project: ProjectRef;
  /** The status line: what matches, sorted how, which rows, the notes (allStatus). */
  status: readonly StatusPart[];
}) {
  const session = useSession();
  const tone = useTone();
  const loaded = catalog.domains.length;
  const loading = catalog.walk.status === 'loading';
  let content: ReactNode;
  if (rows > 0) content = table;
  else if (loaded === 0 && loading) content = <Loading label="Loading every domain…" />;
  else if (loaded === 0 && catalog.walk.status === 'error')
    content = (
      <ErrorView
        help={explainError(catalog.walk.error, { baseUrl: session.baseUrl, project })}
        actions="r try again · Esc back to the pages · q quit"
      />
    );
  else if (loaded === 0) content = <Paragraph>No domains yet: press a to add one.</Paragraph>;
  else
    content = (
      <Paragraph color={tone('warn')}>
        No domain matches "{visible(view.filter.trim())}" among the {loaded} loaded
        {loading ? ' so far' : ''}: change the filter, or Esc clears it (words: pending, verified,
        expiring).
      </Paragraph>
    );
  return (
    <Box flexDirection="column">
      {showFilter ? (
        <TextField
          id="domains.filter"
          label="Filter"
          value={view.filter}
          onChange={onFilterChange}
          placeholder="a host name, or pending, verified, expiring"
          isActive={view.typing}
        />
      ) : null}
      {content}
      <StatusLine parts={status} />
    </Box>
  );
}
