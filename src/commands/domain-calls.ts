import { createApiClient } from '../client/api-client.js';
import type { Deadline } from '../client/deadline.js';
import { requireBaseUrl, resolveMaxResponseBytes } from '../config/resolve.js';
import type { HttpMethod } from '../contract/routes.js';
import { ApiError, InvalidResponseError } from '../core/errors.js';
import { refuseIfReadOnly } from '../core/profile-safety.js';
import { visible, visibleText } from '../core/sanitize.js';
import { type CommandContext, writeErr, writeOut } from './context.js';
import type { JqFilter } from './jq-output.js';
import { formatJson } from './json-format.js';

// What the `domains` commands share: their API client, and how they print what the API said.

/**
 * The API client of a domains command: the profile's base URL and token, the response-size
 * limit, and the command's deadline when it has one (`domains wait --timeout`).
 */
export function apiClient(context: CommandContext, deadline?: Deadline) {
  return createApiClient({
    baseUrl: requireBaseUrl(context.options),
    token: context.options.token,
    deadline,
    maxResponseBytes: resolveMaxResponseBytes(context.flags),
    debug: context.debug,
    readOnly: context.options.readOnly,
    profile: context.options.profile?.name,
  });
}

/**
 * Refuses, before anything is read or sent, a command that changes something (`method`) when
 * the profile is read-only: one line, exit code 2. The client refuses each such call too; this
 * says it once, before a command that adds many would fail them one by one.
 */
export function refuseIfReadOnlyProfile(context: CommandContext, method: HttpMethod): void {
  refuseIfReadOnly(method, context.options.readOnly, context.options.profile?.name);
}

/** Prints a value as JSON: compact with --json, else indented (and coloured on a terminal). */
export function printJson(context: CommandContext, value: unknown): void {
  writeOut(`${formatJson(value, { compact: context.flags.json, color: context.color })}\n`);
}

/** Prints a document as printJson does, or what the --jq expression makes of it. */
export async function printDocument(
  context: CommandContext,
  value: unknown,
  jq: JqFilter | undefined,
): Promise<void> {
  if (jq) await jq.print(value, !!context.flags.json);
  else printJson(context, value);
}

/** A line on stderr that may quote the API or the settings: shown, never obeyed. */
export function say(line: string): void {
  writeErr(`${visible(line)}\n`);
}

/** A body the API sent: JSON as printJson prints it, text with its control characters shown. */
function printBody(context: CommandContext, body: unknown, compact = context.flags.json): void {
  if (typeof body !== 'string') {
    writeOut(`${formatJson(body, { compact, color: context.color })}\n`);
  } else if (body !== '') {
    writeOut(body.endsWith('\n') ? visibleText(body) : `${visibleText(body)}\n`);
  }
}

/**
 * With --json an HTTP error's body goes to stdout as `api request` prints it, so a script reads
 * the same document either way. A success answer that was not understood is printed always: it
 * is all there is to see of what the API did. The summary line is main()'s, once it is thrown.
 */
export function printErrorBody(context: CommandContext, error: unknown): void {
  if (error instanceof InvalidResponseError) printBody(context, error.body);
  else if (error instanceof ApiError && context.flags.json && error.body !== undefined) {
    printBody(context, error.body, true);
  }
}

/** Runs an API call; an HTTP error's body is printed as printErrorBody says, then rethrown. */
export async function call<T>(context: CommandContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    printErrorBody(context, error);
    throw error;
  }
}
