import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { printableUrl } from '../core/mask.js';
import { HISTORY_LIMIT, type RequestSpec, storableSpec } from '../core/request-spec.js';
import { writeFileAtomic } from './atomic-write.js';
import { dataDir } from './data-dir.js';
import { type RequestKeys, specFromFile, specToFile } from './request-file.js';

export { HISTORY_LIMIT };

/** One request of the history: what was asked, and how it went. */
export interface HistoryEntry {
  /** When it was sent (ISO 8601, UTC). */
  time: string;
  /** The profile it was sent with; absent when none was in use. */
  profile?: string;
  /** The base URL it went to (credentials in it masked). */
  baseUrl?: string;
  /** The request, as storableSpec keeps it: credential-looking headers masked, no token. */
  spec: RequestSpec;
  /** The answer's status; absent when there was none. */
  status?: number;
  /** Milliseconds to the answer. */
  ms?: number;
  /** Why there was no answer (a network error, a timeout). */
  error?: string;
}

/** What record() takes: the entry; its time is now unless given. */
export type NewHistoryEntry = Omit<HistoryEntry, 'time'> & { time?: string };

// The file of the requests sent without a profile (flags and environment only): no profile name
// can start with "_", so it never names a profile's.
const NO_PROFILE = '_default';

// The file is compacted back to the limit once it holds this many more lines; between, a request
// is one appended line, so two runs at once never lose each other's.
const SLACK = 100;
// Below this size the file cannot hold more than the limit and the slack (no line is shorter
// than 50 bytes: `{"time":"…","method":"GET","path":"/"}` is 62), so its lines are not counted.
const COUNT_FROM_BYTES = (HISTORY_LIMIT + SLACK) * 50;

/** The base URL with any credential in it masked, and without the slash the URL parser adds. */
function printableBaseUrl(baseUrl: string): string {
  try {
    const shown = printableUrl(baseUrl);
    return baseUrl.endsWith('/') ? shown : shown.replace(/\/$/, '');
  } catch {
    return baseUrl;
  }
}

/** One line of a history file. */
interface HistoryLine extends RequestKeys {
  time: string;
  body?: string;
  profile?: string;
  base_url?: string;
  status?: number;
  ms?: number;
  error?: string;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const isString = (value: unknown): value is string => typeof value === 'string';
const optional = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || check(value);
const stringList = (value: unknown) => Array.isArray(value) && value.every(isString);

/**
 * A history line checked by hand rather than with zod, which would cost every request's start:
 * a line that is not what record() writes (a hand edit, a newer version's) is skipped whole.
 */
function isHistoryLine(raw: unknown): raw is HistoryLine {
  if (typeof raw !== 'object' || raw === null) return false;
  const line = raw as Record<string, unknown>;
  return (
    isString(line.time) &&
    METHODS.has(line.method as string) &&
    isString(line.path) &&
    optional(line.headers, stringList) &&
    optional(line.body, isString) &&
    optional(
      line.fields,
      (fields) =>
        Array.isArray(fields) &&
        fields.every(
          (f: { kind?: unknown; text?: unknown }) =>
            (f?.kind === 'raw' || f?.kind === 'typed') && isString(f.text),
        ),
    ) &&
    optional(line.paginate, (v) => typeof v === 'boolean') &&
    optional(line.jq, isString) &&
    optional(
      line.jq_args,
      (args) => Array.isArray(args) && args.every((pair) => stringList(pair) && pair.length === 2),
    ) &&
    optional(line.profile, isString) &&
    optional(line.base_url, isString) &&
    optional(line.status, Number.isInteger) &&
    optional(line.ms, (v) => typeof v === 'number') &&
    optional(line.error, isString)
  );
}

const parseLine = (text: string): HistoryEntry | undefined => {
  let line: unknown;
  try {
    line = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isHistoryLine(line)) return undefined;
  return {
    time: line.time,
    ...(line.profile !== undefined ? { profile: line.profile } : {}),
    ...(line.base_url !== undefined ? { baseUrl: line.base_url } : {}),
    spec: specFromFile(line, line.body),
    ...(line.status !== undefined ? { status: line.status } : {}),
    ...(line.ms !== undefined ? { ms: line.ms } : {}),
    ...(line.error !== undefined ? { error: line.error } : {}),
  };
};

/**
 * The requests sent with one profile (by `api request` and the raw-request screen), kept across
 * sessions in the user's data directory (see dataDir), never in the config file: one JSON line a
 * request in `history/<profile>.jsonl`, mode 0600 in a 0700 folder. The last HISTORY_LIMIT are
 * kept. Nothing in it is a credential: the token is the profile's and never written, headers
 * that look like credentials are masked as --debug masks them.
 *
 * A request is one line appended in one write (O_APPEND), so runs at the same time never
 * overwrite each other's; once the file holds HISTORY_LIMIT + SLACK lines it is rewritten with
 * the last HISTORY_LIMIT, atomically. A line that does not parse (a crash mid-write, a hand edit)
 * is skipped.
 */
export class RequestHistory {
  /** The history file. */
  readonly path: string;

