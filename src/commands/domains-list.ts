import type { Command } from 'commander';
import type { ApiClient, PageOptions } from '../client/api-client.js';
import { PageGuard } from '../client/paging.js';
import { PAGE_SIZE_MAX } from '../contract/params.js';
import { CliError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import {
  type CommandContext,
  commandContext,
  requireProject,
  traceOptions,
  writeOut,
  writeOutPaced,
} from './context.js';
import { apiClient, call, printJson, projectFlag, say, shellWord } from './domain-calls.js';
import { DOMAIN_COLUMNS, domainRow, domainsTable } from './domain-format.js';
import { jsonListWriter } from './json-format.js';
import { paint } from './style.js';
import { renderTable } from './table.js';

interface ListFlags {
  all?: boolean;
  pageSize?: number;
  pageToken?: string;
}

/**
 * The most rows the table of `domains list --all` holds: its columns are as wide as their widest
 * cell, so it is printed once every page is in. `--json` streams instead and has no limit.
 */
export const ALL_TABLE_MAX_ROWS = 100_000;

export async function listDomains(flags: ListFlags, command: Command): Promise<void> {
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
    const size = flags.pageSize === undefined ? '' : ` --page-size ${flags.pageSize}`;
    say(
      `More domains follow. Next page: domainctl domains list ${projectFlag(project)}${size} --page-token ${shellWord(next)} (or --all for every page)`,
    );
  }
}

function noDomainsYet(project: string): void {
  say(
    `No domains in ${project} yet. Add one with: domainctl domains add DOMAIN ${projectFlag(project)}`,
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
 * `--all --json`: every page, streamed as one document (one page in memory at a time). A failure
 * after the first page leaves the document unfinished, so it can never pass for the whole list.
 */
async function streamAllJson(
  context: CommandContext,
  client: ApiClient,
  project: string,
  flags: ListFlags,
): Promise<void> {
  const out = jsonListWriter('domains', { compact: true, color: context.color }, writeOutPaced);
  const pages = everyPage(project, flags, ({ number, ...page }) =>
    number === 1
      ? call(context, () => client.listDomainsPage(project, page))
      : client.listDomainsPage(project, page).catch((error) => {
          // The document on stdout is unfinished: say so, and print no error body after it.
          say(`domainctl: page ${number} of the domains failed; the JSON above is incomplete`);
          throw error;
        }),
  );
  // The next page is asked for once stdout has taken this one: memory stays flat, however
  // slow the reader.
  for await (const page of pages) await out.items(page.domains);
  await out.close();
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

/** The action of `domains list` (lazyAction loads this module when it runs). */
export const actions = { listDomains };
