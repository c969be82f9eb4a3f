import { type Command, Option } from 'commander';
import { PAGE_SIZE_MAX } from '../contract/params.js';
import { positiveSeconds, wholeNumber } from './arg-parsers.js';
import { addAddOptions, addListFilters } from './domains-options.js';
import { addJqOptions } from './jq-options.js';
import { lazyAction } from './lazy-action.js';

export function registerDomains(program: Command): void {
  const domains = program
    .command('domains')
    .description(
      "List a project's custom domains, add one, show the DNS records it needs, check them in DNS and wait for verification",
    )
    .addHelpText(
      'after',
      `
The project comes from --project, DOMAINCTL_PROJECT or the profile's default project.
Exit codes: 0 ok, 1 HTTP error, no such domain, a list whose pages never end, 2 usage error
(nothing sent), 3 network error, 4 no credentials, 5 wait timed out, 6 the API's answer was not
understood (a success answer not of its shape, on stdout; or not valid HTTP), 7 an answer over
--max-response-size.

Examples:
  $ domainctl domains list --project prj_demo_scale
  $ domainctl domains add shop.example.com --project prj_demo_scale
  $ domainctl domains records shop.example.com --format zone
  $ domainctl domains check shop.example.com
  $ domainctl domains wait shop.example.com --timeout 300`,
    );

  domains
    .command('list')
    .description("List a project's domains, newest first, one page at a time")
    .option('--all', 'follow every page and print all the domains')
    .option(
      '--page-size <n>',
      `domains per page, 1 to ${PAGE_SIZE_MAX} (default 20; ${PAGE_SIZE_MAX} with --all)`,
      wholeNumber(1, PAGE_SIZE_MAX),
    )
    .option('--page-token <token>', 'start at this page (the token the previous page printed)')
    .addHelpText(
      'after',
      `
A table for people; --json prints the page as the API sends it ({ domains, next_page_token }).
When more pages follow, stderr says how to get the next one. --all --json streams every page
as one document; the --all table holds up to 100,000 rows. Empty pages that point further are
followed, up to 10 in a row; a page token the API hands out twice, or more empty pages in a
row, stops --all with exit code 1.

Examples:
  $ domainctl domains list --project prj_demo_scale
  $ domainctl domains list --all --json | jq -r '.domains[].domain'`,
    )
    .action(lazyAction(() => import('./domains-list.js'), 'listDomains'));

  domains
    .command('add')
    .description('Add a custom domain and print the DNS records to create')
    .argument('[domain]', 'host name, e.g. shop.example.com (or --from-file for many)')
    .addHelpText(
      'after',
      `
Examples:
  $ domainctl domains add shop.example.com --project prj_demo_scale
  $ domainctl domains add shop.example.com --json`,
    )
    .action(lazyAction(() => import('./domains-actions.js'), 'addDomain'));

  domains
    .command('records')
    .description('Show the DNS records a domain needs')
    .argument('<domain>', 'host name of a domain of the project')
    .addOption(
      new Option(
        '--format <format>',
        'how to print them; zone is a BIND zone-file snippet (default: table, or json with --json)',
      ).choices(['table', 'json', 'zone']),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ domainctl domains records shop.example.com --project prj_demo_scale
  $ domainctl domains records shop.example.com --format zone >> example.com.zone`,
    )
    .action(lazyAction(() => import('./domains-actions.js'), 'showRecords'));

  domains
    .command('check')
    .description("Look up a domain's three DNS records and say which are right, missing or wrong")
    .argument('<domain>', 'host name of a domain of the project')
    .option(
      '--dns-server <host:port>',
      'ask this DNS server, an IP address with an optional port (env DOMAINCTL_DNS_SERVER; default: the system resolver)',
    )
    .option(
      '--timeout <seconds>',
      'the most one DNS query may take; they all run at once (default 5)',
      positiveSeconds,
    )
    .addHelpText(
      'after',
      `
Prints TYPE, HOST, EXPECTED, FOUND and STATUS (ok, missing, wrong or error) for each record,
what commonly blocks a certificate (a CAA record, a TXT record left at _acme-challenge), and
the next step; --json prints { domain, verified, dns_server, ok, records, warnings }.
Exit codes: 0 all three records are right, 1 one is not (or an HTTP error), 2 usage error
(nothing sent), 3 network error, 4 no credentials, 6 the API's answer was not understood.

Examples:
  $ domainctl domains check shop.example.com --project prj_demo_scale
  $ domainctl domains check shop.example.com --dns-server 1.1.1.1 --json | jq '.records[].status'`,
    )
    .action(lazyAction(() => import('./domains-actions.js'), 'checkDomain'));

  domains
    .command('wait')
    .description('Wait until the API has verified a domain (after its TXT record is live)')
    .argument('<domain>', 'host name of a domain of the project')
    .option(
      '--interval <seconds>',
      'seconds between the first checks; the interval grows by half each time, up to 30 (default 2)',
      positiveSeconds,
    )
    .option(
      '--timeout <seconds>',
      'give up after this many seconds and exit with code 5 (default 600)',
      positiveSeconds,
    )
    .addHelpText(
      'after',
      `
Asks the API for the domain until it is verified, then prints when it was verified and when
its TLS certificate expires (--json: the Domain). On a terminal a progress line on stderr
says how long it has waited. Once the domain has been found, network errors and 5xx answers are
retried until the timeout (each one said on stderr); other HTTP errors end the wait at once.
--timeout bounds everything, the requests included: the wait ends when it runs out.
Exit codes: 0 verified, 1 no such domain or an HTTP error, 2 usage error, 3 network error on the
first check (or the first check not done within --timeout), 4 no credentials, 5 not verified
within --timeout, 6 the API's answer was not understood, 7 an answer over --max-response-size.

Examples:
  $ domainctl domains wait shop.example.com --project prj_demo_scale
  $ domainctl domains wait shop.example.com --timeout 120 && ./deploy.sh`,
    )
    .action(lazyAction(() => import('./domains-actions.js'), 'waitForDomain'));

  // Every one of them prints JSON (--json), so every one takes --jq.
  for (const command of domains.commands) {
    if (command.name() === 'list') addListFilters(command);
    if (command.name() === 'add') addAddOptions(command);
    addJqOptions(command);
  }
}