  private constructor(path: string) {
    this.path = path;
  }

  /** The history of a profile (none: the requests sent without one). */
  static open(options: { profile?: string; env?: NodeJS.ProcessEnv } = {}): RequestHistory {
    const folder = join(dataDir(options.env), 'history');
    return new RequestHistory(join(folder, `${options.profile ?? NO_PROFILE}.jsonl`));
  }

  /** Adds a request; credential-looking header values and query parameters are masked first. */
  record(entry: NewHistoryEntry): HistoryEntry {
    const spec = storableSpec(entry.spec);
    const stored: HistoryEntry = {
      ...entry,
      time: entry.time ?? new Date().toISOString(),
      spec,
      ...(entry.baseUrl !== undefined ? { baseUrl: printableBaseUrl(entry.baseUrl) } : {}),
    };
    const line: HistoryLine = {
      time: stored.time,
      ...(stored.profile !== undefined ? { profile: stored.profile } : {}),
      ...(stored.baseUrl !== undefined ? { base_url: stored.baseUrl } : {}),
      ...specToFile(spec),
      ...(spec.body !== undefined ? { body: spec.body } : {}),
      ...(stored.status !== undefined ? { status: stored.status } : {}),
      ...(stored.ms !== undefined ? { ms: Math.round(stored.ms) } : {}),
      ...(stored.error !== undefined ? { error: stored.error } : {}),
    };
    mkdirSync(join(this.path, '..'), { recursive: true, mode: 0o700 });
    // Never through a link: the file is ours, private, and only appended to.
    const fd = openSync(
      this.path,
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW,
      0o600,
    );
    let size: number;
    try {
      fchmodSync(fd, 0o600);
      writeSync(fd, `${JSON.stringify(line)}\n`);
      size = fstatSync(fd).size;
    } finally {
      closeSync(fd);
    }
    if (size > COUNT_FROM_BYTES) this.compact();
    return stored;
  }

  /** The requests, newest first (at most HISTORY_LIMIT). None when the file does not exist. */
  list(): HistoryEntry[] {
    const entries: HistoryEntry[] = [];
    for (const text of this.lines().reverse()) {
      const entry = parseLine(text);
      if (entry) entries.push(entry);
      if (entries.length === HISTORY_LIMIT) break;
    }
    return entries;
  }

  /** Forgets every request of this profile. */
  clear(): void {
    if (this.lines().length > 0) writeFileAtomic(this.path, '', 0o600);
  }

  private lines(): string[] {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return text.split('\n').filter((line) => line.trim() !== '');
  }

  private compact(): void {
    const lines = this.lines();
    if (lines.length <= HISTORY_LIMIT + SLACK) return;
    writeFileAtomic(this.path, `${lines.slice(-HISTORY_LIMIT).join('\n')}\n`, 0o600);
  }
}
