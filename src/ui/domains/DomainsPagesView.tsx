import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { DOMAIN_PLAN_NAMES, planName } from '../../core/plans.js';
import { visible } from '../../core/sanitize.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { Paragraph } from '../components/Paragraph.js';
import { errorContext, explainError } from '../components/error-help.js';
import { useSession } from '../app/context.js';
import type { ProjectRef } from '../app/navigation.js';
import { useTone } from '../app/theme.js';
import type { StatusPart } from './domains-lines.js';
import { StatusLine } from './StatusLine.js';

/** What the pages view reads of the paged list (usePagedList). */
export interface DomainPages {
  status: 'loading' | 'ready' | 'error';
  error?: unknown;
  /** The page in view, and the page whose rows are in hand. */
  index: number;
  itemsIndex: number;
  pageNumber: number;
  /** The next page's token: "" on the last page. */
  next: string;
}

/**
 * The domains screen in the API's pages: the page's table and a line that says where it stands
 * among them (or why no row is shown: the page failed, is loading, or the project has none).
 */
export function DomainsPagesView({
  list,
  project,
  gatedPlan,
  table,
  rows,
  status,
  loopLines,
}: {
  list: DomainPages;
  project: ProjectRef;
  /** The project's plan, when it has no custom domains. */
  gatedPlan: string | undefined;
  table: ReactNode;
  /** How many domains the page holds. */
  rows: number;
  /** The status line: where the page stands, the way on, the notes (pagesStatus). */
  status: readonly StatusPart[];
  /** Why the list stopped: a page token handed out again. */
  loopLines: readonly string[];
}) {
  const session = useSession();
  const tone = useTone();
  if (list.status === 'error')
    return (
      <ErrorView
        help={explainError(list.error, errorContext(session, { project }))}
        actions="r try again · p pick another project · x raw request · q quit"
      />
    );
  if (list.itemsIndex !== list.index)
    return <Loading label={`Loading page ${list.pageNumber} of the domains…`} />;
  if (rows === 0 && gatedPlan)
    return (
      <Paragraph color={tone('warn')}>
        No domains: this project is on the {visible(planName(gatedPlan))} plan, and custom domains
        need {DOMAIN_PLAN_NAMES}.
      </Paragraph>
    );
  if (rows === 0) return <Paragraph>No domains yet: press a to add one.</Paragraph>;
  return (
    <Box flexDirection="column">
      {table}
      <StatusLine parts={status} />
      {loopLines.map((line, i) => (
        // The lines of one message, in order.
        <Text key={i} color={tone('error')}>
          {line}
        </Text>
      ))}
    </Box>
  );
}
