import { createContext, type Dispatch, useContext } from 'react';
import type { ActionId } from './keymap.js';
import type { NavigationAction, ProjectRef } from './navigation.js';
import type { UiServices } from './services.js';
import type { Session } from './session.js';

export interface SessionControl {
  session?: Session;
  /** Starts a session (after the welcome screen) and shows its first screen. */
  begin(session: Session): void;
  /** Name and plan of projects the API has described, for the header and messages. */
  projects: ReadonlyMap<string, ProjectRef>;
  learnProjects(projects: ProjectRef[]): void;
}

export const ServicesContext = createContext<UiServices | undefined>(undefined);
export const SessionContext = createContext<SessionControl>({
  begin: () => {},
  projects: new Map(),
  learnProjects: () => {},
});
export const NavigationContext = createContext<Dispatch<NavigationAction>>(() => {});

export interface UiState {
  columns: number;
  rows: number;
  /** Lines between the header and the footer: what a screen may fill. */
  bodyHeight: number;
  helpOpen: boolean;
  /** True while a text field has focus: single-letter shortcuts go quiet. */
  typing: boolean;
  /** Read at key time: set in layout effects, so a key that follows a focus change sees it. */
  typingNow(): boolean;
  setFieldFocused(id: string, focused: boolean): void;
  /** A screen (by its stack entry) says which of its keys do nothing right now. */
  setUnavailableKeys(entry: number, keys: readonly ActionId[] | undefined): void;
  /** Colours unless NO_COLOR or --no-color. */
  color: boolean;
  /** How often the domains screen refreshes its pending domains (--watch-interval); 0: never. */
  watchIntervalMs: number;
  /** Ring the terminal's bell when a watched domain turns verified (--bell). */
  bell: boolean;
}

export const UiContext = createContext<UiState>({
  columns: 80,
  rows: 24,
  bodyHeight: 18,
  helpOpen: false,
  typing: false,
  typingNow: () => false,
  setFieldFocused: () => {},
  setUnavailableKeys: () => {},
  color: true,
  watchIntervalMs: 0,
  bell: false,
});

/** Per screen on the stack: only the top one listens to keys. */
export interface ScreenPlace {
  isTop: boolean;
  /** The screen's stack entry, which names it to the app. */
  entry: number;
  /** A screen below it, for Esc to go back to. */
  canGoBack: boolean;
}

export const ScreenContext = createContext<ScreenPlace>({
  isTop: true,
  entry: 0,
  canGoBack: false,
});

export function useServices(): UiServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <App>');
  return services;
}

export function useSession(): Session {
  const { session } = useContext(SessionContext);
  if (!session) throw new Error('this screen needs a session');
  return session;
}

export const useSessionControl = () => useContext(SessionContext);
export const useNavigation = () => useContext(NavigationContext);
export const useUi = () => useContext(UiContext);
export const useScreen = () => useContext(ScreenContext);
