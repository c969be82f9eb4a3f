import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '../queries/query-client.js';
import { Box, useApp, useFocusManager } from 'ink';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { HelpOverlay } from './HelpOverlay.js';
import {
  NavigationContext,
  ScreenContext,
  ServicesContext,
  SessionContext,
  type SessionControl,
  UiContext,
  type UiState,
} from './context.js';
import { useBusListener, useKeyBus } from '../input/useKeys.js';
import { useTerminalSize } from './useTerminalSize.js';
import { type ActionId, matches } from './keymap.js';
import { FOOTER_HEIGHT } from './layout.js';
import {
  assertNever,
  firstRoutes,
  initialNavigation,
  navigationReducer,
  type ProjectRef,
  projectOf,
  type Route,
  topRoute,
} from './navigation.js';
import { AddDomainScreen } from '../add-domain/AddDomainScreen.js';
import { DomainScreen } from '../domain/DomainScreen.js';
import { DomainsScreen } from '../domains/DomainsScreen.js';
import { ProfileFormScreen } from '../profiles/ProfileFormScreen.js';
import { ProfilesScreen } from '../profiles/ProfilesScreen.js';
import { ProjectsScreen } from '../projects/ProjectsScreen.js';
import { RawRequestScreen } from '../raw/RawRequestScreen.js';
import { WelcomeScreen } from '../welcome/WelcomeScreen.js';
import type { UiServices } from './services.js';
import { DEFAULT_WATCH_INTERVAL_MS } from './watch-defaults.js';
import type { Session } from './session.js';

export interface AppProps {
  services: UiServices;
  /** Absent when there is no profile and no base URL: the welcome screen makes one. */
  session?: Session;
  /** The screens to start with, bottom first. */
  routes: Route[];
  color?: boolean;
  /** The domains screen's watch: --watch-interval (default 10 s; 0 turns it off) and --bell. */
  watch?: { intervalMs: number; bell: boolean };
  /** What the API said, cached (queries/query-client.ts); runUi has put the first requests in it. */
  queryClient: QueryClient;
}

function Screen({ route }: { route: Route }) {
  switch (route.name) {
    case 'welcome':
      return <WelcomeScreen />;
    case 'profileForm':
      return <ProfileFormScreen />;
    case 'projects':
      return <ProjectsScreen />;
    case 'domains':
      return <DomainsScreen project={route.project} />;
    case 'domain':
      return (
        <DomainScreen
          domain={route.domain}
          project={route.project}
          justAdded={route.justAdded}
          check={route.check}
        />
      );
    case 'addDomain':
      return <AddDomainScreen project={route.project} />;
    case 'raw':
      return <RawRequestScreen project={route.project} />;
    case 'profiles':
      return <ProfilesScreen />;
    default:
      return assertNever(route);
  }
}

/**
 * The whole UI: header, the screen on top of the navigation stack, footer. Screens below the top
 * stay mounted (hidden), so going back returns to the same page, selection and input.
 */
