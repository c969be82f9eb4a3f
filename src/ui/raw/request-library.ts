import {
  boundedSpec,
  type HistoryEntry,
  type NewHistoryEntry,
  RequestHistory,
} from '../../config/request-history.js';
import { SavedRequests, type SavedRequestListing } from '../../config/saved-requests.js';
import type { RequestSpec } from '../../core/request-spec.js';
import { storableSpec } from '../../core/request-spec.js';

/** The requests of a profile the raw screen sent, newest first; recorded as each is answered. */
export interface HistoryStore {
  list(): HistoryEntry[];
  record(entry: NewHistoryEntry): void;
  /** Where it is kept, for messages; undefined when only in memory (the demo). */
  path?: string;
}

/** The saved requests, one file each, in the folder meant to be shared. */
export interface SavedStore {
  dir: string;
  /** The folder as `--requests-dir` named it, for the command a save suggests; else undefined. */
  flag?: string;
  /** The demo's own folder, removed when it ends: a save suggests no command to send it later. */
  temporary: boolean;
  list(): SavedRequestListing[];
  /** Whether a request is saved under `name` already, and the file it is (or would be) in. */
  exists(name: string): boolean;
  fileOf(name: string): string;
  save(name: string, spec: RequestSpec): { path: string; created: boolean };
  load(name: string): { spec: RequestSpec; path: string };
}

/**
 * DOMAINCTL_HISTORY=off (or 0, false, no) keeps what is sent out of the history, as it does for
 * `api request` (commands/request-recording.ts reads it the same way; a face cannot import the
 * other's module).
 */
function historyEnabled(env: NodeJS.ProcessEnv): boolean {
  const value = env.DOMAINCTL_HISTORY?.trim().toLowerCase();
  return !value || !['off', '0', 'false', 'no'].includes(value);
}

/**
 * The history of a profile as `api request` keeps it (the user's data directory), or, for the
 * demo, in memory: its server is gone when the UI ends, and so is what was sent to it. The
 * in-memory one keeps what the file would (credentials masked, texts bounded), so both read the same.
 */
export function historyStore(
  session: { profileName?: string; ephemeral: boolean },
  env: NodeJS.ProcessEnv,
): HistoryStore {
  if (!session.ephemeral) {
    const history = RequestHistory.open({ profile: session.profileName, env });
    const recording = historyEnabled(env);
    return {
      list: () => history.list(),
      record: (e) => {
        if (recording) history.record(e);
      },
      path: history.path,
    };
  }
  const entries: HistoryEntry[] = [];
  return {
    list: () => [...entries].reverse(),
    record: (e) => {
      entries.push({
        ...e,
        time: e.time ?? new Date().toISOString(),
        spec: boundedSpec(storableSpec(e.spec)),
      });
    },
  };
}

export function savedStore(
  dir: string | undefined,
  env: NodeJS.ProcessEnv,
  temporary = false,
): SavedStore {
  const saved = SavedRequests.open({ dir, env });
  return {
    dir: saved.dir,
    flag: temporary ? undefined : dir || undefined,
    temporary,
    list: () => saved.list(),
    exists: (name) => saved.exists(name),
    fileOf: (name) => saved.fileOf(name),
    save: (name, spec) => saved.save(name, spec),
    load: (name) => saved.load(name),
  };
}
