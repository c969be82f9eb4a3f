import { createHash } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { createApiClient } from '../client/api-client.js';
import { homeDir } from '../core/home-dir.js';
import { Deadline } from '../client/deadline.js';
import { writeFileAtomic } from '../config/atomic-write.js';
import { type GlobalFlags, resolveOptions } from '../config/resolve.js';
import { httpMethods } from '../contract/routes.js';
import { routePaths } from '../contract/route-paths.js';
import { hasControls } from '../core/sanitize.js';
import { currentIo } from '../core/io.js';

// The live values shell completion offers: profile names from the config file, project IDs
// from the API (cached), methods and paths from the route table. Nothing here may fail the
// completion or hold the shell: any error means no candidates.

/** How long a project list is served from the cache without asking the API again. */
export const PROJECT_CACHE_MS = 5 * 60 * 1000;
/**
 * When the answer to a Tab must be out, counted from the start of Node's clock (Node's start
 * included, which is most of it on a busy machine): the API gets what is left, at least 100 ms.
 * The rest of the second is for what that clock does not see: the exec before it starts, and the
 * exit after the answer (the compile cache is written then), which together passed 150 ms on a
 * loaded machine; so the whole process answers a Tab within 1 s.
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
      .sort();
  } catch {
    return [];
  }
}

/** The project the line would use (--project, DOMAINCTL_PROJECT, the profile's), for paths. */
export function activeProject(flags: GlobalFlags): string | undefined {
  try {
    return resolveOptions(flags).project;
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
 * An ID is the API's text, and a candidate goes onto the command line as it is: one with a
 * control character (a terminal would obey it) or a space (the shell would split it) is left
 * out, never shown; from the API or from a cache file someone else may have written.
 */
const offerable = (id: unknown): id is string =>
  typeof id === 'string' && id !== '' && !hasControls(id) && !/\s/.test(id);

async function readCache(file: string): Promise<{ ids: string[]; fresh: boolean } | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const ids = JSON.parse(text) as unknown;
    if (!Array.isArray(ids)) return undefined;
    return { ids: ids.filter(offerable), fresh: Date.now() - info.mtimeMs < PROJECT_CACHE_MS };
  } catch {
    return undefined;
  }
}

/**
 * The projects of the profile the line uses: from the cache when it is younger than five minutes,
 * else from the API within ANSWER_WITHIN_MS of the start (then cached); an API that is slow or down gets the
 * cache however old, or nothing. The cache is keyed by profile and base URL, never the token.
 */
export async function projectIds(
  flags: GlobalFlags,
  env: NodeJS.ProcessEnv = currentIo().env,
): Promise<string[]> {
  let options: ReturnType<typeof resolveOptions>;
  try {
    options = resolveOptions(flags, env);
  } catch {
    return [];
  }
  if (!options.baseUrl) return [];
  const key = createHash('sha256')
    .update(`${options.profile?.name ?? ''}\n${options.baseUrl}`)
    .digest('hex')
    .slice(0, 24);
  const dir = cacheDir(env);
  const file = join(dir, `projects-${key}.json`);
  const cached = await readCache(file);
  if (cached?.fresh) return cached.ids;
  const left = Math.max(100, ANSWER_WITHIN_MS - performance.now());
  const deadline = Deadline.after(left);
  try {
    const client = createApiClient({
      baseUrl: options.baseUrl,
      token: options.token,
      deadline,
      timeoutMs: left,
    });
    const page = await client.listProjects({ pageSize: 100 });
    const ids = page.projects.map((p) => p.id).filter(offerable);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Whole or not at all: a Tab pressed in another shell meanwhile reads the old list or this one.
    writeFileAtomic(file, JSON.stringify(ids), 0o600);
    return ids;
  } catch {
    return cached?.ids ?? [];
  } finally {
    deadline.dispose();
  }
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
