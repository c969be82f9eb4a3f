import { domainsPageSize, screenBodyHeight } from './layout.js';
import type { Route } from './navigation.js';
import { domainsPageQuery, projectQuery, projectsPageQuery } from '../queries/api-queries.js';
import type { QueryClient } from '../queries/query-client.js';
import type { Session } from './session.js';

/**
 * How long runUi waits, once Ink has loaded, for the first screen's answers before it draws. An
 * answer usually lands while Ink loads, but on a fast start (Node's compile cache) it is still
 * being read when Ink is ready: without the wait the screen would draw "Loading", and draw again
 * with the rows a moment later, the second frame costing as much as the first. A slower API gets
 * its "Loading" frame this much later.
 */
export const FIRST_ANSWERS_WAIT_MS = 200;

/** Resolves once `settled` has, or after `ms`, whichever comes first; leaves no timer behind. */
export function settledWithin(settled: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}

/**
 * Starts the first screen's requests at once (on the projects screen, the details of the recent
 * projects its first page does not hold, once it is in), while Ink, React and the screens are still loading,
 * in the UI's query cache: the screen's query then finds the entry already on its way (or
 * answered), under the key the same factory (queries/api-queries.ts) makes, instead of asking
 * only after its first frame. A screen that asks for something else (another page size, the
 * terminal resized meanwhile) asks the API as usual. `size` is the terminal's, as the UI will
 * measure it. Resolves once every request started here has its answer or its failure (which the
 * cache keeps for the screen to show).
 */
export function prefetchFirstScreen(
  queryClient: QueryClient,
  session: Session,
  route: Route,
  size: { columns: number; rows: number },
): Promise<void> {
  const started: Promise<void>[] = [];
  if (route.name === 'domains') {
    const { project } = route;
    const pageSize = domainsPageSize(screenBodyHeight(size.rows));
    started.push(
      queryClient.prefetchQuery(domainsPageQuery(session, project.id, pageSize, undefined)),
    );
    if (!(project.name && project.plan)) {
      started.push(queryClient.prefetchQuery(projectQuery(session, project.id)));
    }
  } else if (route.name === 'projects') {
    started.push(
      queryClient.fetchQuery(projectsPageQuery(session, undefined, undefined)).then(
        // The recent projects this page does not hold: the screen shows them by their details.
        (page) => {
          const listed = new Set(page.projects.map((p) => p.id));
          const unlisted = session.recentProjects().filter((id) => !listed.has(id));
          return Promise.all(
            unlisted.map((id) => queryClient.prefetchQuery(projectQuery(session, id))),
          ).then(() => undefined);
        },
        // A failure is in the cache, for the screen to show.
        () => undefined,
      ),
    );
  }
  return Promise.all(started).then(() => undefined);
}
