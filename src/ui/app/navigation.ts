import type { ReadDomain } from '../../contract/read-schemas.js';
import type { DnsCheckResult } from '../../core/dns-check.js';

/** What the UI knows about a project: at least its id; name and plan once the API said so. */
export interface ProjectRef {
  id: string;
  name?: string;
  /** The API's word: one of the four plans the contract names, or a newer one. */
  plan?: string;
}

/** Every screen of the UI and what it needs to open. */
export type Route =
  | { name: 'welcome' }
  | { name: 'profileForm' }
  | { name: 'projects' }
  | { name: 'domains'; project: ProjectRef }
  | {
      name: 'domain';
      project: ProjectRef;
      domain: ReadDomain;
      justAdded?: boolean;
      /** A DNS check already run from the domains screen (d): shown as if run here. */
      check?: { result: DnsCheckResult; at: Date };
    }
  | { name: 'addDomain'; project: ProjectRef }
  | { name: 'raw'; project?: ProjectRef }
  | { name: 'profiles' };

export type RouteName = Route['name'];

/** A route on the stack; the key keeps a screen's state while screens above it come and go. */
export interface StackEntry {
  key: number;
  route: Route;
}

export interface NavigationState {
  stack: StackEntry[];
  nextKey: number;
}

export type NavigationAction =
  | { type: 'push'; route: Route }
  | { type: 'pop' }
  | { type: 'replace'; route: Route }
  /** Back to the nearest screen of this name; pushed when there is none (Esc comes back). */
  | { type: 'popTo'; route: Route }
  | { type: 'reset'; routes: Route[] };

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}

export function initialNavigation(routes: Route[]): NavigationState {
  return {
    stack: routes.map((route, key) => ({ key, route })),
    nextKey: routes.length,
  };
}

export function navigationReducer(
  state: NavigationState,
  action: NavigationAction,
): NavigationState {
  switch (action.type) {
    case 'push':
      return {
        stack: [...state.stack, { key: state.nextKey, route: action.route }],
        nextKey: state.nextKey + 1,
      };
    case 'pop':
      // The first screen stays: there is nothing behind it to go back to.
      return state.stack.length > 1 ? { ...state, stack: state.stack.slice(0, -1) } : state;
    case 'replace':
      return {
        stack: [...state.stack.slice(0, -1), { key: state.nextKey, route: action.route }],
        nextKey: state.nextKey + 1,
      };
    case 'popTo': {
      const index = state.stack.findLastIndex((entry) => entry.route.name === action.route.name);
      if (index >= 0) return { ...state, stack: state.stack.slice(0, index + 1) };
      return navigationReducer(state, { type: 'push', route: action.route });
    }
    case 'reset':
      return {
        stack: action.routes.map((route, i) => ({ key: state.nextKey + i, route })),
        nextKey: state.nextKey + action.routes.length,
      };
    default:
      return assertNever(action);
  }
}

/** The first screens of a session: its project's domains when it names one, else the projects. */
export function firstRoutes(session: { project?: string }): Route[] {
  return session.project
    ? [{ name: 'domains', project: { id: session.project } }]
    : [{ name: 'projects' }];
}

export function topRoute(state: NavigationState): Route {
  const top = state.stack.at(-1);
  if (!top) throw new Error('the navigation stack is empty');
  return top.route;
}

/** The project the screen on top works with, for the header. */
export function projectOf(route: Route): ProjectRef | undefined {
  switch (route.name) {
    case 'domains':
    case 'domain':
    case 'addDomain':
    case 'raw':
      return route.project;
    case 'welcome':
    case 'profileForm':
    case 'projects':
    case 'profiles':
      return undefined;
    default:
      return assertNever(route);
  }
}
