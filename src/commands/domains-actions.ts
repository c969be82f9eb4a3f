import type { Command } from 'commander';
import { type ApiClient, createApiClient, type PageOptions } from '../client/api-client.js';
import { PageGuard } from '../client/paging.js';
import { resolveDnsServer } from '../config/dns-server.js';
import { requireBaseUrl } from '../config/resolve.js';
import { normalizeHostname } from '../contract/hostname.js';
import { PAGE_SIZE_MAX } from '../contract/params.js';
import {
  ReadAddedRecords,
  type ReadDnsInstructions,
  type ReadDomain,
} from '../contract/read-schemas.js';
import {
  CliError,
  ExitStatus,
  Interrupted,
  type InvalidResponseError,
  isError,
} from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { zoneSnippet } from '../core/records.js';
import { suggest } from '../core/suggested-commands.js';
import { visible, visibleText } from '../core/sanitize.js';
import { tlsExpiry } from '../core/tls.js';
import { checkRecords, DEFAULT_DNS_TIMEOUT_MS } from '../dns/index.js';
import { advised } from './advice.js';
import {
  type CommandContext,
  commandContext,
  requireProject,
  traceOptions,
  writeErr,
  writeOut,
} from './context.js';
import { checkJson, checkReport } from './dns-check-format.js';
import {
  DOMAIN_COLUMNS,
  domainRow,
  domainsTable,
  recordsJson,
  recordsTable,
} from './domain-format.js';
import { formatJson, jsonListWriter } from './json-format.js';
import { paint } from './style.js';
import { renderTable } from './table.js';
import {
  DEFAULT_INTERVAL_MS,
  DEFAULT_WAIT_TIMEOUT_MS,
  duration,
  terminalProgress,
  waitForVerification,
} from './wait-for-verification.js';

interface ListFlags {
  all?: boolean;
  pageSize?: number;
  pageToken?: string;
}

type RecordsFormat = 'table' | 'json' | 'zone';

/**
 * The most rows the table of `domains list --all` holds: its columns are as wide as their widest
 * cell, so it is printed once every page is in. `--json` streams instead and has no limit.
 */
export const ALL_TABLE_MAX_ROWS = 100_000;

function apiClient(context: CommandContext, timeoutMs?: number) {
  return createApiClient({
    baseUrl: requireBaseUrl(context.options),
    token: context.options.token,
    timeoutMs,
    debug: context.debug,
  });
}

/** Prints a value as JSON: compact with --json, else indented (and coloured on a terminal). */
function printJson(context: CommandContext, value: unknown): void {
  writeOut(`${formatJson(value, { compact: context.flags.json, color: context.color })}\n`);
}

/** A line on stderr that may quote the API or the settings: shown, never obeyed. */
function say(line: string): void {
  writeErr(`${visible(line)}\n`);
}

/** A body the API sent: JSON as printJson prints it, text with its control characters shown. */
function printBody(context: CommandContext, body: unknown, compact = context.flags.json): void {
  if (typeof body !== 'string') {
    writeOut(`${formatJson(body, { compact, color: context.color })}\n`);
  } else if (body !== '') {
    writeOut(body.endsWith('\n') ? visibleText(body) : `${visibleText(body)}\n`);
  }
}

/**
 * With --json an HTTP error's body goes to stdout as `api request` prints it, so a script reads
 * the same document either way. A success answer that was not understood is printed always: it
 * is all there is to see of what the API did. The summary line is main()'s, once it is thrown.
 */
function printErrorBody(context: CommandContext, error: unknown): void {
  if (isError(error, 'InvalidResponseError')) printBody(context, error.body);
  else if (isError(error, 'ApiError') && context.flags.json && error.body !== undefined) {
    printBody(context, error.body, true);
  }
}

