import type { RequestSpec } from '../core/request-spec.js';

// A request as the history and the saved-request files hold it: snake_case keys, as the config
// file has, and only the keys that were given. A saved request holds its body as JSON (it reads
// well in a diff); the history keeps the text as it was sent. No zod here: every request sent
// writes a history line, and that path loads as little as it can.

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
