import type { Command } from 'commander';
import { normalizeHostname } from '../contract/hostname.js';
import {
  ReadAddedRecords,
  type ReadDnsInstructions,
  type ReadDomain,
} from '../contract/read-schemas.js';
import { CliError, ExitStatus, type InvalidResponseError, isError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { zoneSnippet } from '../core/records.js';
import { visible } from '../core/sanitize.js';
import { DEFAULT_DNS_TIMEOUT_MS } from '../dns/index.js';
import {
  type CommandContext,
  commandContext,
  requireProject,
  traceOptions,
  writeOut,
} from './context.js';
import { checkJson, checkReport } from './dns-check-format.js';
import { apiClient, call, printErrorBody, printJson, projectFlag, say } from './domain-calls.js';
import { recordsJson, recordsTable } from './domain-format.js';
import { type LiveFlags, liveChecks } from './live-checks.js';

type RecordsFormat = 'table' | 'json' | 'zone';

/** A host name as the API stores it, or a usage error saying why it cannot be one. */
function hostnameArgument(input: string): string {
  // The edge domain is the server's setting; the API checks that part itself.
  const result = normalizeHostname(input, '');
  if (!result.ok) throw new CliError(`invalid domain "${input}": ${result.reason}`, ExitCode.usage);
  return result.hostname;
}

/** How every command about one domain starts: the name checked, who we are, the project. */
export function domainCommand(input: string, command: Command) {
  const hostname = hostnameArgument(input);
  const context = commandContext(command);
  const project = requireProject(context);
  traceOptions(context);
  return { hostname, context, project };
}

async function addDomain(input: string, _flags: object, command: Command): Promise<void> {
  const { hostname, context, project } = domainCommand(input, command);
  let added: unknown;
  let records: { domain: string; dns_instructions: ReadDnsInstructions };
  let unread: InvalidResponseError | undefined;
  try {
    const domain = await apiClient(context).addDomain(project, hostname);
    added = domain;
    records = domain;
  } catch (error) {
    // The domain was added though the answer breaks the contract somewhere: its records are
    // what the user came for, so they are printed whenever they can be read.
    const partial =
      isError(error, 'InvalidResponseError') && ReadAddedRecords.safeParse(error.body);
    if (!partial || !partial.success) {
      printErrorBody(context, error);
      throw error;
    }
    unread = error as InvalidResponseError;
    records = partial.data;
  }
  if (context.flags.json) {
    printJson(context, unread ? unread.body : added);
  } else {
    const name = visible(records.domain);
    writeOut(
      `Added ${name} to ${visible(project)}; it is pending verification.\n\n` +
        'Create these DNS records at your DNS provider:\n\n' +
        recordsTable(records.dns_instructions, context.color) +
        `\nNext: once the records are live, check them with\n  domainctl domains check ${name} ${visible(projectFlag(project))}\n` +
        `The records again, any time: domainctl domains records ${name} ${visible(projectFlag(project))}\n`,
    );
  }
  if (unread) say(`domainctl: warning: ${unread.message}; the domain was added all the same`);
}

/** Exit code 1 for a host name the project does not have, with where to look. */
export function noSuchDomain(hostname: string, project: string): CliError {
  return new CliError(
    `no domain ${hostname} in ${project} (see domainctl domains list ${projectFlag(project)})`,
    ExitCode.apiError,
  );
}

export async function findOrFail(
  context: CommandContext,
  project: string,
  hostname: string,
): Promise<ReadDomain> {
  const domain = await call(context, () => apiClient(context).findDomain(project, hostname));
  if (!domain) throw noSuchDomain(hostname, project);
  return domain;
}

async function showRecords(
  input: string,
  flags: { format?: RecordsFormat },
  command: Command,
): Promise<void> {
  const { hostname, context, project } = domainCommand(input, command);
  const format: RecordsFormat = flags.format ?? (context.flags.json ? 'json' : 'table');
  const domain = await findOrFail(context, project, hostname);
  if (format === 'json') printJson(context, recordsJson(domain));
  // A snippet that cannot mean exactly its records throws ZoneSnippetError: exit code 1.
  else if (format === 'zone') writeOut(zoneSnippet(domain.domain, domain.dns_instructions));
  else writeOut(recordsTable(domain.dns_instructions, context.color));
}

async function checkDomain(
  input: string,
  flags: LiveFlags & { timeout?: number },
  command: Command,
): Promise<void> {
  // Before anything is sent: a bad address is a usage error, never the system resolver instead.
  const live = liveChecks(flags);
  const { dns } = live;
  const { hostname, context, project } = domainCommand(input, command);
  context.debug?.(`* DNS server: ${dns.label}${dns.source === 'env' ? ' (environment)' : ''}`);
  const domain = await findOrFail(context, project, hostname);
  const timeoutMs = flags.timeout === undefined ? DEFAULT_DNS_TIMEOUT_MS : flags.timeout * 1000;
  const result = await live.check(domain.dns_instructions, timeoutMs);
  if (context.flags.json) {
    printJson(context, checkJson(domain, result, dns.address ? dns.label : null));
  } else {
    writeOut(checkReport(domain, result, { project, dnsServer: dns.label, color: context.color }));
  }
  // The report says which record is not right; the exit code says that one is.
  if (!result.ok) throw new ExitStatus(ExitCode.apiError);
}

/** The actions of the command definitions (lazyAction loads this module when one runs). */
export const actions = {
  addDomain,
  showRecords,
  checkDomain,
};
