import { type Command, Option } from 'commander';
import { duration } from './arg-parsers.js';

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
    .option(
      '--fail-on-match',
      'exit with code 8 when any domain matches the filters (for cron jobs and CI)',
    )
    .addHelpText(
      'after',
      `
Filters walk every page (as --all) and stream what they keep; --fail-on-match ends with exit
code 8 when anything was printed, 0 when nothing matched.

  $ domainctl domains list --expiring-within 14d --fail-on-match --format csv
  $ domainctl domains list --status pending --host '*.example.com' --format ndjson`,
    );
}
