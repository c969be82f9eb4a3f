import type { Command } from 'commander';
import { normalizeHostname } from '../contract/hostname.js';
import {
  ReadAddedRecords,
  type ReadDnsInstructions,
  type ReadDomain,
} from '../contract/read-schemas.js';
import { CliError, ExitStatus, InvalidResponseError } from '../core/errors.js';
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
import { type GivenFlags, suggest } from '../core/suggested-commands.js';
import { advised } from './advice.js';
import {
  apiClient,
  call,
  printDocument,
  printErrorBody,
  refuseIfReadOnlyProfile,
  say,
} from './domain-calls.js';
import { recordsJson, recordsTable } from './domain-format.js';
import { type AddManyFlags, addMany } from './domains-add-many.js';
import { type JqFlags, jqFilter } from './jq-output.js';
import { type LiveFlags, liveChecks } from './live-checks.js';
import { waitAndReport } from './stage-wait.js';

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

interface AddFlags extends JqFlags, AddManyFlags, LiveFlags {
  wait?: boolean;
  timeout?: number;
}

async function addDomain(
  input: string | undefined,
  flags: AddFlags,
  command: Command,
): Promise<void> {
  // An option that means nothing here is said, not ignored: `add x --timeout 5` would otherwise
  // add without waiting and exit 0, as if it had been verified in time.
  if (flags.timeout !== undefined && !flags.wait) {
    throw new CliError('--timeout is how long --wait waits: add --wait, or leave --timeout out');
  }
  if (!flags.wait && (flags.dnsServer !== undefined || flags.authoritative === false)) {
    const option = flags.dnsServer !== undefined ? '--dns-server' : '--no-authoritative';
    throw new CliError(`${option} is for the DNS stage of --wait: add --wait, or leave it out`);
  }
  if (flags.strict && flags.fromFile === undefined) {
    throw new CliError('--strict is for --from-file: a host of the file that is there already');
  }
  // --wait looks at DNS as `domains wait` does: a bad --dns-server is refused before the add.
  const live = flags.wait ? liveChecks(flags) : undefined;
  if (flags.fromFile !== undefined) {
    if (input !== undefined) {
      throw new CliError('give one domain or --from-file, not both');
    }
    const context = commandContext(command);
    refuseIfReadOnlyProfile(context, 'POST');
    const project = requireProject(context);
    traceOptions(context);
    await addMany(context, project, { ...flags, live }, await jqFilter(flags));
    return;
  }
  if (input === undefined) {
    throw new CliError('give the domain to add, or --from-file FILE (- for stdin) for many');
  }
  const { hostname, context, project } = domainCommand(input, command);
  refuseIfReadOnlyProfile(context, 'POST');
  const jq = await jqFilter(flags);
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
    const partial = error instanceof InvalidResponseError && ReadAddedRecords.safeParse(error.body);
    if (!partial || !partial.success) {
      printErrorBody(context, error);
      throw error;
    }
    unread = error as InvalidResponseError;
    records = partial.data;
  }
  // With --wait and JSON, the one document is the Domain as the wait last saw it.
  const waitJson = flags.wait && (context.flags.json || jq);
  if ((context.flags.json || jq) && !waitJson) {
    await printDocument(context, unread ? unread.body : added, jq);
  } else if (!waitJson) {
    const name = visible(records.domain);
    writeOut(
      `Added ${name} to ${visible(project)}; it is pending verification.\n\n` +
        'Create these DNS records at your DNS provider:\n\n' +
        recordsTable(records.dns_instructions, context.color) +
        `\nNext: once the records are live, check them with\n  ${visible(suggest.domainsCheck(records.domain, project, context.flags))}\n` +
        `The records again, any time: ${visible(suggest.domainsRecords(records.domain, project, context.flags))}\n`,
    );
  }
  if (unread) say(`domainctl: warning: ${unread.message}; the domain was added all the same`);
  // The wait of `domains wait --until verified`: the same stage lines, closing line and codes.
  if (live) {
    await waitAndReport({
      hostname: records.domain,
      project,
      context,
      until: 'verified',
      live,
      jq,
      timeoutMs: flags.timeout === undefined ? undefined : flags.timeout * 1000,
      notFound: () => noSuchDomain(records.domain, project, context.flags),
    });
  }
}

/** Exit code 1 for a host name the project does not have, with where to look. */
export function noSuchDomain(hostname: string, project: string, given: GivenFlags): CliError {
  return new CliError(
    `no domain ${hostname} in ${project} (see ${suggest.domainsList(project, given)})`,
    ExitCode.apiError,
  );
}

export async function findOrFail(
  context: CommandContext,
  project: string,
  hostname: string,
): Promise<ReadDomain> {
  const domain = await call(context, () => apiClient(context).findDomain(project, hostname));
  if (!domain) throw noSuchDomain(hostname, project, context.flags);
  return domain;
}

async function showRecords(
  input: string,
  flags: { format?: RecordsFormat } & JqFlags,
  command: Command,
): Promise<void> {
  const { hostname, context, project } = domainCommand(input, command);
  const jq = await jqFilter(flags);
  if (jq && flags.format && flags.format !== 'json') {
    throw new CliError(
      `--jq filters the JSON of the records; --format ${flags.format} is not JSON`,
    );
  }
  const format: RecordsFormat = flags.format ?? (context.flags.json || jq ? 'json' : 'table');
  const domain = await findOrFail(context, project, hostname);
  if (format === 'json') await printDocument(context, recordsJson(domain), jq);
  // A snippet that cannot mean exactly its records throws ZoneSnippetError: exit code 1.
  else if (format === 'zone') writeOut(zoneSnippet(domain.domain, domain.dns_instructions));
  else writeOut(recordsTable(domain.dns_instructions, context.color));
}

async function checkDomain(
  input: string,
  flags: LiveFlags & { timeout?: number } & JqFlags,
  command: Command,
): Promise<void> {
  // Before anything is sent: a bad address is a usage error, never the system resolver instead.
  const live = liveChecks(flags);
  const { dns } = live;
  const { hostname, context, project } = domainCommand(input, command);
  const jq = await jqFilter(flags);
  context.debug?.(`* DNS server: ${dns.label}${dns.source === 'env' ? ' (environment)' : ''}`);
  const domain = await findOrFail(context, project, hostname);
  const timeoutMs = flags.timeout === undefined ? DEFAULT_DNS_TIMEOUT_MS : flags.timeout * 1000;
  const result = await live.check(domain.dns_instructions, timeoutMs);
  if (context.flags.json || jq) {
    await printDocument(context, checkJson(domain, result, dns.address ? dns.label : null), jq);
  } else {
    writeOut(
      checkReport(domain, result, {
        project,
        given: context.flags,
        dnsServer: dns.label,
        color: context.color,
      }),
    );
  }
  // The report says which record is not right; the exit code says that one is.
  if (!result.ok) throw new ExitStatus(ExitCode.apiError);
}

/** The actions of the command definitions (lazyAction loads this module when one runs). */
export const actions = advised({
  addDomain,
  showRecords,
  checkDomain,
});
