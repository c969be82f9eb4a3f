import { type Command, Option } from 'commander';
import { SORT_KEYS } from '../core/domain-order.js';
import { duration, positiveSeconds } from './arg-parsers.js';

// Options of `domains list` and `domains add` that scripts use, kept apart from their
// definitions in domains.ts.

/** The filters and formats of `domains list` (kept apart from its definition in domains.ts). */
export function addListFilters(list: Command): Command {
  return list
    .addOption(
      new Option('--status <status>', 'only pending or only verified domains').choices([
        'pending',
        'verified',
      ]),
    )
    .option(
      '--expiring-within <duration>',
      'only domains whose certificate expires within this long, or has expired (e.g. 14d, 12h)',
      duration,
    )
    .option('--host <glob>', 'only host names that match: * any characters, ? one')
    .addOption(
      new Option(
        '--format <format>',
        'table, json (as --json), ndjson (one domain a line) or csv (default: table, or json with --json)',
      ).choices(['table', 'json', 'ndjson', 'csv']),
    )
    .addOption(
      new Option(
        '--sort <order>',
        "the UI's orders: host (A to Z), status (pending first), tls (expiry, soonest first), created (newest first)",
      ).choices(SORT_KEYS),
    )
    .option('--reverse', 'the order turned round (with no --sort: oldest first)')
    .option(
      '--fail-on-match',
      'exit with code 8 when any domain matches the filters (for cron jobs and CI)',
    )
    .addHelpText(
      'after',
      `
Filters walk every page (as --all) and stream what they keep; --fail-on-match ends with exit
code 8 when anything was printed, 0 when nothing matched. --sort and --reverse walk every page
too, and print once the last is in (up to 100,000 domains), in the order the UI's s shows.

  $ domainctl domains list --expiring-within 14d --fail-on-match --format csv
  $ domainctl domains list --status pending --host '*.example.com' --format ndjson
  $ domainctl domains list --sort tls --format csv`,
    );
}

/** Adding many at once (`--from-file`) and waiting for the one added (`--wait`). */
export function addAddOptions(add: Command): Command {
  return add
    .option(
      '--from-file <file>',
      'add every host in the file, one a line (- for stdin; # comments; at most 4 MiB, 10,000 hosts)',
    )
    .option('--strict', 'with --from-file: a host that is there already counts as failed')
    .option(
      '--wait',
      'then wait until the API has verified it (every host added, with --from-file), as domains wait does',
    )
    .option(
      '--timeout <seconds>',
      'with --wait: give up after this many seconds, exit code 10 or 11 (default 600)',
      positiveSeconds,
    )
    .option(
      '--dns-server <host:port>',
      'with --wait: the resolver the DNS stage asks (env DOMAINCTL_DNS_SERVER; default: the system resolver)',
    )
    .option('--no-authoritative', "with --wait: ask only the resolver, not the zone's nameservers")
    .addHelpText(
      'after',
      `
--from-file adds 4 at a time and prints a line a host (HOST, RESULT, DETAIL; NDJSON with
--json) and a summary on stderr. RESULT is added, exists (a 409: already there; a failure only
with --strict), duplicate (repeated in the file), invalid (not sent) or failed; with --wait,
an added host ends verified or pending (with where its records stand in DNS). The summary's
"failed" counts every host that fails the run (invalid, failed, and exists with --strict).

--wait for one host is domains wait --until verified: each stage said as it is reached, then
where the domain stands. The exit code is 1 when any host failed, else, when one is still
pending after --wait's --timeout, 10 + the stages reached as domains wait says it (of the host
furthest behind: 10 its records are not right in DNS, 11 they are but it is not verified yet),
else 0.

  $ domainctl domains add --from-file hosts.txt --project prj_demo_scale
  $ grep -v staging hosts.txt | domainctl domains add --from-file - --json
  $ domainctl domains add shop.example.com --wait --timeout 300`,
    );
}
