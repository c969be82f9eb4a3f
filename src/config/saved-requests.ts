import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../core/errors.js';
import { credentialPlaces, type RequestSpec, storableSpec } from '../core/request-spec.js';
import { writeFileAtomic } from './atomic-write.js';
import { requestsDir } from './data-dir.js';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { httpMethods } from '../contract/routes.js';
import { specFromFile, specToFile } from './request-file.js';
import { fileErrorReason } from '../core/file-errors.js';

// zod/mini, as config-file.ts: a file written by hand is checked, and its errors say where.
z.config(en());

/** A saved request's file: `<name>.json` in the requests folder. */
const SavedRequestFile = z.looseObject({
  description: z.optional(z.string()),
  method: z.enum(httpMethods as [string, ...string[]]),
  path: z.string().check(z.minLength(1)),
  headers: z.optional(z.array(z.string())),
  fields: z.optional(z.array(z.object({ kind: z.enum(['raw', 'typed']), text: z.string() }))),
  paginate: z.optional(z.boolean()),
  jq: z.optional(z.string()),
  jq_args: z.optional(z.array(z.tuple([z.string(), z.string()]))),
  /** The body as JSON (any JSON value); absent for none. */
  body: z.optional(z.unknown()),
});
type SavedRequestFile = z.infer<typeof SavedRequestFile>;

/** What a saved request may be called: it is its file's name, `<name>.json`. */
export const SAVED_REQUEST_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** A usage error for a name a saved request cannot have, or undefined for a good one. */
export function savedNameProblem(name: string): string | undefined {
  if (SAVED_REQUEST_NAME.test(name)) return undefined;
  return `"${name}" cannot name a saved request: use letters, digits, ".", "_" and "-" (up to 64, starting with a letter or digit)`;
}

/** A saved request as listed: its name and request, or why its file cannot be read. */
export type SavedRequestListing =
  | { name: string; path: string; spec: RequestSpec; description?: string }
  | { name: string; path: string; error: string };

const EXTENSION = '.json';

/**
 * Saved requests: one small JSON file a request, `<name>.json`, in a folder meant to be shared
 * and put in git (requestsDir: `--requests-dir`, DOMAINCTL_REQUESTS_DIR, or `requests` in the
 * config directory). A file holds the method, the path (placeholders such as `{project_id}`
 * kept, filled when it is sent), headers, the body as JSON, -f/-F fields, --paginate and --jq;
 * never a credential: headers that look like one are masked, as in the history (and left out
 * when it is sent), and a request with one anywhere else is refused (credentialPlaces). Files are
 * written atomically; a file edited by hand is checked when it is read, and its errors name it.
 */
export class SavedRequests {
  readonly dir: string;

  private constructor(dir: string) {
    this.dir = dir;
  }

  static open(options: { dir?: string; env?: NodeJS.ProcessEnv } = {}): SavedRequests {
    return new SavedRequests(requestsDir(options.dir, options.env));
  }

  /** The file of a saved request (checked name). */
  fileOf(name: string): string {
    const problem = savedNameProblem(name);
    if (problem) throw new ConfigError(problem);
    return join(this.dir, `${name}${EXTENSION}`);
  }

  exists(name: string): boolean {
    try {
      lstatSync(this.fileOf(name));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /**
   * Saves a request under a name, replacing the one of that name if there is one; says which.
   * The body is stored as JSON when it is JSON (prepareRequest lets no other body through).
   */
  save(name: string, spec: RequestSpec, description?: string): { path: string; created: boolean } {
    const path = this.fileOf(name);
    const places = credentialPlaces(spec);
    if (places.length > 0) {
      throw new ConfigError(
        `the request holds a credential (in ${places.join(', ')}), and a saved request, meant to be shared, never keeps one: nothing was saved; leave it out, and give it when you send the request (--saved ${name} with -d, -f/-F, --arg or a path)`,
      );
    }
    const created = !this.exists(name);
    const stored = storableSpec(spec);
    const file: SavedRequestFile = {
      ...(description ? { description } : {}),
      ...specToFile(stored),
      ...(stored.body !== undefined ? { body: bodyValue(stored.body) } : {}),
    };
    try {
      mkdirSync(this.dir, { recursive: true });
      writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`, 0o644);
    } catch (error) {
      throw new ConfigError(`cannot write ${path}: ${fileErrorReason(error)}`);
    }
    return { path, created };
  }

  /** The request saved under a name; a ConfigError (exit code 2) names the file when it cannot be used. */
  load(name: string): { spec: RequestSpec; path: string; description?: string } {
    const path = this.fileOf(name);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new ConfigError(`no saved request named "${name}" (there is no file ${path})`);
      }
      throw new ConfigError(`cannot read ${path}: ${fileErrorReason(error)}`);
    }
    return { ...parseSaved(text, path), path };
  }

  /** Every saved request, by name; a file that cannot be read is listed with its error. */
  list(): SavedRequestListing[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new ConfigError(`cannot read ${this.dir}: ${fileErrorReason(error)}`);
    }
    return names
      .filter((file) => file.endsWith(EXTENSION))
      .map((file) => file.slice(0, -EXTENSION.length))
      .filter((name) => SAVED_REQUEST_NAME.test(name))
      .sort()
      .map((name): SavedRequestListing => {
        const path = join(this.dir, `${name}${EXTENSION}`);
        try {
          return { name, path, ...parseSaved(readFileSync(path, 'utf8'), path) };
        } catch (error) {
          return { name, path, error: (error as Error).message };
        }
      });
  }

  remove(name: string): void {
    const path = this.fileOf(name);
    if (!this.exists(name)) throw new ConfigError(`no saved request named "${name}"`);
    rmSync(path);
  }
}

/** The body's JSON value, for the file: a saved body is JSON, as every body sent is. */
function bodyValue(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new ConfigError(`the body is not valid JSON: ${(error as Error).message}`);
  }
}

function parseSaved(text: string, path: string): { spec: RequestSpec; description?: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${path} is not valid JSON (${(error as Error).message})`);
  }
  const parsed = SavedRequestFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `${path} is not a saved request: ${issue?.path.map(String).join('.') || 'top level'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const file = parsed.data;
  const body = file.body === undefined ? undefined : JSON.stringify(file.body);
  return {
    spec: specFromFile(file, body),
    ...(file.description !== undefined ? { description: file.description } : {}),
  };
}
