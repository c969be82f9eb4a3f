import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { maskCredentialShapes, printableUrl } from '../core/mask.js';
import { HISTORY_LIMIT, type RequestSpec, storableSpec } from '../core/request-spec.js';
import { writeFileAtomic } from './atomic-write.js';
import { dataDir } from './data-dir.js';
import { withHistoryLock } from './history-lock.js';
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
// is one appended line.
const SLACK = 100;
// Below this size the file cannot hold more than the limit and the slack (no line is shorter
// than 50 bytes: `{"time":"…","method":"GET","path":"/"}` is 62), so its lines are not counted.
const COUNT_FROM_BYTES = (HISTORY_LIMIT + SLACK) * 50;

/** The most of a request's body a history line keeps (characters); the rest is cut, with a mark. */
export const HISTORY_BODY_LIMIT = 8 * 1024;
/** The most of any other text of a request a line keeps (the path, a header, a field, --jq, an --arg). */
export const HISTORY_TEXT_LIMIT = 1024;
/** The most headers, fields or --arg pairs a line keeps of one request. */
const HISTORY_LIST_LIMIT = 32;
/**
 * The most a history line may hold (bytes, with its line break). A line that would be longer
 * even with its texts cut keeps only the time, method, path and outcome; a longer line in the
 * file (one written by hand, or by a version without this bound) is skipped when read and dropped
 * when the file is compacted.
 */
export const HISTORY_LINE_LIMIT = 64 * 1024;
// The most of the file that is read: its last (limit + slack) lines, at their longest. A file
// larger than that (grown by a version without these bounds) is compacted to its newest lines.
const READ_LIMIT = (HISTORY_LIMIT + SLACK) * HISTORY_LINE_LIMIT;

/** The text cut to `limit` characters (never half of a surrogate pair), with a mark saying so. */
function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const end = /[\ud800-\udbff]/.test(text[limit - 1] ?? '') ? limit - 1 : limit;
  return `${text.slice(0, end)}…[cut: ${text.length} characters in all]`;
}

/**
 * A request as a history line may keep it: its body cut to HISTORY_BODY_LIMIT characters, every
 * other text to HISTORY_TEXT_LIMIT, each list to its first HISTORY_LIST_LIMIT entries. A request
 * whose texts were cut cannot be sent again as it was, and says so by its mark.
 */