/** Runs an API call; an HTTP error's body is printed as printErrorBody says, then rethrown. */
async function call<T>(context: CommandContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    printErrorBody(context, error);
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

async function listDomains(flags: ListFlags, command: Command): Promise<void> {
  const context = commandContext(command);
  const project = requireProject(context);
  traceOptions(context);
  const client = apiClient(context);

  let next: string | null | undefined;
  if (flags.all) {
    await (context.flags.json ? streamAllJson : printAllTable)(context, client, project, flags);
  } else if (context.flags.json) {
    // The page as it came: only its shape is checked, so fields of any kind are printed.
    const page = await call(context, () =>
      client.listDomainsPage(project, { pageSize: flags.pageSize, pageToken: flags.pageToken }),
    );
    printJson(context, page);
    next = page.next_page_token;
  } else {
    const page = await call(context, () =>
      client.listDomains(project, { pageSize: flags.pageSize, pageToken: flags.pageToken }),
    );
    if (page.domains.length > 0) writeOut(domainsTable(page.domains, new Date(), context.color));
    else if (!flags.pageToken) noDomainsYet(project);
    next = page.next_page_token;
  }
  if (next) {
    say(
      `More domains follow. Next page: ${suggest.domainsNextPage(project, next, flags.pageSize)} (or --all for every page)`,
    );
  }
}

function noDomainsYet(project: string): void {
  say(`No domains in ${project} yet. Add one with: ${suggest.domainsAdd(project)}`);
}

/**
 * Every page of a project's domains from `--page-token` on, `--page-size` (else 100) a page:
 * `fetch` asks for one, given its token, size and number (from 1, so the first can be treated
 * apart). A page token handed out twice or an empty page that points further ends the walk with a
 * PagingError instead of following it for ever.
 */
async function* everyPage<Page extends { domains: unknown[]; next_page_token?: string | null }>(
  project: string,
  flags: ListFlags,
  fetch: (page: PageOptions & { number: number }) => Promise<Page>,
): AsyncGenerator<Page> {
  const guard = new PageGuard(`the domains of ${project}`, flags.pageToken);
  const pageSize = flags.pageSize ?? PAGE_SIZE_MAX;
  let pageToken = flags.pageToken;
  let number = 0;
  do {
    const page = await fetch({ pageSize, pageToken, number: ++number });
    yield page;
    pageToken = guard.next(page.next_page_token, page.domains.length);
  } while (pageToken);
}

/**
 * `--all --json`: every page, streamed as one document (one page in memory at a time). A failure
 * after the first page leaves the document unfinished, so it can never pass for the whole list.
 */
async function streamAllJson(
  context: CommandContext,
  client: ApiClient,
  project: string,
  flags: ListFlags,
): Promise<void> {
  const out = jsonListWriter('domains', { compact: true, color: context.color }, writeOut);
  const pages = everyPage(project, flags, ({ number, ...page }) =>
    number === 1
      ? call(context, () => client.listDomainsPage(project, page))
      : client.listDomainsPage(project, page).catch((error) => {
          // The document on stdout is unfinished: say so, and print no error body after it.
          say(`domainctl: page ${number} of the domains failed; the JSON above is incomplete`);
          throw error;
        }),
  );
  for await (const page of pages) out.items(page.domains);
  out.close();
}

/**
 * `--all` as a table: the rows of every page, printed once the last has come (columns as wide as
 * their widest cell). Only the rows' text is kept, up to ALL_TABLE_MAX_ROWS.
 */
async function printAllTable(
  context: CommandContext,
  client: ApiClient,
  project: string,
  flags: ListFlags,
): Promise<void> {
  const now = new Date();
  const p = paint(context.color);
  const rows: string[][] = [];
  const pages = everyPage(project, flags, ({ number: _, ...page }) =>
    call(context, () => client.listDomains(project, page)),
  );
  for await (const page of pages) {
    for (const domain of page.domains) rows.push(domainRow(domain, now, p));
    if (rows.length > ALL_TABLE_MAX_ROWS) {
      throw new CliError(
        `${project} has more than ${ALL_TABLE_MAX_ROWS} domains, more than the table of --all holds (its columns need every row first), so nothing was printed; --json prints any number, a page at a time`,
        ExitCode.apiError,
      );
    }
  }
  if (rows.length > 0) writeOut(renderTable(DOMAIN_COLUMNS, rows, { color: context.color }));
  else if (!flags.pageToken) noDomainsYet(project);
}

/** How every command about one domain starts: the name checked, who we are, the project. */
function domainCommand(input: string, command: Command) {
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
        `\nNext: once the records are live, check them with\n  ${visible(suggest.domainsCheck(records.domain, project))}\n` +
        `The records again, any time: ${visible(suggest.domainsRecords(records.domain, project))}\n`,
    );
  }
  if (unread) say(`domainctl: warning: ${unread.message}; the domain was added all the same`);
}

