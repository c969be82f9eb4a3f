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
import { httpMethods } from '../contract/routes.js';
import {
  commandContext,
  positiveSeconds,
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

const collect = (value: string, previous: string[]) => [...previous, value];

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

export function registerApiRequest(program: Command): void {
  const api = program
    .command('api')
    .description('Talk to the API directly')
    .addHelpText(
      'after',
      `
Examples:
  $ domainctl api request GET /v1/regions`,
    );

  api
    .command('request')
    .description('Send one request to the API and print the answer (like curl, with the profile)')
    .argument('<method>', `${httpMethods.join(', ')} (any case)`)
    .argument(
      '<path>',
      'path under the base URL, e.g. /v1/projects/{project_id}/domains; or an absolute URL on the same API',
    )
    .option('-d, --data <json|@file|@->', 'request body: JSON text, @file, or @- for stdin')
    .option('-H, --header <header>', "extra header 'Name: value' (repeatable)", collect, [])
    .option('-i, --include', 'print the status line and response headers before the body')
    .option('--silent', 'print no response body (the exit code still tells)')
    .option('--paginate', 'GET on a list: follow next_page_token and print one merged document')
    .option(
      '--timeout <seconds>',
      'give up after this many seconds without a response, retries included (default 30)',
      positiveSeconds,
    )
    .addHelpText(
      'after',
      `
{project_id} and {org_id} in the path are filled from --project and --org or the profile.
Exit codes: 0 ok, 1 HTTP error, 2 usage or input error (nothing sent), 3 network error or
timeout, 4 no credentials for a route that needs them (nothing sent).

Examples:
  $ domainctl api request GET /v1/regions
  $ domainctl api request get /v1/projects/{project_id}/domains --project prj_demo_scale --paginate
  $ domainctl api request POST /v1/projects/{project_id}/domains -d '{"domain":"shop.example.com"}'
  $ echo '{"name":"main"}' | domainctl api request POST /v1/projects/prj_demo_scale/databases -d @-
  $ domainctl api request GET /v1/projects -i --debug`,
    )
    .action(runCommand(apiRequest));
}