export function boundedSpec(spec: RequestSpec): RequestSpec {
  const text = (value: string) => cut(value, HISTORY_TEXT_LIMIT);
  const list = <T>(values: T[] | undefined, each: (value: T) => T) =>
    values?.slice(0, HISTORY_LIST_LIMIT).map(each);
  const headers = list(spec.headers, text);
  const fields = list(spec.fields, (f) => ({ kind: f.kind, text: text(f.text) }));
  const jqArgs = list(spec.jqArgs, ([n, v]) => [text(n), text(v)] as [string, string]);
  return {
    method: spec.method,
    path: text(spec.path),
    ...(headers ? { headers } : {}),
    ...(spec.body !== undefined ? { body: cut(spec.body, HISTORY_BODY_LIMIT) } : {}),
    ...(fields ? { fields } : {}),
    ...(spec.paginate ? { paginate: true } : {}),
    ...(spec.jq !== undefined ? { jq: text(spec.jq) } : {}),
    ...(jqArgs ? { jqArgs } : {}),
  };
}

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
 * kept. Nothing in it is a credential: the token is the profile's and never written, and every
 * value that looks like one is masked by the rule of everything stored (storableSpec).
 *
 * A request is one line appended in one write (O_APPEND); once the file holds HISTORY_LIMIT +
 * SLACK lines it is rewritten with the last HISTORY_LIMIT, atomically. Both hold the history's
 * lock (history-lock.ts), so a compaction never drops a line another run appends meanwhile. Each
 * line is bounded (boundedSpec, HISTORY_LINE_LIMIT), and so the file. A line that does not parse
 * (a crash mid-write, a hand edit) is skipped.
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

  /**
   * Adds a request: credentials masked first (storableSpec), then bounded (boundedSpec,
   * HISTORY_LINE_LIMIT). Appending and compacting hold the history's lock (history-lock.ts).
   */
  record(entry: NewHistoryEntry): HistoryEntry {
    const spec = boundedSpec(storableSpec(entry.spec));
    const stored: HistoryEntry = {
      ...entry,
      time: entry.time ?? new Date().toISOString(),
      spec,
      ...(entry.baseUrl !== undefined
        ? { baseUrl: maskCredentialShapes(printableBaseUrl(entry.baseUrl)) }
        : {}),
      ...(entry.error !== undefined
        ? { error: cut(maskCredentialShapes(entry.error), HISTORY_TEXT_LIMIT) }
        : {}),
    };
    const outcome = {
      ...(stored.status !== undefined ? { status: stored.status } : {}),
      ...(stored.ms !== undefined ? { ms: Math.round(stored.ms) } : {}),
      ...(stored.error !== undefined ? { error: stored.error } : {}),
    };
    const line: HistoryLine = {
      time: stored.time,
      ...(stored.profile !== undefined ? { profile: cut(stored.profile, HISTORY_TEXT_LIMIT) } : {}),
      ...(stored.baseUrl !== undefined
        ? { base_url: cut(stored.baseUrl, HISTORY_TEXT_LIMIT) }
        : {}),
      ...specToFile(spec),
      ...(spec.body !== undefined ? { body: spec.body } : {}),
      ...outcome,
    };
    let text = `${JSON.stringify(line)}\n`;
    if (Buffer.byteLength(text) > HISTORY_LINE_LIMIT) {
      text = `${JSON.stringify({ time: line.time, method: line.method, path: line.path, ...outcome })}\n`;
    }
    mkdirSync(join(this.path, '..'), { recursive: true, mode: 0o700 });
    withHistoryLock(this.path, () => {
      // Never through a link: the file is ours, private, and only appended to.
      const fd = openSync(
        this.path,
        constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW,
        0o600,
      );
      let size: number;
      try {
        fchmodSync(fd, 0o600);
        writeSync(fd, text);
        size = fstatSync(fd).size;
      } finally {
        closeSync(fd);
      }
      if (size > COUNT_FROM_BYTES) this.compact(size);
    });
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
    withHistoryLock(this.path, () => {
      if (this.lines().length > 0) writeFileAtomic(this.path, '', 0o600);
    });
  }

  /**
   * The file's lines, at most its last READ_LIMIT bytes (a line cut by that start is left out),
   * each at most HISTORY_LINE_LIMIT: a file grown past every bound is still read in bounded
   * memory, and its newest lines are there.
   */
  private lines(): string[] {
    let fd: number;
    try {
      fd = openSync(this.path, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    let text: string;
    let partial: boolean;
    try {
      const size = fstatSync(fd).size;
      const length = Math.min(size, READ_LIMIT);
      const bytes = Buffer.alloc(length);
      let read = 0;
      while (read < length) {
        const n = readSync(fd, bytes, read, length - read, size - length + read);
        if (n === 0) break;
        read += n;
      }
      text = bytes.subarray(0, read).toString('utf8');
      partial = size > length;
    } finally {
      closeSync(fd);
    }
    const lines = text.split('\n');
    if (partial) lines.shift();
    return lines.filter(
      (line) => line.trim() !== '' && Buffer.byteLength(line) < HISTORY_LINE_LIMIT,
    );
  }

  /** Rewrites the file with its newest HISTORY_LIMIT lines; the caller holds the lock. */
  private compact(size: number): void {
    const lines = this.lines();
    if (lines.length <= HISTORY_LIMIT + SLACK && size <= READ_LIMIT) return;
    writeFileAtomic(this.path, `${lines.slice(-HISTORY_LIMIT).join('\n')}\n`, 0o600);
  }
}
