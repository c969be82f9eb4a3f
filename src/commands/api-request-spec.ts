import type { Command } from 'commander';
import { CliError, RequestInputError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import {
  headerName,
  type RequestSpec,
  parseMethod,
  withoutMaskedHeaders,
} from '../core/request-spec.js';
import { suggest } from '../core/suggested-commands.js';
import type { Field } from './body-fields.js';
import { readFileText, readStdin } from './context.js';
import type { JqFlags } from './jq-output.js';
import { ARG_SEPARATOR } from './jq-options.js';

/** The flags of `api request` that make up the request itself. */
export interface RequestFlags extends JqFlags {
  data?: string;
  /** -f and -F share one list (see api-request.ts), so either holds every field. */
  field?: Field[];
  rawField?: Field[];
  header?: string[];
  paginate?: boolean;
  /** --saved NAME: the saved request to start from. */
  saved?: string;
  /** --requests-dir DIR: where saved requests are. */
  requestsDir?: string;
}

/** `-d` takes JSON text, `@file` or `@-` (stdin). */
async function readData(data: string): Promise<string> {
  if (data === '@-') return readStdin('the request body');
  if (data.startsWith('@')) return readFileText(data.slice(1), 'the body file');
  return data;
}

const looksLikePath = (word: string) =>
  word.startsWith('/') || /^[a-z][a-z0-9+.-]*:\/\//i.test(word);

/** The request the flags give: method and path as typed; -d's argument still unread. */
function fromFlags(method: string | undefined, path: string | undefined, flags: RequestFlags) {
  const fields = flags.field ?? flags.rawField ?? [];
  if (fields.length > 0 && flags.data !== undefined) {
    throw new CliError('give the body with -d or with -f/-F fields, not both', ExitCode.usage);
  }
  const jqArgs = (flags.arg ?? []).map((pair): [string, string] => {
    const at = pair.indexOf(ARG_SEPARATOR);
    return [pair.slice(0, at), pair.slice(at + 1)];
  });
  return {
    methodWord: method,
    path,
    headers: flags.header ?? [],
    fields: fields.length > 0 ? fields.map(({ kind, text }) => ({ kind, text })) : undefined,
    paginate: flags.paginate === true,
    jq: flags.jq,
    jqArgs: jqArgs.length > 0 ? jqArgs : undefined,
  };
}

/**
 * METHOD PATH as gh takes them: the method may be left out (GET, or POST when a body or fields
 * are given), and a method typed after the path is refused with the order that works. A lone
 * word that is a method is still a missing path; one with a slash in it is a path, for
 * prepareRequest to check.
 */
function withImplicitMethod(
  given: { methodWord?: string; path?: string; fields?: unknown[] },
  flags: RequestFlags,
): { methodWord: string; path: string | undefined } {
  const { methodWord, path } = given;
  const implicit = flags.data !== undefined || given.fields !== undefined ? 'POST' : 'GET';
  if (methodWord === undefined) return { methodWord: implicit, path };
  if (path === undefined) {
    if (parseMethod(methodWord) || !methodWord.includes('/')) return { methodWord, path };
    return { methodWord: implicit, path: methodWord };
  }
  const misplaced = parseMethod(path);
  if (looksLikePath(methodWord) && misplaced) {
    throw new CliError(
      `the method ${misplaced} goes before the path: ${suggest.apiRequest(misplaced, methodWord)}`,
      ExitCode.usage,
    );
  }
  return { methodWord, path };
}

/** The method as the spec keeps it; an unknown one is left to prepareRequest to refuse. */
const methodOf = (word: string) => parseMethod(word) ?? (word as RequestSpec['method']);

/** A request made up from the command line, its body (-d) not read yet. */
export interface RequestDraft {
  /** The request; its body is not there yet when `data` is to be read. */
  spec: RequestSpec;
  /** -d's argument (JSON text, @file or @-), read by withBody. */
  data?: string;
  /** Lines for stderr: what of a saved request is not sent. */
  warnings: string[];
}

/**
 * The request `api request` is to send: from METHOD PATH and the flags, or from a saved request
 * (--saved NAME) with what the command line gives over its own fields (method, path, a header of
 * the same name, the body, --jq, --arg; --paginate adds). A saved request's header kept only
 * masked is dropped, with a warning, unless -H gives it again. Without --saved, the method may
 * be left out (withImplicitMethod); a missing path is commander's usage error. Nothing is read
 * from stdin or a file yet (withBody does), so a bad --jq is refused first.
 */
export async function requestDraft(
  method: string | undefined,
  path: string | undefined,
  flags: RequestFlags,
  command: Command,
): Promise<RequestDraft> {
  // `--saved NAME /v1/other`: one word after the name is the path when it looks like one.
  if (
    flags.saved !== undefined &&
    path === undefined &&
    method !== undefined &&
    looksLikePath(method)
  ) {
    [method, path] = [undefined, method];
  }
  const given = fromFlags(method, path, flags);
  const common = {
    ...(given.paginate ? { paginate: true } : {}),
    ...(given.jq !== undefined ? { jq: given.jq } : {}),
    ...(given.jqArgs ? { jqArgs: given.jqArgs } : {}),
  };
  if (flags.saved === undefined) {
    const { methodWord, path: pathWord } = withImplicitMethod(given, flags);
    if (pathWord === undefined) {
      command.error(`error: missing required argument 'path'`, {
        code: 'commander.missingArgument',
      });
    }
    const spec: RequestSpec = {
      method: methodOf(methodWord),
      path: pathWord,
      ...(given.headers.length > 0 ? { headers: given.headers } : {}),
      ...(given.fields ? { fields: given.fields } : {}),
      ...common,
    };
    return { spec, ...(flags.data !== undefined ? { data: flags.data } : {}), warnings: [] };
  }

  // Loaded only for --saved: its zod schema is no cost to other requests.
  const { SavedRequests } = await import('../config/saved-requests.js');
  const loaded = SavedRequests.open({ dir: flags.requestsDir }).load(flags.saved);
  const { spec: saved, dropped } = withoutMaskedHeaders(loaded.spec);
  const named = new Set(given.headers.map((line) => headerName(line).toLowerCase()));
  const headers = [
    ...(saved.headers ?? []).filter((line) => !named.has(headerName(line).toLowerCase())),
    ...given.headers,
  ];
  const bodyGiven = flags.data !== undefined || given.fields !== undefined;
  // Only what is sent is checked: a body given here replaces the saved one unread.
  if (!bodyGiven) refuseLocalReads(saved, flags.saved);
  const jq = given.jq ?? saved.jq;
  const jqArgs = given.jqArgs ?? saved.jqArgs;
  const spec: RequestSpec = {
    method: given.methodWord !== undefined ? methodOf(given.methodWord) : saved.method,
    path: given.path ?? saved.path,
    ...(headers.length > 0 ? { headers } : {}),
    ...(bodyGiven
      ? given.fields
        ? { fields: given.fields }
        : {}
      : {
          ...(saved.body !== undefined ? { body: saved.body } : {}),
          ...(saved.fields ? { fields: saved.fields } : {}),
        }),
    ...(given.paginate || saved.paginate ? { paginate: true } : {}),
    ...(jq !== undefined ? { jq } : {}),
    ...(jqArgs ? { jqArgs } : {}),
  };
  const warnings = dropped
    .filter((name) => !named.has(name.toLowerCase()))
    .map(
      (name) =>
        `the saved request's ${name} header looks like a credential and is kept masked, so it is not sent: give it with -H '${name}: …'`,
    );
  return { spec, ...(flags.data !== undefined ? { data: flags.data } : {}), warnings };
}

/**
 * A saved request is as trusted as a pasted line: the folder is shared (in git, by a teammate),
 * so what a file says is data, never an order to read this machine's files or stdin. A `-F
 * key=@PATH` (or `@-`) in it, or a body that is the string "@…" (a body written as -d would
 * take a file), is refused before anything is read or sent, unless the command line gives the body: pointed at the config file, it would
 * send every profile's token with the request. The same `-F key=@PATH` typed on the command line
 * is the user's own and stays allowed (fromFlags).
 */
export function refuseLocalReads(saved: RequestSpec, name: string): void {
  const typed = (saved.fields ?? []).find(
    ({ kind, text }) => kind === 'typed' && text.slice(text.indexOf('=') + 1).startsWith('@'),
  );
  const body = saved.body !== undefined && /^"@/.test(saved.body.trim()) ? saved.body : undefined;
  if (typed === undefined && body === undefined) return;
  const [what, flag] = typed
    ? [`-F ${typed.text}`, '-F']
    : [`the body ${body?.trim() ?? ''}`, '-d'];
  throw new RequestInputError(
    `the saved request "${name}" has ${what}, which would read a file or stdin of this machine: a saved request never does; type the value into the file, or give it on the command line (--saved ${name} ${flag} …)`,
  );
}

/** The draft's request with its body read (-d's JSON text, @file or @-). */
export async function withBody(draft: RequestDraft): Promise<RequestSpec> {
  if (draft.data === undefined) return draft.spec;
  return { ...draft.spec, body: await readData(draft.data) };
}