export function App({
  services,
  session: initialSession,
  routes,
  color = true,
  watch = { intervalMs: DEFAULT_WATCH_INTERVAL_MS, bell: false },
  queryClient,
}: AppProps) {
  const { exit } = useApp();
  const { disableFocus } = useFocusManager();
  const { columns, rows } = useTerminalSize();
  const [session, setSession] = useState(initialSession);
  const [navigation, navigate] = useReducer(navigationReducer, routes, initialNavigation);
  const [helpOpen, setHelpOpen] = useState(false);
  const [projects, setProjects] = useState<ReadonlyMap<string, ProjectRef>>(new Map());
  const focusedFields = useRef(new Set<string>());
  const [typing, setTyping] = useState(false);
  const [unavailableKeys, setUnavailable] = useState<ReadonlyMap<number, readonly ActionId[]>>(
    new Map(),
  );

  // Tab belongs to the screens (completion, next field): focus moves only where they say.
  useEffect(() => disableFocus(), [disableFocus]);

  const setFieldFocused = useCallback((id: string, focused: boolean) => {
    if (focused) focusedFields.current.add(id);
    else focusedFields.current.delete(id);
    setTyping(focusedFields.current.size > 0);
  }, []);

  // Quitting ends whatever is still loading (every page of M, a slow answer) with it: nothing
  // may keep the process alive once the UI is gone.
  const quit = () => {
    services.abortAll();
    exit();
  };
  const keyBus = useKeyBus();
  useBusListener(
    keyBus,
    (input, key, sequence) => {
      if (matches('app.forceQuit', input, key)) {
        quit();
        return;
      }
      // F1 opens and closes the help from anywhere, a text field included, where `?` is text.
      if (matches('app.helpAnywhere', input, key, sequence)) {
        setHelpOpen((open) => !open);
        return;
      }
      // The help has no text field, even when F1 opened it over one: `q` quits, as it says.
      if (helpOpen) {
        if (matches('app.quit', input, key)) quit();
        else if (matches('app.help', input, key) || matches('nav.back', input, key)) {
          setHelpOpen(false);
        }
        return;
      }
      if (focusedFields.current.size > 0) return;
      if (matches('app.quit', input, key)) quit();
      else if (matches('app.help', input, key)) setHelpOpen(true);
    },
    { isActive: true, global: true },
  );

  // Stable, and a no-op when nothing changes: screens call it from layout effects.
  const setUnavailableKeys = useCallback((entry: number, keys: readonly ActionId[] | undefined) => {
    setUnavailable((all) => {
      const before = all.get(entry);
      if (before === keys || (before && keys && before.join(' ') === keys.join(' '))) return all;
      const next = new Map(all);
      if (keys) next.set(entry, keys);
      else next.delete(entry);
      return next;
    });
  }, []);

  // Stable, and a no-op when nothing new is learnt: screens call it from effects.
  const learnProjects = useCallback((list: ProjectRef[]) => {
    setProjects((known) => {
      let next: Map<string, ProjectRef> | undefined;
      for (const p of list) {
        const before = known.get(p.id);
        const after = { ...before, ...p };
        if (before?.name === after.name && before?.plan === after.plan) continue;
        next ??= new Map(known);
        next.set(p.id, after);
      }
      return next ?? known;
    });
  }, []);

  const sessionControl = useMemo<SessionControl>(
    () => ({
      session,
      begin(next) {
        setSession(next);
        navigate({ type: 'reset', routes: firstRoutes(next) });
      },
      projects,
      learnProjects,
    }),
    [session, projects, learnProjects],
  );

  const top = topRoute(navigation);
  const topEntry = navigation.stack.at(-1)?.key ?? -1;
  // What the screen on top says does nothing now, and Esc where there is nothing to go back to.
  const unavailable = useMemo(() => {
    const keys = new Set<ActionId>(unavailableKeys.get(topEntry));
    if (navigation.stack.length < 2) keys.add('nav.back');
    return keys;
  }, [unavailableKeys, topEntry, navigation.stack.length]);
  // layout.ts's screenBodyHeight, spelt out: the React compiler keeps the memo below only for a
  // value it can see is a number. The footer's height is fixed: no key coming or going moves it.
  const bodyHeight = Math.max(3, rows - 1 - 2 - FOOTER_HEIGHT);
  const ui = useMemo<UiState>(
    () => ({
      columns,
      rows,
      bodyHeight,
      helpOpen,
      typing,
      typingNow: () => focusedFields.current.size > 0,
      setFieldFocused,
      setUnavailableKeys,
      color,
      watchIntervalMs: watch.intervalMs,
      bell: watch.bell,
    }),
    [
      columns,
      rows,
      bodyHeight,
      helpOpen,
      typing,
      setFieldFocused,
      setUnavailableKeys,
      color,
      watch.intervalMs,
      watch.bell,
    ],
  );
  const routeProject = projectOf(top);
  const headerProject = routeProject
    ? { ...projects.get(routeProject.id), ...routeProject }
    : undefined;
  const last = navigation.stack.length - 1;

  return (
    <QueryClientProvider client={queryClient}>
      <ServicesContext.Provider value={services}>
        <SessionContext.Provider value={sessionControl}>
          <NavigationContext.Provider value={navigate}>
            <UiContext.Provider value={ui}>
              {/* One line short of the terminal: a full-height frame makes Ink clear the screen on every render. */}
              <Box flexDirection="column" width={columns} height={rows - 1}>
                <Header session={session} project={headerProject} columns={columns} />
                {/* Cut at the bottom only: every screen is laid out to the terminal's width, and
                Ink cuts each line of a box that clips sideways with slice-ansi, fitting or not
                (27-37 ms of CPU to the first frame, Node 20, a loaded machine). */}
                <Box flexDirection="column" height={bodyHeight} overflowY="hidden">
                  {helpOpen ? (
                    <Box flexDirection="column" flexShrink={0}>
                      <HelpOverlay screen={top.name} unavailable={unavailable} />
                    </Box>
                  ) : null}
                  {navigation.stack.map((entry, index) => (
                    <ScreenContext.Provider
                      key={entry.key}
                      value={{ isTop: index === last, entry: entry.key, canGoBack: index > 0 }}
                    >
                      {/* flexShrink 0: a screen taller than the body is cut at the bottom; shrinking it
                        would squeeze its lines on top of each other. */}
                      <Box
                        display={index === last && !helpOpen ? 'flex' : 'none'}
                        flexDirection="column"
                        flexGrow={1}
                        flexShrink={0}
                      >
                        <Screen route={entry.route} />
                      </Box>
                    </ScreenContext.Provider>
                  ))}
                </Box>
                <Footer
                  screen={top.name}
                  typing={typing}
                  columns={columns}
                  unavailable={unavailable}
                />
              </Box>
            </UiContext.Provider>
          </NavigationContext.Provider>
        </SessionContext.Provider>
      </ServicesContext.Provider>
    </QueryClientProvider>
  );
}
