import { createHash } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { createApiClient } from '../client/api-client.js';
import { homeDir } from '../core/home-dir.js';
import { Deadline } from '../client/deadline.js';
import { writeFileAtomic } from '../config/atomic-write.js';
import { PROFILE_NAME } from '../config/profile-name.js';
import { type GlobalFlags, resolveOptions } from '../config/resolve.js';
import { httpMethods } from '../contract/routes.js';
import { normalizeHostname } from '../contract/hostname.js';
import { idPrefixes, PAGE_SIZE_MAX, PARAM_PATTERN } from '../contract/params.js';
import { routePaths } from '../contract/route-paths.js';
import { currentIo } from '../core/io.js';

// The live values shell completion offers: profile names from the config file, project IDs and
// domain names from the API (cached), methods and paths from the route table. Nothing here may
// fail the completion or hold the shell: any error means no candidates.

/** How long a list of project IDs or domain names is served from the cache, the API not asked. */
export const LIVE_CACHE_MS = 5 * 60 * 1000;
/**
 * When the answer to a Tab must be out, counted from the start of Node's clock (Node's start
 * included, which is most of it on a busy machine): the API gets what is left, at least 100 ms.
 * The rest of the second is for what that clock does not see: the exec before it starts, and the
 * exit after the answer (the compile cache is written then), which together passed 150 ms on a
 * loaded machine; so on a quiet machine the whole process answers a Tab within 1 s (on one
 * running a whole test suite, Node's start alone took most of a second).
 */
export const ANSWER_WITHIN_MS = 750;

/** The global flags written on the command line so far (`--profile x`, `--base-url=y`). */
export function flagsOnLine(words: readonly string[]): GlobalFlags {
  const flags: GlobalFlags = {};
  const names = {
    '--profile': 'profile',
    '--base-url': 'baseUrl',
    '--token': 'token',
    '--project': 'project',
  } as const;
  words.forEach((word, i) => {
    for (const [flag, key] of Object.entries(names)) {
      if (word === flag && words[i + 1] !== undefined) flags[key] = words[i + 1];
      else if (word.startsWith(`${flag}=`)) flags[key] = word.slice(flag.length + 1);
    }
  });
  return flags;
}

export function profileNames(): string[] {
  try {
    return resolveOptions({})
      .store.list()
      .map((p) => p.name)
      .filter((name) => PROFILE_NAME.test(name))
      .sort();
  } catch {
    return [];
  }
}

/**
 * The project the line would use (--project, DOMAINCTL_PROJECT, the profile's), for paths; only
 * one a project ID can be, since the paths it fills are offered to the shell.
 */
export function activeProject(flags: GlobalFlags): string | undefined {
  try {
    const { project } = resolveOptions(flags);
    return offerableProject(project) ? project : undefined;
  } catch {
    return undefined;
  }
}

/** `$XDG_CACHE_HOME/domainctl/completion`, else `~/.cache/domainctl/completion`. */
function cacheDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CACHE_HOME;
  return join(
    xdg && isAbsolute(xdg) ? xdg : join(homeDir(env), '.cache'),
    'domainctl',
    'completion',
  );
}

/**
 * A candidate goes onto the user's command line, and the shell scripts hand it on as text; but
 * it comes from the API or from a cache file someone else may have written, so only what the
 * contract allows is offered: a project ID is `prj_` and then the path parameters' characters, a
 * domain a host name in the form the API stores it (lower-case letters, digits, hyphens, dots).
 * Neither can hold a character any shell reads as more than a letter; anything else is left out,
 * never shown.
 */
export function offerableProject(id: unknown): id is string {
  const prefix = idPrefixes.project_id;
  return (
    typeof id === 'string' &&
    id.length > prefix.length &&
    id.startsWith(prefix) &&
    PARAM_PATTERN.test(id)
  );
}

export function offerableDomain(name: unknown): name is string {
  if (typeof name !== 'string') return false;
  const host = normalizeHostname(name);
  return host.ok && host.hostname === name;
}

async function readCache(
  file: string,
  offerable: (value: unknown) => value is string,
): Promise<{ values: string[]; fresh: boolean } | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const values = JSON.parse(text) as unknown;
    if (!Array.isArray(values)) return undefined;
    return {
      values: values.filter(offerable),
      fresh: Date.now() - info.mtimeMs < LIVE_CACHE_MS,
    };
  } catch {
    return undefined;
  }
}

