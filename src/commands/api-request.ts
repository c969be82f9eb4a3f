import type { Command } from 'commander';
import { httpMethods } from '../contract/routes.js';
import { collect, positiveSeconds } from './arg-parsers.js';
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
  $ domainctl api request GET /v1/regions`,
    );

  const request = api
    .command('request')
    .description('Send one request to the API and print the answer (like curl, with the profile)')
    .argument('<method>', `${httpMethods.join(', ')} (any case)`)
    .argument(
      '<path>',
      'path under the base URL, e.g. /v1/projects/{project_id}/domains; or an absolute URL on the same API',
    )
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
Exit codes: 0 ok, 1 HTTP error (or --paginate met a page token twice, or more than 10 empty
pages in a row), 2 usage or input error (nothing sent), 3 network error or timeout, 4 no
credentials for a route that needs them (nothing sent), 6 an answer that is not valid HTTP, or a
later --paginate page that was not a page of the list, 7 an answer over --max-response-size.

Examples:
  $ domainctl api request GET /v1/regions
  $ domainctl api request get /v1/projects/{project_id}/domains --project prj_demo_scale --paginate
  $ domainctl api request POST /v1/projects/{project_id}/domains -d '{"domain":"shop.example.com"}'
  $ domainctl api request POST /v1/projects/{project_id}/domains -f domain=shop.example.com
  $ echo '{"name":"main"}' | domainctl api request POST /v1/projects/prj_demo_scale/databases -d @-
  $ domainctl api request GET /v1/projects -i --debug`,
    )
    .action(lazyAction(() => import('./api-request-actions.js'), 'apiRequest'));
  addJqOptions(request);
}
