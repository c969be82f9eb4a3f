import type { Profile } from './config-file.js';
import { DEFAULT_MAX_RESPONSE_BYTES, parseByteSize } from '../core/byte-size.js';
import { ConfigError } from '../core/errors.js';
import { currentIo } from '../core/io.js';
import type { ProfileColor } from '../core/profile-safety.js';
import { suggest } from '../core/suggested-commands.js';
import type { SettingSource } from '../core/token-advice.js';
import { ProfileStore, unknownProfile } from './profile-store.js';

/** The global options every command takes. */
export interface GlobalFlags {
  token?: string;
  profile?: string;
  project?: string;
  org?: string;
  baseUrl?: string;
  json?: boolean;
  /** commander's --no-color gives color: false. */
  color?: boolean;
  debug?: boolean;
  /** --max-response-size, in bytes (commander has parsed it). */
  maxResponseSize?: number;
  /** The UI's --watch-interval, in seconds. */
  watchInterval?: number;
  /** The UI's --bell. */
  bell?: boolean;
  /** The UI's --requests-dir (`api request` has its own, read the same way). */
  requestsDir?: string;
}

export type Source = SettingSource;

export interface ResolvedOptions {
  /** The profile in use, if any: named by --profile or DOMAINCTL_PROFILE, else the active one. */
  profile?: Profile;
  baseUrl?: string;
  token?: string;
  project?: string;
  org?: string;
  /** The profile sends no POST, PUT, PATCH or DELETE (`profile set NAME --read-only`). */
  readOnly: boolean;
  /** The profile's label and its colour, for the header of every screen. */
  label?: string;
  color?: ProfileColor;
  /** Where each value came from, for `--debug` and error messages. */
  sources: Partial<Record<'baseUrl' | 'token' | 'project' | 'org', Source>>;
  store: ProfileStore;
}

/**
 * Resolves who we are and where we talk to. Precedence, for each value on its own:
 * flag > environment (DOMAINCTL_TOKEN, DOMAINCTL_BASE_URL, DOMAINCTL_PROJECT) > profile.
 */
export function resolveOptions(
  flags: GlobalFlags,
  env: NodeJS.ProcessEnv = currentIo().env,
): ResolvedOptions {
  const store = ProfileStore.open(env);
  const profileName = flags.profile || env.DOMAINCTL_PROFILE || undefined;
  let profile: Profile | undefined;
  if (profileName) {
    profile = store.get(profileName);
    if (!profile) throw unknownProfile(profileName);
  } else {
    profile = store.active();
  }

  const sources: ResolvedOptions['sources'] = {};
  const pick = (
    key: keyof ResolvedOptions['sources'],
    flag: string | undefined,
    envValue: string | undefined,
    fromProfile: string | undefined,
  ): string | undefined => {
    if (flag) {
      sources[key] = 'flag';
      return flag;
    }
    if (envValue) {
      sources[key] = 'env';
      return envValue;
    }
    if (fromProfile) sources[key] = 'profile';
    return fromProfile || undefined;
  };

  return {
    profile,
    baseUrl: pick('baseUrl', flags.baseUrl, env.DOMAINCTL_BASE_URL, profile?.base_url),
    token: pick('token', flags.token, env.DOMAINCTL_TOKEN, profile?.token),
    project: pick('project', flags.project, env.DOMAINCTL_PROJECT, profile?.project),
    org: pick('org', flags.org, undefined, profile?.org),
    readOnly: profile?.read_only === true,
    ...(profile?.label !== undefined ? { label: profile.label } : {}),
    ...(profile?.color !== undefined ? { color: profile.color } : {}),
    sources,
    store,
  };
}

/**
 * With no profile at all and no API named (--base-url, DOMAINCTL_BASE_URL), nothing is set up
 * yet: the first error says so, with what is missing and the two ways on (a profile, or the
 * demo), rather than one missing setting after another, three failures in a row.
 */
export function refuseIfNothingSetUp(options: ResolvedOptions, needsProject: boolean): void {
  if (options.baseUrl || options.profile || options.store.list().length > 0) return;
  const missing = [
    ...(needsProject && !options.project ? ['project'] : []),
    'API',
    ...(options.token ? [] : ['token']),
  ];
  const named =
    missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} or ${missing.at(-1)}`;
  throw new ConfigError(
    `no profile yet, and no ${named} given: add a profile with ${suggest.profileAddFull()}, or try domainctl on demo data with ${suggest.demo()}`,
  );
}

/** The base URL, or a usage error that says the three ways to give one. */
export function requireBaseUrl(options: ResolvedOptions): string {
  if (options.baseUrl) return options.baseUrl;
  refuseIfNothingSetUp(options, false);
  throw new ConfigError(
    `no API to talk to: pass --base-url, set DOMAINCTL_BASE_URL, or add a profile: ${suggest.profileAdd()}`,
  );
}

/**
 * The most bytes one API answer may have, decoded: --max-response-size, else
 * DOMAINCTL_MAX_RESPONSE_SIZE, else 64 MiB. A variable that is not a size is a ConfigError (exit
 * code 2), never the default in its place.
 */
export function resolveMaxResponseBytes(
  flags: GlobalFlags,
  env: NodeJS.ProcessEnv = currentIo().env,
): number {
  if (flags.maxResponseSize !== undefined) return flags.maxResponseSize;
  const text = env.DOMAINCTL_MAX_RESPONSE_SIZE;
  if (!text) return DEFAULT_MAX_RESPONSE_BYTES;
  const bytes = parseByteSize(text);
  if (bytes === undefined) {
    throw new ConfigError(
      `DOMAINCTL_MAX_RESPONSE_SIZE "${text}" is not a size: write a number of bytes, or one with K, M or G after it (e.g. 64M)`,
    );
  }
  return bytes;
}
