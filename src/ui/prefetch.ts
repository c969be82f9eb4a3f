import type { ApiClient } from '../client/api-client.js';
import { domainsPageSize, screenBodyHeight } from './layout.js';
import type { Route } from './navigation.js';
import type { PrefetchedCall as Prefetched, Session } from './session.js';

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
 * Starts the first screen's requests at once, while Ink, React and the screens are still loading:
 * the screen then asks for the very same page and gets the answer already on its way, instead of
 * asking only after its first frame. Each request started here is handed out once, to the first
 * call with the same arguments; any other call (another page size, because the terminal was
 * resized meanwhile) goes to the API as usual. `size` is the terminal's, as the UI will measure it.
 */
export function prefetchFirstScreen(
  session: Session,
  route: Route,
  size: { columns: number; rows: number },
): { session: Session; settled: Promise<void> } {
  const { client } = session;
  const started = new Map<string, Promise<unknown>>();
  const answers = new Map<string, unknown>();
  const key = (method: Prefetched, args: unknown[]) => JSON.stringify([method, ...args]);
  const start = (method: Prefetched, args: unknown[], promise: Promise<unknown>) => {
    const k = key(method, args);
    // A failure is the screen's to show, through the promise it takes; one never taken is
    // nobody's concern.
    promise.then(
      (answer) => answers.set(k, answer),
      () => {},
    );
    started.set(k, promise);
  };
  // The arguments are written as the screens write them (DomainsScreen, ProjectsScreen).
  if (route.name === 'domains') {
    const { project } = route;
    const page = {
      pageSize: domainsPageSize(screenBodyHeight(size.rows)),
      pageToken: undefined,
    };
    start('listDomains', [project.id, page], client.listDomains(project.id, page));
    if (!(project.name && project.plan)) {
      start('getProject', [project.id], client.getProject(project.id));
    }
  } else if (route.name === 'projects') {
    const page = { pageToken: undefined, pageSize: undefined };
    start('listProjects', [page], client.listProjects(page));
  }
  // Once every request started here has its answer (or its failure); run.ts waits for it at most
  // FIRST_ANSWERS_WAIT_MS once Ink has loaded, a test waits for it to render with the answers in.
  const settled = Promise.allSettled(started.values()).then(() => undefined);
  if (started.size === 0) return { session, settled };

  function take<T>(method: Prefetched, args: unknown[], otherwise: () => Promise<T>): Promise<T> {
    const k = key(method, args);
    const promise = started.get(k);
    if (!promise) return otherwise();
    started.delete(k);
    answers.delete(k);
    return promise as Promise<T>;
  }
  const answered: Session['answered'] = (method, ...args) => {
    const k = key(method, args);
    if (!answers.has(k)) return undefined;
    const answer = answers.get(k);
    started.delete(k);
    answers.delete(k);
    return answer as never;
  };
  // A screen's own client (session.connect) takes the answers on their way as well.
  const prefetching = (own: ApiClient): ApiClient => ({
    ...own,
    listDomains: (...args) => take('listDomains', args, () => own.listDomains(...args)),
    getProject: (...args) => take('getProject', args, () => own.getProject(...args)),
    listProjects: (...args) => take('listProjects', args, () => own.listProjects(...args)),
  });
  return {
    session: {
      ...session,
      client: prefetching(client),
      connect: (signal) => prefetching(session.connect(signal)),
      answered,
    },
    settled,
  };
}
