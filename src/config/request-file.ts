// zod/mini, as config-file.ts: `api request --saved` reads one of these on its way to sending.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { httpMethods } from '../contract/routes.js';
import type { RequestSpec } from '../core/request-spec.js';

z.config(en());

// A request as the history and the saved-request files hold it: snake_case keys, as the config
// file has, and only the keys that were given. A saved request holds its body as JSON (it reads
// well in a diff); the history keeps the text as it was sent.
const fields = {
  method: z.enum(httpMethods as [string, ...string[]]),
  path: z.string().check(z.minLength(1)),
  headers: z.optional(z.array(z.string())),
  fields: z.optional(z.array(z.object({ kind: z.enum(['raw', 'typed']), text: z.string() }))),
  paginate: z.optional(z.boolean()),
  jq: z.optional(z.string()),
  jq_args: z.optional(z.array(z.tuple([z.string(), z.string()]))),
};

/** A saved request's file: `<name>.json` in the requests folder. */
export const SavedRequestFile = z.looseObject({
  ...fields,
  /** The body as JSON (any JSON value); absent for none. */
  body: z.optional(z.unknown()),
  description: z.optional(z.string()),
});

/** One line of a history file. */
export const HistoryLine = z.looseObject({
  ...fields,
  body: z.optional(z.string()),
  time: z.string(),
  profile: z.optional(z.string()),
  base_url: z.optional(z.string()),
  status: z.optional(z.number()),
  ms: z.optional(z.number()),
  error: z.optional(z.string()),
});

export type SavedRequestFile = z.infer<typeof SavedRequestFile>;
export type HistoryLine = z.infer<typeof HistoryLine>;

/** The keys of a request in either file, the body apart. */
export interface RequestKeys {
  method: string;
  path: string;
  headers?: string[];
  fields?: { kind: 'raw' | 'typed'; text: string }[];
  paginate?: boolean;
  jq?: string;
  jq_args?: [string, string][];
}

/** The keys a request has in a file, from a spec (only those given). */
export function specToFile(spec: RequestSpec): RequestKeys {
  return {
    method: spec.method,
    path: spec.path,
    ...(spec.headers?.length ? { headers: spec.headers } : {}),
    ...(spec.fields?.length ? { fields: spec.fields } : {}),
    ...(spec.paginate ? { paginate: true } : {}),
    ...(spec.jq !== undefined ? { jq: spec.jq } : {}),
    ...(spec.jqArgs?.length ? { jq_args: spec.jqArgs } : {}),
  };
}

/** A spec from a file's keys; `body` is the body's JSON text, already made from the file's. */
export function specFromFile(file: RequestKeys, body: string | undefined): RequestSpec {
  return {
    method: file.method as RequestSpec['method'],
    path: file.path,
    ...(file.headers?.length ? { headers: [...file.headers] } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(file.fields?.length ? { fields: file.fields.map((f) => ({ ...f })) } : {}),
    ...(file.paginate ? { paginate: true } : {}),
    ...(file.jq !== undefined ? { jq: file.jq } : {}),
    ...(file.jq_args?.length
      ? { jqArgs: file.jq_args.map(([n, v]) => [n, v] as [string, string]) }
      : {}),
  };
}
