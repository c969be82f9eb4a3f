import { join } from 'node:path';
import type { Command } from 'commander';
import { dataDir } from '../config/data-dir.js';
import { httpMethods } from '../contract/routes.js';
import { HISTORY_LIMIT } from '../core/request-spec.js';
import { visible } from '../core/sanitize.js';
import { suggest } from '../core/suggested-commands.js';
import { collect, positiveSeconds, wholeNumber } from './arg-parsers.js';
import type { Field } from './body-fields.js';
import { addJqOptions } from './jq-options.js';
import { lazyAction } from './lazy-action.js';

export function registerApiRequest(program: Command): void {
  // -f and -F fill one list, in the order given (an array's elements come in that order).
  const fields: Field[] = [];
  const field = (kind: Field['kind']) => (text: string) => {
    fields.push({ kind, text });
    return fields;
  };
  const api = program
    .command('api')
    .description('Talk to the API directly')
    .addHelpText(
      'after',
      `
Examples:
  $ domainctl api request GET /v1/regions
  $ domainctl api history`,
    );

  const request = api
    .command('request')
    .description('Send one request to the API and print the answer (like curl, with the profile)')
    .argument(
      '[method]',
      `${httpMethods.join(', ')} (any case); left out: GET, or POST with -d, -f or -F`,
    )
    .argument(
      '[path]',
      'path under the base URL, e.g. /v1/projects/{project_id}/domains; or an absolute URL on the same API',
    )
    .usage('[options] [method] <path>  |  --saved NAME [method] [path] [options]')
    .option('-d, --data <json|@file|@->', 'request body: JSON text, @file, or @- for stdin')
    .option(
      '-f, --raw-field <key=value>',
      'a string field of the JSON body (repeatable)',
      field('raw'),
    )
    .option(
      '-F, --field <key=value>',
      "a typed field: true, false, null and numbers as JSON, @file for a file's text (repeatable)",
      field('typed'),
    )
    .option('-H, --header <header>', "extra header 'Name: value' (repeatable)", collect)
    .option('-i, --include', 'print the status line and response headers before the body')
    .option('--silent', 'print no response body (the exit code still tells)')
    .option('--paginate', 'GET on a list: follow next_page_token and print one merged document')
    .option('--save <name>', 'save the request under NAME in the requests folder; nothing is sent')
    .option('--saved <name>', 'send the request saved as NAME (what is given here overrides it)')
    .option(
      '--requests-dir <dir>',
      'the folder of saved requests (env DOMAINCTL_REQUESTS_DIR; default: requests in the config folder)',
    )
    .option(
      '--timeout <seconds>',
      'the most the whole command may take: every request, retry, wait and body (default: 30 each request)',
      positiveSeconds,
    )
    .addHelpText(
      'after',
      `
{project_id} and {org_id} in the path are filled from --project and --org or the profile.
-f/-F build the JSON body (a GET sends them as query parameters instead): nested keys
a[b]=1 make objects, a[]=x arrays; -d gives the whole body instead.
--paginate writes the merged document a page at a time; if it stops half-way the output is
unfinished JSON and stderr says why.
--save NAME writes the request (method, path with its placeholders, -H, body or -f/-F, --paginate,
--jq) to NAME.json in the requests folder, and sends nothing. --saved NAME sends it; a method,
path, -H of the same name, body, --jq or --arg given with it replaces the saved one.
Every request sent is added to the profile's history: ${suggest.apiHistory()}.
Exit codes: 0 ok, 1 HTTP error (or --paginate met a page token twice, or more than 10 empty
pages in a row), 2 usage or input error (nothing sent), 3 network error or timeout, 4 no
credentials for a route that needs them (nothing sent), 6 an answer that is not valid HTTP, or a
later --paginate page that was not a page of the list, 7 an answer over --max-response-size.

Examples:
  $ domainctl api request /v1/regions
  $ domainctl api request get /v1/projects/{project_id}/domains --project prj_demo_scale --paginate
  $ domainctl api request POST /v1/projects/{project_id}/domains -d '{"domain":"shop.example.com"}'
  $ domainctl api request /v1/projects/{project_id}/domains -f domain=shop.example.com   # a POST
  $ echo '{"name":"main"}' | domainctl api request POST /v1/projects/prj_demo_scale/databases -d @-
  $ domainctl api request GET /v1/projects -i --debug
  $ domainctl api request POST /v1/projects/{project_id}/domains -f domain=shop.example.com --save add-shop
  $ domainctl api request --saved add-shop -f domain=blog.example.com`,
    )
    .action(lazyAction(() => import('./api-request-actions.js'), 'apiRequest'));
  addJqOptions(request);

  const history = api
    .command('history')
    .description('List the requests sent with the profile in use, newest first')
    .option('--limit <n>', 'only the newest N', wholeNumber(1, HISTORY_LIMIT))
    .option('--clear', "forget the profile's history")
    // Written when the help is asked for, so it names the folder of that run's environment.
    .addHelpText('after', () => historyHelp(dataDir()))
    .action(lazyAction(() => import('./api-history-actions.js'), 'apiHistory'));
  addJqOptions(history);
}

/** The help of `api history`, naming the folder its files are in now. */
function historyHelp(folder: string): string {
  return `
The history keeps the last ${HISTORY_LIMIT} requests of each profile (api request and the UI's raw
requests), a file a profile, history/<profile>.jsonl in the data folder, here:
  ${visible(join(folder, 'history'))}
The data folder is DOMAINCTL_DATA_DIR; else "data" in DOMAINCTL_CONFIG_DIR when that is set;
else $XDG_DATA_HOME/domainctl (~/.local/share/domainctl). No token is kept; every value that
looks like a credential is masked. DOMAINCTL_HISTORY=off keeps a run out of it. --json adds the
command line that sends each again.

Examples:
  $ domainctl api history
  $ domainctl api history --json --jq '.[0].command'`;
}