/** What one kind of live value needs: its cache file's name and how to ask the API for it. */
interface LiveValues {
  kind: 'projects' | 'domains';
  /** What besides the profile and base URL the list depends on (the project, for domains). */
  scope?: string;
  ask: (client: ReturnType<typeof createApiClient>) => Promise<unknown[]>;
  offerable: (value: unknown) => value is string;
}

/**
 * Values from the API of the profile the line uses: from the cache when it is younger than five
 * minutes, else from the API within ANSWER_WITHIN_MS of the start (then cached); an API that is
 * slow or down gets the cache however old, or nothing. The cache is keyed by profile, base URL
 * (and project, for domains), never the token.
 */
async function liveValues(
  options: ReturnType<typeof resolveOptions>,
  env: NodeJS.ProcessEnv,
  live: LiveValues,
): Promise<string[]> {
  if (!options.baseUrl) return [];
  const key = createHash('sha256')
    .update(`${options.profile?.name ?? ''}\n${options.baseUrl}\n${live.scope ?? ''}`)
    .digest('hex')
    .slice(0, 24);
  const dir = cacheDir(env);
  const file = join(dir, `${live.kind}-${key}.json`);
  const cached = await readCache(file, live.offerable);
  if (cached?.fresh) return cached.values;
  const left = Math.max(100, ANSWER_WITHIN_MS - performance.now());
  const deadline = Deadline.after(left);
  try {
    const client = createApiClient({
      baseUrl: options.baseUrl,
      token: options.token,
      deadline,
      timeoutMs: left,
    });
    const values = (await live.ask(client)).filter(live.offerable);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Whole or not at all: a Tab pressed in another shell meanwhile reads the old list or this one.
    writeFileAtomic(file, JSON.stringify(values), 0o600);
    return values;
  } catch {
    return cached?.values ?? [];
  } finally {
    deadline.dispose();
  }
}

function resolved(flags: GlobalFlags, env: NodeJS.ProcessEnv) {
  try {
    return resolveOptions(flags, env);
  } catch {
    return undefined;
  }
}

/** The projects of the profile the line uses (one page of 100), cached. */
export async function projectIds(
  flags: GlobalFlags,
  env: NodeJS.ProcessEnv = currentIo().env,
): Promise<string[]> {
  const options = resolved(flags, env);
  if (!options) return [];
  return liveValues(options, env, {
    kind: 'projects',
    ask: async (client) =>
      (await client.listProjects({ pageSize: PAGE_SIZE_MAX })).projects.map((p) => p.id),
    offerable: offerableProject,
  });
}

/**
 * The host names of the domains of the project the line uses (its newest 100), cached as
 * project IDs are: for the commands that take a domain of the project (`domains records <TAB>`).
 * Each item is read only for its host name, so one odd item does not cost the others.
 */
export async function domainNames(
  flags: GlobalFlags,
  env: NodeJS.ProcessEnv = currentIo().env,
): Promise<string[]> {
  const options = resolved(flags, env);
  const project = options?.project;
  if (!options || !offerableProject(project)) return [];
  return liveValues(options, env, {
    kind: 'domains',
    scope: project,
    ask: async (client) =>
      (await client.listDomainsPage(project, { pageSize: PAGE_SIZE_MAX })).domains.map(
        (d) => (d as { domain?: unknown }).domain,
      ),
    offerable: offerableDomain,
  });
}

/** `api request <method>`: the methods of the route table. */
export const methods = (): string[] => [...httpMethods];

/**
 * `api request <method> <path>`: every template of the route table, and the paths they become
 * with the project (`/v1/projects/prj_x/domains`), for the method typed when there is one.
 */
export function apiPaths(method: string | undefined, project: string | undefined): string[] {
  const wanted = method?.toUpperCase();
  const paths = [...routePaths(undefined), ...(project ? routePaths(project) : [])]
    .filter((c) => !wanted || !httpMethods.includes(wanted as never) || c.methods.includes(wanted))
    .map((c) => c.path);
  return [...new Set(paths)];
}