/** Exit code 1 for a host name the project does not have, with where to look. */
function noSuchDomain(hostname: string, project: string): CliError {
  return new CliError(
    `no domain ${hostname} in ${project} (see ${suggest.domainsList(project)})`,
    ExitCode.apiError,
  );
}

async function findOrFail(
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
  flags: { dnsServer?: string; timeout?: number },
  command: Command,
): Promise<void> {
  // Before anything is sent: a bad address is a usage error, never the system resolver instead.
  const dns = resolveDnsServer(flags.dnsServer);
  const { hostname, context, project } = domainCommand(input, command);
  context.debug?.(`* DNS server: ${dns.label}${dns.source === 'env' ? ' (environment)' : ''}`);
  const domain = await findOrFail(context, project, hostname);
  const result = await checkRecords(domain.dns_instructions, {
    server: dns.address,
    timeoutMs: flags.timeout === undefined ? DEFAULT_DNS_TIMEOUT_MS : flags.timeout * 1000,
  });
  if (context.flags.json) {
    printJson(context, checkJson(domain, result, dns.address ? dns.label : null));
  } else {
    writeOut(checkReport(domain, result, { project, dnsServer: dns.label, color: context.color }));
  }
  // The report says which record is not right; the exit code says that one is.
  if (!result.ok) throw new ExitStatus(ExitCode.apiError);
}

async function waitForDomain(
  input: string,
  flags: { interval?: number; timeout?: number },
  command: Command,
): Promise<void> {
  const { hostname, context, project } = domainCommand(input, command);
  const timeoutMs = flags.timeout === undefined ? DEFAULT_WAIT_TIMEOUT_MS : flags.timeout * 1000;
  const progress = terminalProgress(process.stderr);
  // Ctrl+C must not leave a half-drawn progress line behind the shell's prompt: it stops the
  // wait, the line is cleared below, and main() ends the run with 130.
  const interrupt = new AbortController();
  const interrupted = () => interrupt.abort(new Interrupted('SIGINT'));
  if (progress.active) process.once('SIGINT', interrupted);
  let outcome: Awaited<ReturnType<typeof waitForVerification>>;
  try {
    outcome = await waitForVerification({
      hostname,
      signal: interrupt.signal,
      find: (requestTimeoutMs) =>
        apiClient(context, requestTimeoutMs).findDomain(project, hostname),
      notFound: () => noSuchDomain(hostname, project),
      intervalMs: flags.interval === undefined ? DEFAULT_INTERVAL_MS : flags.interval * 1000,
      timeoutMs,
      progress,
      warn: say,
    });
  } catch (error) {
    // The line goes before anything else is written to the terminal.
    progress.clear();
    printErrorBody(context, error);
    throw error;
  } finally {
    process.off('SIGINT', interrupted);
  }
  progress.clear();

  const { domain } = outcome;
  if (context.flags.json) printJson(context, domain);
  if (!outcome.verified) {
    const why = outcome.lastFailure
      ? `; the last check got no answer (${outcome.lastFailure})`
      : `. See what its DNS records look like with: ${suggest.domainsCheck(hostname, project)}`;
    throw new CliError(
      `${hostname} is still pending after ${duration(timeoutMs)} (${outcome.checks} ${outcome.checks === 1 ? 'check' : 'checks'})${why}`,
      ExitCode.waitTimeout,
    );
  }
  if (context.flags.json) return;
  const expiry = domain.tls_cert_expiry;
  const tls = tlsExpiry(expiry, new Date());
  const left =
    tls.state === 'valid'
      ? `${tls.daysLeft} ${tls.daysLeft === 1 ? 'day' : 'days'} left`
      : 'expired';
  writeOut(
    visibleText(
      `${domain.domain} is verified (at ${domain.verified_at ?? 'an unknown time'}).\n` +
        (tls.state === 'none'
          ? 'Its TLS certificate has not been issued yet.\n'
          : `Its TLS certificate expires at ${expiry} (${left}).\n`),
    ),
  );
}

/** The actions of the command definitions (lazyAction loads this module when one runs). */
export const actions = advised({
  listDomains,
  addDomain,
  showRecords,
  checkDomain,
  waitForDomain,
});
