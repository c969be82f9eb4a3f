import type { ApiClient } from '../../client/api-client.js';
import type { SettingSource, TokenOrigin } from '../../core/token-advice.js';
import type { HttpMethod } from '../../contract/routes.js';
import type { ProjectRef } from './navigation.js';
import type { ProfileColor } from '../../core/profile-safety.js';
import type { HistoryStore } from '../raw/request-library.js';
import type { UiServices } from './services.js';

/** The demo's profile name: it lives in memory only and is never saved. */
export const DEMO_PROFILE = 'demo';

/** Who we are and which API we talk to; absent until the welcome screen has made one. */
export interface Session {
  /** The profile in use; undefined when flags or the environment alone name the API. */
  profileName?: string;
  /** The demo's profile lives only in memory and never touches the saved profiles. */
  ephemeral: boolean;
  baseUrl: string;
  token?: string;
  /** Where the token came from, for the advice after a 401; undefined for the demo's own key. */
  tokenOrigin?: TokenOrigin;
  /** Where the base URL came from, for the advice when the API cannot be reached. */
  baseUrlSource?: SettingSource;
  /** The default project (flag, environment or profile). */
  project?: string;
  org?: string;
  /** The session's client: its requests end when the UI quits. */
  client: ApiClient;
  /**
   * A client whose requests also end when `signal` aborts: each screen's own, which leaving the
   * screen aborts (useScreenClient).
   */
  connect(signal: AbortSignal): ApiClient;
  /** Projects opened last, most recent first. */
  recentProjects(): string[];
  rememberProject(project: ProjectRef): void;
  /**
   * The profile sends no POST, PUT, PATCH or DELETE (`profile set NAME --read-only`): the raw
   * screen and the client refuse them with one line, nothing sent.
   */
  readOnly: boolean;
  /** The profile's label ("production") and colour, shown in the header of every screen. */
  label?: string;
  color?: ProfileColor;
  /** The requests the raw screen sent with this profile, kept as `api request` keeps them. */
  history: HistoryStore;
}

/** A request as the raw screen's form holds it: what ↑, the history and a paste load into it. */
export interface RequestHistoryEntry {
  method: HttpMethod;
  path: string;
  /** `Name: value` lines. */
  headers: string;
  body: string;
}

export interface SessionInput {
  profileName?: string;
  ephemeral?: boolean;
  baseUrl: string;
  token?: string;
  /** Default: a saved profile's own settings (the welcome screen's form has just saved them). */
  tokenOrigin?: TokenOrigin;
  baseUrlSource?: SettingSource;
  project?: string;
  org?: string;
  readOnly?: boolean;
  label?: string;
  color?: ProfileColor;
}

export function createSession(services: UiServices, input: SessionInput): Session {
  const ephemeral = input.ephemeral ?? false;
  // The demo's recent projects are kept under a key no saved profile can have.
  const recentKey = ephemeral ? undefined : input.profileName;
  const saved = !ephemeral && input.profileName !== undefined;
  const readOnly = input.readOnly === true;
  // The client refuses what a read-only profile may not send, naming the profile.
  const safety = { readOnly, profile: input.profileName };
  return {
    profileName: input.profileName,
    ephemeral,
    baseUrl: input.baseUrl,
    token: input.token,
    tokenOrigin:
      input.tokenOrigin ??
      (saved
        ? { source: input.token ? 'profile' : undefined, profileName: input.profileName }
        : undefined),
    baseUrlSource: input.baseUrlSource ?? (saved ? 'profile' : undefined),
    project: input.project,
    org: input.org,
    client: services.connect({ baseUrl: input.baseUrl, token: input.token, ...safety }),
    connect: (signal) =>
      services.connect({ baseUrl: input.baseUrl, token: input.token, signal, ...safety }),
    recentProjects: () => services.recentProjects(recentKey),
    rememberProject: (project: ProjectRef) => services.rememberProject(recentKey, project.id),
    readOnly,
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.color !== undefined ? { color: input.color } : {}),
    history: services.requestHistory({ profileName: input.profileName, ephemeral }),
  };
}
