import type { Command } from 'commander';
import {
  errorSummary,
  executePaginated,
  executeRequest,
  isSuccess,
  type RawResponse,
} from '../client/execute-request.js';
import { prepareRequest } from '../client/prepare-request.js';
import { requireBaseUrl } from '../config/resolve.js';
import {
  commandContext,
  readFileText,
  readStdin,
  traceOptions,
  writeErr,
  writeOut,
} from './context.js';
import { ExitCode } from './exit-codes.js';
import { formatJson } from './json-format.js';
import { runCommand } from './run-command.js';

interface ApiRequestFlags {
  data?: string;
  header: string[];
  include?: boolean;
  silent?: boolean;
  paginate?: boolean;
  timeout?: number;
}

/** `-d` takes JSON text, `@file` or `@-` (stdin). */
async function readData(data: string): Promise<string> {
  if (data === '@-') return readStdin();
  if (data.startsWith('@')) return readFileText(data.slice(1), 'the body file');
  return data;
}

/** The body as it is printed: JSON formatted (compact with --json), other text as it came. */
export function printableBody(
  response: RawResponse,
  options: { compact?: boolean; color?: boolean },
): string {
  if (response.json !== undefined) return `${formatJson(response.json, options)}\n`;
  if (response.text === '') return '';
  return response.text.endsWith('\n') ? response.text : `${response.text}\n`;
}

function statusAndHeaders(response: RawResponse): string {
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText}`.trimEnd()];
  for (const [name, value] of response.headers) lines.push(`${name}: ${value}`);
  return `${lines.join('\n')}\n\n`;
}

async function apiRequest(
  method: string,
  path: string,
  flags: ApiRequestFlags,
  command: Command,
): Promise<void> {
  const context = commandContext(command);
  const { options, debug } = context;
  const data = flags.data === undefined ? undefined : await readData(flags.data);
  const request = prepareRequest({
    method,
    path,
    data,
    headers: flags.header,
    project: options.project,
    org: options.org,
    baseUrl: requireBaseUrl(options),
    token: options.token,
  });
  // A parameter that breaks its pattern is still sent (the API has the last word), but said.
  for (const warning of request.match?.warnings ?? []) writeErr(`domainctl: warning: ${warning}\n`);
  traceOptions(context);

  const execute = flags.paginate ? executePaginated : executeRequest;
  const response = await execute(request, {
    timeoutMs: flags.timeout === undefined ? undefined : flags.timeout * 1000,
    debug,
  });

  if (!flags.silent) {
    if (flags.include) writeOut(statusAndHeaders(response));
    writeOut(printableBody(response, { compact: context.flags.json, color: context.color }));
  }
  if (!isSuccess(response)) {
    writeErr(`${errorSummary(response)}\n`);
    process.exitCode = ExitCode.apiError;
  }
}

/**
 * The actions of the command definitions, each wrapped here so its errors are reported with the
 * error classes of this bundle (the entry bundle has copies of its own; instanceof would miss).
 */
export const actions = {
  apiRequest: runCommand(apiRequest),
};
