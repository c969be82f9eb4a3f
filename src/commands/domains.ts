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
      "List a project's custom domains, add one, show the DNS records it needs, check them in DNS, show how far one has come and wait for it",
    )
    .addHelpText(
      'after',
      `
The project comes from --project, DOMAINCTL_PROJECT or the profile's default project.
Exit codes: 0 ok, 1 HTTP error, no such domain, a list whose pages never end, 2 usage error
(nothing sent), 3 network error, 4 no credentials, 6 the API's answer was not understood (a
success answer not of its shape, on stdout; or not valid HTTP), 7 an answer over
--max-response-size, 8 list --fail-on-match matched, 10 to 13 how far a domain came before the
--timeout of wait or add --wait (see wait's help).

Examples:
  $ domainctl domains list --project prj_demo_scale
  $ domainctl domains add shop.example.com --project prj_demo_scale
  $ domainctl domains records shop.example.com --format zone
  $ domainctl domains check shop.example.com
  $ domainctl domains status shop.example.com
  $ domainctl domains wait shop.example.com --until serving --timeout 300`,
    );

  domains
    .command('list')
    .alias('ls')
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
    .description(
      "Look up a domain's three DNS records at its zone's nameservers and say which are right, missing or wrong, and why it may be stuck",
    )
    .argument('<domain>', 'host name of a domain of the project')
    .option(
      '--dns-server <host:port>',
      'the resolver to ask (env DOMAINCTL_DNS_SERVER; default: the system resolver)',
    )
    .option(
      '--no-authoritative',
      "ask only the resolver, not the zone's nameservers (where the network lets no other DNS query out)",
    )
    .option(
      '--timeout <seconds>',
      'the most one DNS query may take; they run at once where they can (default 5)',
      positiveSeconds,
    )
    .addHelpText(
      'after',
      `
Finds the zone's authoritative nameservers through the resolver and asks them: a resolver that
still caches "no such record" from before the record was made does not make it missing (the
report says how long it may keep that answer). Prints TYPE, HOST, EXPECTED, FOUND and STATUS
(ok, missing, wrong, or error: could not be asked) for each record, what blocks a certificate,
why the domain may be stuck with what to do (a CNAME at the zone apex, a TXT record left at
_acme-challenge, a CDN proxy, CAA, DNSSEC, a wildcard), and the next step; --json prints
{ domain, verified, dns_server, ok, source, records, warnings, findings }.
Exit codes: 0 all three records are right, 1 one is not (or an HTTP error), 2 usage error
(nothing sent), 3 network error, 4 no credentials, 6 the API's answer was not understood.

Examples:
  $ domainctl domains check shop.example.com --project prj_demo_scale
  $ domainctl domains check shop.example.com --dns-server 1.1.1.1 --json | jq '.records[].status'`,
    )
    .action(lazyAction(() => import('./domains-actions.js'), 'checkDomain'));

  domains
    .command('status')
    .description(
      'Show how far a domain has come: records in DNS, ownership verified, certificate issued, serving HTTPS',
    )
    .argument('<domain>', 'host name of a domain of the project')
    .option(
      '--dns-server <host:port>',
      'the resolver to ask (env DOMAINCTL_DNS_SERVER; default: the system resolver)',
    )
    .option('--no-authoritative', "ask only the resolver, not the zone's nameservers")
    .option(
      '--connect-to <ip:port>',
      "send the HTTPS request here instead of the domain's own address (as curl --connect-to)",
    )
    .option(
      '--timeout <seconds>',
      'the most one DNS query or the HTTPS request may take (default 5 and 10)',
      positiveSeconds,
    )
    .addHelpText(
      'after',
      `
Each stage is ok, waiting, failed (with what to fix) or unknown (could not be asked). Serving
means HTTPS to the host, with its name as SNI, answers with a certificate that this machine
trusts, that names the host and has not expired (its issuer and expiry are shown). Then why the
domain may be stuck, each with what to do. --json prints { domain, project, reached, stages,
findings, dns_source }.
Exit codes: 0 the stages were shown (how far it came: "reached" in --json), 1 no such domain or
an HTTP error, 2 usage error, 3 network error, 4 no credentials.

Examples:
  $ domainctl domains status shop.example.com --project prj_demo_scale
  $ domainctl domains status shop.example.com --json | jq -r '.stages[] | .title + ": " + .state'`,
    )
    .action(lazyAction(() => import('./domains-stages.js'), 'domainStatus'));

  domains
    .command('wait')
    .description(
      'Wait until a domain reaches a stage (default: verified), saying each one it reaches',
    )
    .argument('<domain>', 'host name of a domain of the project')
    .addOption(
      new Option('--until <stage>', 'the stage to wait for (default: verified)').choices([
        'dns',
        'verified',
        'certificate',
        'serving',
      ]),
    )
    .option(
      '--interval <seconds>',
      'seconds between the first checks; the interval grows by half each time, up to 30 (default 2)',
      positiveSeconds,
    )
    .option(
      '--timeout <seconds>',
      'give up after this many seconds, with an exit code saying how far it came (default 600)',
      positiveSeconds,
    )
    .option(
      '--dns-server <host:port>',
      'the resolver the DNS stage asks (env DOMAINCTL_DNS_SERVER; default: the system resolver)',
    )
    .option('--no-authoritative', "ask only the resolver, not the zone's nameservers")
    .option(
      '--connect-to <ip:port>',
      "--until serving: send the HTTPS request here instead of the domain's own address",
    )
    .option('--bell', 'ring the terminal bell when the wait ends')
    .addHelpText(
      'after',
      `
The stages, in order: dns (its three records are right at the zone's nameservers), verified
(the API has verified it), certificate (the API reports a TLS certificate), serving (HTTPS to
the host answers with a valid certificate for it). Each is printed as it is reached; a later
stage reached first vouches for those before it. At the end a line says where it stands
(--json: the Domain as the API has it). On a terminal a progress line on stderr says what it
waits for and for how long. Once the domain has been found, network errors and 5xx answers are
retried until the timeout (each one said on stderr); other HTTP errors end the wait at once.
--timeout bounds everything, the requests included: the wait ends when it runs out.
Exit codes: 0 the stage was reached, 10 to 13 --timeout ran out first, having reached 10 none
of the stages, 11 records in DNS, 12 verified, 13 certificate issued; 1 no such domain or an
HTTP error, 2 usage error, 3 network error on the first check (or the first check not done
within --timeout), 4 no credentials, 6 the API's answer was not understood, 7 an answer over
--max-response-size.

Examples:
  $ domainctl domains wait shop.example.com --project prj_demo_scale
  $ domainctl domains wait shop.example.com --until serving --timeout 900 --bell && ./announce.sh`,
    )
    .action(lazyAction(() => import('./domains-stages.js'), 'waitForDomain'));

  // Every one of them prints JSON (--json), so every one takes --jq.
  for (const command of domains.commands) {
    if (command.name() === 'list') addListFilters(command);
    if (command.name() === 'add') addAddOptions(command);
    addJqOptions(command);
  }
}
