import type { Dispatch } from 'react';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import { useNavigation } from '../app/context.js';
import type { ProjectRef } from '../app/navigation.js';
import { useKeys } from '../input/useKeys.js';
import type { DomainsView, DomainsViewAction } from './domains-view.js';
import type { useDnsChecks } from './useDnsChecks.js';
import type { TableJump, TableShown } from './useDomainsSelection.js';

/** What the domains screen knows now that decides which of its keys would do something. */
export interface DomainsKeyFacts {
  /** Rows in the table. */
  rows: number;
  /** Every domain loaded (filtered, sorted) rather than the API's pages. */
  all: boolean;
  /** The background load of every domain is under way. */
  loading: boolean;
  /** The page in view failed. */
  failed: boolean;
  /** The project's plan has no custom domains. */
  planGated: boolean;
  /** A page's rows are in hand. */
  loaded: boolean;
  /** The project has no domain at all. */
  empty: boolean;
  canNext: boolean;
  canPrevious: boolean;
  pendingOnScreen: number;
  watchEnabled: boolean;
  /** The watch is paused (w resumes it). */
  watchPaused: boolean;
}

/** The domains screen's keys that would do something now: the others are neither offered nor obeyed. */
export function domainsKeysNow(now: DomainsKeyFacts) {
  const { rows, all, loading, canNext, canPrevious } = now;
  const shaped = now.loaded && !now.empty;
  return {
    // In the pages a row key goes on to the page before or after past either end.
    'domains.up': rows > 1 || canPrevious,
    'domains.down': rows > 1 || canNext,
    'domains.open': rows > 0,
    'domains.first': rows > 1,
    'domains.last': rows > 1,
    'domains.pageScroll': rows > 1 || canNext || canPrevious,
    'domains.nextPage': canNext,
    'domains.previousPage': canPrevious,
    'domains.add': !now.failed && !now.planGated,
    'domains.filter': shaped,
    'domains.sort': shaped,
    'domains.reverse': shaped,
    'domains.checkDns': now.pendingOnScreen > 0,
    'domains.watch': now.watchEnabled && !now.watchPaused,
    'domains.resumeWatch': now.watchEnabled && now.watchPaused,
    'domains.stopLoading': all && loading,
    'domains.clearView': all && !loading,
    'nav.back': !all,
  } as const;
}

export interface DomainsKeysOptions {
  view: DomainsView;
  dispatch: Dispatch<DomainsViewAction>;
  can: ReturnType<typeof domainsKeysNow>;
  project: ProjectRef;
  /** The domain on the selected row. */
  selected: Domain | undefined;
  /** The table's selection and the pages' turns (useDomainsSelection). */
  selection: {
    move(step: number): void;
    pin(): void;
    jump(to: TableJump, table: TableShown): void;
    turn(forward: boolean): void;
  };
  /** How many rows the table shows now, and the lines it has for them. */
  table: TableShown;
  checks: ReturnType<typeof useDnsChecks>;
  pendingOnScreen: readonly Domain[];
  watch: { toggle(): void };
  /** The background load of every domain: under way, and how Esc ends it. */
  loading: boolean;
  stopLoading(): void;
  reload(): void;
}

/** What each key of the domains screen does, while the filter is typed in and otherwise. */
export function useDomainsKeys(options: DomainsKeysOptions): void {
  const navigate = useNavigation();
  const { view, dispatch, can, project, selection, table, checks } = options;
  const { move, pin, jump, turn } = selection;

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
        if (options.loading) {
          options.stopLoading();
          dispatch({ type: 'keepFilter' });
        } else dispatch({ type: 'clearFilter' });
      } else if (is('domains.filterKeep')) dispatch({ type: 'keepFilter' });
      else if (is('domains.filterMove')) move(key.upArrow ? -1 : 1);
      return;
    }
    pin();
    if (is('domains.up')) move(-1);
    else if (is('domains.down')) move(1);
    else if (is('domains.first')) jump('first', table);
    else if (is('domains.last')) jump('last', table);
    else if (is('domains.pageScroll')) jump(key.pageUp ? 'pageUp' : 'pageDown', table);
    else if (is('domains.open')) open(options.selected);
    else if (is('domains.filter') && can['domains.filter']) dispatch({ type: 'startFilter' });
    else if (is('domains.sort') && can['domains.sort']) dispatch({ type: 'cycleSort' });
    else if (is('domains.reverse') && can['domains.reverse']) dispatch({ type: 'reverseSort' });
    else if (is('domains.checkDns')) checks.checkAll(options.pendingOnScreen);
    else if (
      (is('domains.watch') && can['domains.watch']) ||
      (is('domains.resumeWatch') && can['domains.resumeWatch'])
    )
      options.watch.toggle();
    // In the pages, n and b act on the page in view: typed while it loads, they wait for it
    // (whether a page follows is known only then), so they are not held to what `can` says now.
    else if (is('domains.nextPage')) turn(true);
    else if (is('domains.previousPage')) turn(false);
    else if (is('domains.refresh')) options.reload();
    else if (is('domains.add') && can['domains.add'])
      navigate({ type: 'push', route: { name: 'addDomain', project } });
    else if (is('domains.raw')) navigate({ type: 'push', route: { name: 'raw', project } });
    else if (is('domains.projects')) navigate({ type: 'popTo', route: { name: 'projects' } });
    else if (is('profiles.switch')) navigate({ type: 'push', route: { name: 'profiles' } });
    else if (is('domains.stopLoading') && can['domains.stopLoading']) options.stopLoading();
    else if (is('domains.clearView') && can['domains.clearView']) dispatch({ type: 'clear' });
    else if (is('nav.back') && can['nav.back']) navigate({ type: 'pop' });
  });
}
