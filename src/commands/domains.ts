import { type Command, Option } from 'commander';
import { ApiError } from '../client/errors.js';
import { normalizeHostname } from '../contract/hostname.js';
import { PAGE_SIZE_MAX } from '../contract/params.js';
import type { Domain, DomainPage } from '../contract/schemas.js';
import { zoneSnippet } from '../dns/records.js';
import {
  apiClient,
  type CommandContext,
  commandContext,
  requireProject,
  traceOptions,
  wholeNumber,
  writeErr,
  writeOut,
} from './context.js';
import { domainsTable, recordsJson, recordsTable } from './domain-format.js';
import { CliError, ExitCode } from './exit-codes.js';
import { formatJson } from './json-format.js';
import { runCommand } from './run-command.js';

interface ListFlags {
  all?: boolean;
  pageSize?: number;
  pageToken?: string;
}

type RecordsFormat = 'table' | 'json' | 'zone';

/** Prints a value as JSON: compact with --json, else indented (and coloured on a terminal). */
function printJson(context: CommandContext, value: unknown): void {
  writeOut(`${formatJson(value, { compact: context.flags.json, color: context.color })}\n`);
}

/**
 * Runs an API call; with --json an HTTP error's body goes to stdout as `api request` prints it,
 * so a script reads the same document either way. The summary line is reportError's.
 */
async function call<T>(context: CommandContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && context.flags.json && error.body !== undefined) {
      writeOut(
        typeof error.body === 'string'
          ? `${error.body}\n`
          : `${formatJson(error.body, { compact: true })}\n`,
      );
    }
    throw error;
  }
}

/** A host name as the API stores it, or a usage error saying why it cannot be one. */
function hostnameArgument(input: string): string {
  // The edge domain is the server's setting; the API checks that part itself.
  const result = normalizeHostname(input, '');
  if (!result.ok) throw new CliError(`invalid domain "${input}": ${result.reason}`, ExitCode.usage);
  return result.hostname;
}

/** `--project X` as it goes into a command line the user can copy. */
const projectFlag = (project: string) => `--project ${project}`;

async function listDomains(flags: ListFlags, command: Command): Promise<void> {
  const context = commandContext(command);
  const project = requireProject(context);
  traceOptions(context);
  const client = apiClient(context);

  let page: DomainPage;
  if (flags.all) {
    const domains: Domain[] = [];
    let pageToken = flags.pageToken;
    do {
      const next = await call(context, () =>
        client.listDomains(project, { pageSize: flags.pageSize ?? PAGE_SIZE_MAX, pageToken }),
      );
      domains.push(...next.domains);
      pageToken = next.next_page_token || undefined;
    } while (pageToken);
    page = { domains, next_page_token: '' };
  } else {
    page = await call(context, () =>
      client.listDomains(project, { pageSize: flags.pageSize, pageToken: flags.pageToken }),
    );
  }

  if (context.flags.json) {
    printJson(context, page);
  } else if (page.domains.length > 0) {
    writeOut(domainsTable(page.domains, new Date(), context.color));
  } else if (!flags.pageToken) {
    writeErr(
      `No domains in ${project} yet. Add one with: domainctl domains add DOMAIN ${projectFlag(project)}\n`,
    );
  }
  if (page.next_page_token) {
    const size = flags.pageSize === undefined ? '' : ` --page-size ${flags.pageSize}`;
    writeErr(
      `More domains follow. Next page: domainctl domains list ${projectFlag(project)}${size} --page-token ${page.next_page_token} (or --all for every page)\n`,
    );
  }
}

async function addDomain(input: string, _flags: object, command: Command): Promise<void> {
  const hostname = hostnameArgument(input);
  const context = commandContext(command);
  const project = requireProject(context);
  traceOptions(context);
  const domain = await call(context, () => apiClient(context).addDomain(project, hostname));
  if (context.flags.json) {
    printJson(context, domain);
    return;
  }
  writeOut(
    `Added ${domain.domain} to ${project}; it is pending verification.\n\n` +
      'Create these DNS records at your DNS provider:\n\n' +
      recordsTable(domain, context.color) +
      `\nNext: once the records are live, check them with\n  domainctl domains check ${domain.domain} ${projectFlag(project)}\n` +
      `The records again, any time: domainctl domains records ${domain.domain} ${projectFlag(project)}\n`,
  );
}

async function showRecords(
  input: string,
  flags: { format?: RecordsFormat },
  command: Command,
): Promise<void> {
  const hostname = hostnameArgument(input);
  const context = commandContext(command);
  const project = requireProject(context);
  traceOptions(context);
  const format: RecordsFormat = flags.format ?? (context.flags.json ? 'json' : 'table');
  const domain = await call(context, () => apiClient(context).findDomain(project, hostname));
  if (!domain) {
    throw new CliError(
      `no domain ${hostname} in ${project} (see domainctl domains list ${projectFlag(project)})`,
      ExitCode.apiError,
    );
  }
  if (format === 'json') printJson(context, recordsJson(domain));
  else if (format === 'zone') writeOut(zoneSnippet(domain.domain, domain.dns_instructions));
  else writeOut(recordsTable(domain, context.color));
}

export function registerDomains(program: Command): void {
  const domains = program
    .command('domains')
    .description("List a project's custom domains, add one, and show the DNS records it needs")
    .addHelpText(
      'after',
      `
The project comes from --project, DOMAINCTL_PROJECT or the profile's default project.

Examples:
  $ domainctl domains list --project prj_demo_scale
  $ domainctl domains add shop.example.com --project prj_demo_scale
  $ domainctl domains records shop.example.com --format zone`,
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
When more pages follow, stderr says how to get the next one.

Examples:
  $ domainctl domains list --project prj_demo_scale
  $ domainctl domains list --all --json | jq -r '.domains[].domain'`,
    )
    .action(runCommand(listDomains));

  domains
    .command('add')
    .description('Add a custom domain and print the DNS records to create')
    .argument('<domain>', 'host name, e.g. shop.example.com')
    .addHelpText(
      'after',
      `
Examples:
  $ domainctl domains add shop.example.com --project prj_demo_scale
  $ domainctl domains add shop.example.com --json`,
    )
    .action(runCommand(addDomain));

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
    .action(runCommand(showRecords));
}
