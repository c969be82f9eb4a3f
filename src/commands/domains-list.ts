import type { Command } from 'commander';
import type { ApiClient, PageOptions } from '../client/api-client.js';
import { PageGuard } from '../client/paging.js';
import { resolveMaxResponseBytes } from '../config/resolve.js';
import { PAGE_SIZE_MAX } from '../contract/params.js';
import type { ReadDomain } from '../contract/read-schemas.js';
import { CliError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { type SortKey, sortDomains } from '../core/domain-order.js';
import { canHaveCustomDomains, DOMAIN_PLAN_NAMES, planName } from '../core/plans.js';
import {
  type CommandContext,
  commandContext,
  requireProject,
  traceOptions,
  writeOut,
  writeOutPaced,
} from './context.js';
import { suggest } from '../core/suggested-commands.js';
import { advised } from './advice.js';
import { apiClient, call, printDocument, say } from './domain-calls.js';
import { type FilterFlags, domainFilter } from './domain-filters.js';
import { DOMAIN_COLUMNS, domainRow, domainsTable } from './domain-format.js';
import { csvWriter, type ListWriter, ndjsonWriter } from './domain-list-writers.js';
import { type JqFilter, type JqFlags, jqFilter, MergedList } from './jq-output.js';
import { jsonListWriter } from './json-format.js';
import { paint } from './style.js';
import { renderTable } from './table.js';

type ListFormat = 'table' | 'json' | 'ndjson' | 'csv';

interface ListFlags extends JqFlags, FilterFlags {
  sort?: SortKey;
  reverse?: boolean;
  all?: boolean;
  pageSize?: number;
  pageToken?: string;
  format?: ListFormat;
  failOnMatch?: boolean;
}

/**
 * The most rows the table of `domains list --all` holds: its columns are as wide as their widest
 * cell, so it is printed once every page is in. `--json` streams instead and has no limit.
 */
export const ALL_TABLE_MAX_ROWS = 100_000;

/** What one run lists: the filter (if any), and how many domains it printed. */
interface Listing {
  context: CommandContext;
  client: ApiClient;
  project: string;
  flags: ListFlags;
  keep?: (domain: ReadDomain) => boolean;
  printed: number;
}

export async function listDomains(flags: ListFlags, command: Command): Promise<void> {
  const context = commandContext(command);
  const project = requireProject(context);
  const jq = await jqFilter(flags);
  if (jq && flags.format && flags.format !== 'json') {
    throw new CliError(`--jq filters the JSON of the list; --format ${flags.format} is not JSON`);
  }
  const format: ListFormat = jq
    ? 'json'
    : (flags.format ?? (context.flags.json ? 'json' : 'table'));
  traceOptions(context);
  const keep = domainFilter(flags, new Date());
  const listing: Listing = {
    context,
    client: apiClient(context),
    project,
    flags,
    keep,
    printed: 0,
  };

  // A filter keeps what it finds on every page: a filter over one page would miss the rest.
  // An order is the whole list's, so it waits for every page.
  if (flags.sort || flags.reverse) {
    await printSorted(listing, format, jq);
  } else if (flags.all || keep) {
    if (jq) await filterAll(listing, jq);
    else if (format === 'table') await printAllTable(listing);
    else await streamAll(listing, format);
  } else {
    const next = await printOnePage(listing, format, jq);
    if (next) {
      const nextPage = suggest.domainsNextPage(project, next, flags.pageSize, context.flags);
      say(`More domains follow. Next page: ${nextPage} (or --all for every page)`);
    }
  }
  if (flags.failOnMatch && listing.printed > 0) {
    const n = listing.printed;
    throw new CliError(
      `${n} ${n === 1 ? 'domain matches' : 'domains match'} (--fail-on-match)`,
      ExitCode.matched,
    );
  }
}

/** One page, in the format asked for; returns the token of the next page, if any. */
async function printOnePage(
  listing: Listing,
  format: ListFormat,
  jq: JqFilter | undefined,
): Promise<string | null | undefined> {
  const { context, client, project, flags } = listing;
  const options = { pageSize: flags.pageSize, pageToken: flags.pageToken };
  if (format === 'json' || format === 'ndjson') {
    // The page as it came: only its shape is checked, so fields of any kind are printed.
    const page = await call(context, () => client.listDomainsPage(project, options));
    if (format === 'json') await printDocument(context, page, jq);
    else await ndjsonWriter(writeOut).items(page.domains);
    listing.printed = page.domains.length;
    return page.next_page_token;
  }
  const page = await call(context, () => client.listDomains(project, options));
  listing.printed = page.domains.length;
  if (format === 'csv') {
    const out = csvWriter(writeOut);
    await out.items(page.domains);
    await out.close();
  } else if (page.domains.length > 0) {
    writeOut(domainsTable(page.domains, new Date(), context.color));
  } else if (!flags.pageToken) {
    await noDomains(listing);
  }
  return page.next_page_token;
}

/**
 * Says the list is empty, and how to add one: not on a plan that may have no custom domains,
 * where `domains add` would only meet a 402 (said as the UI says it). The plan is asked for only
 * here; when the project cannot be read, the hint is the usual one.
 */
async function noDomains({ project, keep, context, client }: Listing): Promise<void> {
  if (keep) {
    say(`No domains of ${project} match.`);
    return;
  }
  const plan = await client.getProject(project).then(
    (found) => found.plan,
    () => undefined,
  );
  say(
    canHaveCustomDomains(plan) === false
      ? `No domains in ${project}: it is on the ${planName(plan as string)} plan, and custom domains need ${DOMAIN_PLAN_NAMES}.`
      : `No domains in ${project} yet. Add one with: ${suggest.domainsAdd(project, context.flags)}`,
  );
}

/**
 * Every page of a project's domains from `--page-token` on, `--page-size` (else 100) a page:
 * `fetch` asks for one, given its token, size and number (from 1, so the first can be treated
 * apart). Empty pages that point further are followed, up to MAX_EMPTY_PAGES in a row; a page
 * token handed out twice, or more empty pages in a row, ends the walk with a PagingError instead of
 * following it for ever.
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
 * The items of every page that the filter keeps. With a filter (or for CSV) the domains are
 * checked, since their fields are read; otherwise only the page's shape is, so JSON prints fields
 * of any kind. When the output is `streamed` ('JSON', 'output'), a failure after the first page
 * is said to leave it incomplete.
 */
function keptItems(listing: Listing, typed: boolean, streamed?: string): AsyncGenerator<unknown[]> {
  const { context, client, project, flags, keep } = listing;
  const pages = everyPage(project, flags, ({ number, ...page }) => {
    const fetch = () =>
      typed ? client.listDomains(project, page) : client.listDomainsPage(project, page);
    if (number === 1 || !streamed) return call(context, fetch);
    return fetch().catch((error: unknown) => {
      // What is on stdout is unfinished: say so, and print no error body after it.
      say(`domainctl: page ${number} of the domains failed; the ${streamed} above is incomplete`);
      throw error;
    });
  });
  return (async function* () {
    for await (const page of pages) {
      const domains = page.domains as unknown[];
      yield keep ? domains.filter((d) => keep(d as ReadDomain)) : domains;
    }
  })();
}

/**
 * `--all` (or a filter) as JSON, NDJSON or CSV: streamed, one page in memory at a time; the
 * next page is asked for once stdout has taken this one, however slow the reader. A failure
 * after the first page leaves the JSON document unfinished, so it never passes for the list.
 */
async function streamAll(listing: Listing, format: Exclude<ListFormat, 'table'>): Promise<void> {
  const { context } = listing;
  const out: ListWriter<unknown> =
    format === 'json'
      ? jsonListWriter(
          'domains',
          { compact: context.flags.json, color: context.color },
          writeOutPaced,
        )
      : format === 'ndjson'
        ? ndjsonWriter(writeOutPaced)
        : (csvWriter(writeOutPaced) as ListWriter<unknown>);
  const typed = !!listing.keep || format === 'csv';
  for await (const items of keptItems(listing, typed, format === 'json' ? 'JSON' : 'output')) {
    listing.printed += items.length;
    await out.items(items);
  }
  await out.close();
}

/**
 * `--all --jq`: every page merged into the document `--all --json` prints (held whole, up to the
 * response-size limit), then the expression over it, once.
 */
async function filterAll(listing: Listing, jq: JqFilter): Promise<void> {
  const merged = new MergedList('domains', resolveMaxResponseBytes(listing.context.flags));
  for await (const items of keptItems(listing, !!listing.keep)) {
    listing.printed += items.length;
    merged.add(items);
  }
  await jq.printJson(merged.json(), !!listing.context.flags.json);
}

/**
 * `--all` as a table: the rows of every page, printed once the last has come (columns as wide as
 * their widest cell). Only the rows' text is kept, up to ALL_TABLE_MAX_ROWS.
 */
async function printAllTable(listing: Listing): Promise<void> {
  const { context, client, project, flags, keep } = listing;
  const now = new Date();
  const p = paint(context.color);
  const rows: string[][] = [];
  const pages = everyPage(project, flags, ({ number: _, ...page }) =>
    call(context, () => client.listDomains(project, page)),
  );
  for await (const page of pages) {
    for (const domain of page.domains) {
      if (!keep || keep(domain)) rows.push(domainRow(domain, now, p));
    }
    if (rows.length > ALL_TABLE_MAX_ROWS) {
      throw new CliError(
        `${project} has more than ${ALL_TABLE_MAX_ROWS} domains, more than the table of --all holds (its columns need every row first), so nothing was printed; --json prints any number, a page at a time`,
        ExitCode.apiError,
      );
    }
  }
  listing.printed = rows.length;
  if (rows.length > 0) writeOut(renderTable(DOMAIN_COLUMNS, rows, { color: context.color }));
  else if (!flags.pageToken) await noDomains(listing);
}

/**
 * `--sort` / `--reverse`: every page (what the filters keep of it), held until the last is in,
 * then sorted as the UI sorts (core/domain-order.ts) and printed in the format asked for. Held
 * whole, so up to ALL_TABLE_MAX_ROWS domains, as the `--all` table.
 */
async function printSorted(
  listing: Listing,
  format: ListFormat,
  jq: JqFilter | undefined,
): Promise<void> {
  const { context, project, flags } = listing;
  const kept: ReadDomain[] = [];
  for await (const items of keptItems(listing, true)) {
    kept.push(...(items as ReadDomain[]));
    if (kept.length > ALL_TABLE_MAX_ROWS) {
      throw new CliError(
        `${project} has more than ${ALL_TABLE_MAX_ROWS} domains, more than --sort holds (an order needs every domain first), so nothing was printed; --json without --sort prints any number, a page at a time`,
        ExitCode.apiError,
      );
    }
  }
  const domains = sortDomains(kept, flags.sort ?? 'created', flags.reverse);
  listing.printed = domains.length;
  if (format === 'json') {
    await printDocument(context, { domains, next_page_token: '' }, jq);
  } else if (format === 'ndjson' || format === 'csv') {
    const out = format === 'csv' ? csvWriter(writeOut) : ndjsonWriter(writeOut);
    await out.items(domains);
    await out.close();
  } else if (domains.length > 0) {
    writeOut(domainsTable(domains, new Date(), context.color));
  } else if (!flags.pageToken) {
    await noDomains(listing);
  }
}

/** The action of `domains list` (lazyAction loads this module when it runs). */
export const actions = advised({ listDomains });
