import type { Command } from 'commander';
import { Deadline } from '../client/deadline.js';
import {
  clientFor,
  type ExecuteOptions,
  errorSummary,
  executeRequest,
  isSuccess,
  paginate,
  type RawResponse,
} from '../client/execute-request.js';
import {
  checkRequestInput,
  type PreparedRequest,
  prepareRequest,
} from '../client/prepare-request.js';
import { requireBaseUrl, resolveMaxResponseBytes } from '../config/resolve.js';
import { CliError, ExitStatus, PagingError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { visible, visibleText } from '../core/sanitize.js';
import { advised } from './advice.js';
import {
  type CommandContext,
  commandContext,
  traceOptions,
  writeErr,
  writeOut,
  writeOutPaced,
} from './context.js';
import { type JqFilter, jqFilter, MergedList } from './jq-output.js';
import { bodyJson, fieldsBody, fieldsQuery } from './body-fields.js';
import { type RequestFlags, requestDraft, withBody } from './api-request-spec.js';
import { ARG_SEPARATOR } from './jq-options.js';
import { historyRecorder } from './request-recording.js';
import type { RequestSpec } from '../core/request-spec.js';
import { suggest } from '../core/suggested-commands.js';
import { formatJson, type JsonListWriter, jsonListWriter } from './json-format.js';

interface ApiRequestFlags extends RequestFlags {
  include?: boolean;
  silent?: boolean;
  timeout?: number;
  /** --save NAME: keep the request in the requests folder instead of sending it. */
  save?: string;
}

/**
 * The body and the path as sent: -d's JSON, or what the -f/-F fields make (a GET's fields go
 * into its query string instead).
 */
async function bodyAndPath(spec: RequestSpec) {
  const fields = spec.fields ?? [];
  if (fields.length === 0) return { data: spec.body, fullPath: spec.path };
  const body = await fieldsBody(fields);
  if (spec.method.toUpperCase() !== 'GET') return { data: bodyJson(body), fullPath: spec.path };
  const query = fieldsQuery(body).toString();
  const { path } = spec;
  return { data: undefined, fullPath: `${path}${path.includes('?') ? '&' : '?'}${query}` };
}

/**
 * The body as it is printed: JSON formatted (compact with --json), other text as it came, with
 * its line breaks and tabs, and every other control character shown as `\u001b`: a body is
 * never passed to the terminal to obey.
 */
export function printableBody(
  response: RawResponse,
  options: { compact?: boolean; color?: boolean },
): string {
  if (response.json !== undefined) return `${formatJson(response.json, options)}\n`;
  if (response.text === '') return '';
  const text = visibleText(response.text);
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * `-i`: the status line and the headers as the server sent them (each name in its case, in their
 * order, repeats on lines of their own), with controls shown.
 */
function statusAndHeaders(response: RawResponse): string {
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText}`.trimEnd()];
  for (const [name, value] of response.receivedHeaders) lines.push(`${name}: ${value}`);
  return `${lines.map(visible).join('\n')}\n\n`;
}

/** A line on stderr that may quote the API: shown, never obeyed. */
const say = (line: string) => writeErr(`${visible(line)}\n`);

/**
 * One answer, as a single request prints it: headers (-i) and body, or what --jq makes of a
 * success body. An HTTP error ends the run with exit code 1 and its summary as the last line.
 */
async function printResponse(
  response: RawResponse,
  flags: ApiRequestFlags,
  context: CommandContext,
  jq: JqFilter | undefined,
): Promise<void> {
  const compact = context.flags.json;
  if (!flags.silent) {
    if (flags.include) writeOut(statusAndHeaders(response));
    if (jq && isSuccess(response) && response.json !== undefined) {
      await jq.print(response.json, !!compact);
    } else {
      writeOut(printableBody(response, { compact, color: context.color }));
    }
  }
  if (!isSuccess(response)) {
    throw new ExitStatus(ExitCode.apiError, errorSummary(response), response.status);
  }
  if (jq && response.json === undefined && response.text !== '') {
    throw new CliError(
      '--jq needs a JSON answer, and this one is not JSON; it is on stdout as it came',
      ExitCode.badAnswer,
    );
  }
}

/**
 * `--paginate`: the items of every page as one document, written a page at a time: the next page
 * is asked for once stdout has taken the last, so only one page is held in memory, however slow
 * the reader. Until the last page is in, the output is not a whole JSON document,
 * so a walk that fails half-way (an HTTP error, paging that would never end) can never pass for
 * the complete list; stderr says where it stopped. A first page that fails is printed as a
 * single request prints it. With --jq the merged document is held (up to the response-size
 * limit) and the expression runs over it once, at the end: nothing is printed before.
 */
async function printPaginated(
  request: PreparedRequest,
  flags: ApiRequestFlags,
  context: CommandContext,
  options: ExecuteOptions,
  jq: JqFilter | undefined,
): Promise<void> {
  const listKey = request.match?.route.listKey ?? '';
  let out: JsonListWriter | undefined;
  const merged = jq && new MergedList(listKey, options.maxResponseBytes ?? Infinity);
  let pages = 0;
  const where = () => `page ${pages} of the list`;
  const incomplete = merged ? 'nothing was printed' : 'the JSON above is incomplete';
  try {
    for await (const { response, items } of paginate(request, options)) {
      pages += 1;
      if (!items) {
        if (pages === 1) {
          await printResponse(response, flags, context, jq);
          return;
        }
        if (isSuccess(response)) {
          throw new CliError(
            `${where()} has no "${listKey}" array; ${incomplete}`,
            ExitCode.badAnswer,
          );
        }
        throw new ExitStatus(
          ExitCode.apiError,
          `${errorSummary(response)} (${where()}; ${incomplete})`,
        );
      }
      if (pages === 1 && flags.include && !flags.silent) writeOut(statusAndHeaders(response));
      if (merged) {
        merged.add(items);
        continue;
      }
      if (!out) {
        out = flags.silent
          ? { items: async () => {}, close: async () => {} }
          : jsonListWriter(
              listKey,
              { compact: context.flags.json, color: context.color },
              writeOutPaced,
            );
      }
      await out.items(items);
    }
    await out?.close();
    if (merged && !flags.silent) await jq?.printJson(merged.json(), !!context.flags.json);
  } catch (error) {
    // The endings above and a paging error say so themselves; a network error does not.
    if (
      (out || (merged && pages > 1)) &&
      !(error instanceof PagingError || error instanceof CliError || error instanceof ExitStatus)
    )
      say(`domainctl: stopped at ${where()}; ${incomplete}`);
    throw error;
  }
}

async function apiRequest(
  method: string | undefined,
  path: string | undefined,
  ownFlags: ApiRequestFlags,
  command: Command,
): Promise<void> {
  // --requests-dir is also the UI's (the program's own option), and commander hands an option
  // the program knows to the program wherever it stands: read it from either.
  const { requestsDir } = command.optsWithGlobals<ApiRequestFlags>();
  const flags = { ...ownFlags, requestsDir };
  const context = commandContext(command);
  const { options, debug } = context;
  // --timeout bounds the whole command from here: a saved request read, jq (loaded, compiled and
  // run in a worker that the deadline ends), every page, retry, wait and body; without it each
  // request has the default 30 s, and jq its own limit.
  const deadline = flags.timeout === undefined ? undefined : Deadline.after(flags.timeout * 1000);
  const draft = await requestDraft(method, path, flags, command);
  if (flags.save !== undefined) {
    await saveRequest(flags.save, await withBody(draft), flags, context);
    return;
  }
  // An invalid expression is a usage error before anything is read or sent.
  const jq = await jqFilter(
    {
      jq: draft.spec.jq,
      arg: draft.spec.jqArgs?.map(([name, value]) => `${name}${ARG_SEPARATOR}${value}`),
    },
    deadline?.signal,
  );
  const spec = await withBody(draft);
  const { data, fullPath } = await bodyAndPath(spec);
  const request = prepareRequest({
    method: spec.method,
    path: fullPath,
    data,
    headers: spec.headers,
    project: options.project,
    org: options.org,
    baseUrl: requireBaseUrl(options),
    token: options.token,
    readOnly: options.readOnly,
    profile: options.profile?.name,
  });
  // Said once the request is sure to be sent: a refusal is then the one line there is.
  for (const warning of draft.warnings) say(`domainctl: warning: ${warning}`);
  // A parameter that breaks its pattern is still sent (the API has the last word), but said.
  for (const warning of request.match?.warnings ?? []) say(`domainctl: warning: ${warning}`);
  // A token given with -H is the one sent: --debug names it, not the one it replaced.
  const given = request.headers.authorization;
  traceOptions(
    context,
    given === undefined ? undefined : { token: given, source: '-H Authorization' },
  );

  const maxResponseBytes = resolveMaxResponseBytes(context.flags);
  // One client for the run (every page of --paginate): the profile's API and token.
  const client = clientFor(request, { maxResponseBytes, debug });
  let last: RawResponse | undefined;
  const onResponse = (response: RawResponse) => (last = response);
  const execute: ExecuteOptions =
    deadline === undefined
      ? { client, maxResponseBytes, debug, onResponse }
      : {
          deadline,
          timeoutMs: Number.POSITIVE_INFINITY,
          client,
          maxResponseBytes,
          debug,
          onResponse,
        };
  const record = historyRecorder(context);
  const started = performance.now();
  let failure: unknown;
  try {
    if (flags.paginate) await printPaginated(request, flags, context, execute, jq);
    else await printResponse(await executeRequest(request, execute), flags, context, jq);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    const ms = performance.now() - started;
    await record(spec, { response: last, error: failure, ms });
  }
}

/**
 * `--save NAME`: the request checked as far as it can be without sending it (method, path,
 * body, headers; placeholders stay) and written to the requests folder. Nothing is sent.
 */
async function saveRequest(
  name: string,
  spec: RequestSpec,
  flags: ApiRequestFlags,
  context: CommandContext,
): Promise<void> {
  const { data, fullPath } = spec.fields
    ? { data: undefined, fullPath: spec.path }
    : await bodyAndPath(spec);
  const checked = checkRequestInput({
    method: spec.method,
    path: fullPath,
    data,
    headers: spec.headers,
    baseUrl: context.options.baseUrl,
  });
  const { SavedRequests } = await import('../config/saved-requests.js');
  const saved = SavedRequests.open({ dir: flags.requestsDir });
  const { path, created } = saved.save(name, { ...spec, ...checked });
  const send = suggest.apiRequestSaved(name, flags.requestsDir || undefined);
  writeOut(
    `${visible(`${created ? 'Saved' : 'Replaced'} request "${name}" in ${path}; send it with: ${send}`)}\n`,
  );
}

/** The actions of the command definitions (lazyAction loads this module when one runs). */
export const actions = advised({
  apiRequest,
});
