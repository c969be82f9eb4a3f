import { createReadStream } from 'node:fs';
import { Deadline } from '../client/deadline.js';
import { PageGuard } from '../client/paging.js';
import { normalizeHostname } from '../contract/hostname.js';
import { PAGE_SIZE_MAX } from '../contract/params.js';
import type { ReadDomain } from '../contract/read-schemas.js';
import { ApiError, CliError, ExitStatus } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { dnsStage, type Stage, STAGE_TITLES } from '../core/stages.js';
import { describeFailure } from '../core/failure.js';
import { readHostFile } from '../core/host-file.js';
import { visible } from '../core/sanitize.js';
import { suggest } from '../core/suggested-commands.js';
import { type CommandContext, fileReadError, stdinStream, writeOut } from './context.js';
import { apiClient, say } from './domain-calls.js';
import {
  DEFAULT_INTERVAL_MS,
  DEFAULT_WAIT_TIMEOUT_MS,
  duration,
  isTransient,
  nextInterval,
} from '../core/wait-for-stage.js';
import type { JqFilter } from './jq-output.js';
import type { LiveChecks } from './live-checks.js';
import { reachedExitCode } from './stage-format.js';
import { formatJson } from './json-format.js';
import { renderTable } from './table.js';
import { currentIo } from '../core/io.js';

// `domains add --from-file FILE`: many domains at once, a few requests in flight, one result a
// host, and an exit code that is not 0 only when a host could not be added.

export interface AddManyFlags {
  fromFile?: string;
  strict?: boolean;
  /** Wait until the hosts added are verified, within `timeout` seconds. */
  wait?: boolean;
  timeout?: number;
  /** With `wait`: the DNS checks of the hosts not verified yet, as `domains wait` makes them. */
  live?: LiveChecks;
}

/** How many adds are in flight at once: enough to be quick, few enough to be a polite client. */
export const ADD_CONCURRENCY = 4;

type Outcome = 'added' | 'verified' | 'pending' | 'exists' | 'invalid' | 'duplicate' | 'failed';

interface HostResult {
  /** The host as the file has it. */
  host: string;
  result: Outcome;
  /** Why it was not added (a message for people, from us or the API). */
  error?: string;
  /** The Domain the API answered with, when it was added. */
  domain?: ReadDomain;
  /** With --wait, while it is not verified: its DNS stage as last checked. */
  dns?: Stage;
}

/** Runs `work` over the items with at most `limit` in flight; results in the items' order. */
async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** One add, as a result: a 409 is "exists" (a failure only with --strict), any error "failed". */
async function addOne(
  add: (hostname: string) => Promise<ReadDomain>,
  host: string,
  hostname: string,
): Promise<HostResult> {
  try {
    return { host, result: 'added', domain: await add(hostname) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      return { host, result: 'exists', error: error.summary() };
    }
    // Anything else is this host's failure, said as main() would say it, and the others go on.
    const line = describeFailure(error).line ?? String(error);
    return { host, result: 'failed', error: line.replace(/^domainctl: /, '') };
  }
}

/** The hosts of `--from-file` (`-`: stdin), read within the host file's bounds (src/core/host-file.ts). */
async function readHosts(file: string): Promise<string[]> {
  const refuse = (reason: string) => new CliError(reason, ExitCode.usage);
  if (file === '-') {
    return readHostFile(stdinStream('host names (one a line)'), 'stdin', refuse);
  }
  const stream = createReadStream(file);
  try {
    return await readHostFile(stream, `the host file ${visible(file)}`, refuse);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw fileReadError(error, visible(file), 'the host file');
  } finally {
    stream.destroy();
  }
}

export async function addMany(
  context: CommandContext,
  project: string,
  flags: AddManyFlags,
  jq: JqFilter | undefined,
): Promise<void> {
  const hosts = await readHosts(flags.fromFile as string);
  const seen = new Set<string>();
  const pending: { host: string; hostname: string; index: number }[] = [];
  const results: HostResult[] = hosts.map((host, index) => {
    const normal = normalizeHostname(host, '');
    if (!normal.ok) return { host, result: 'invalid', error: normal.reason };
    if (seen.has(normal.hostname)) {
      return { host, result: 'duplicate', error: `${normal.hostname} is in the file already` };
    }
    seen.add(normal.hostname);
    pending.push({ host, hostname: normal.hostname, index });
    return { host, result: 'added' };
  });
  const client = apiClient(context);
  const done = await inPool(pending, ADD_CONCURRENCY, ({ host, hostname }) =>
    addOne((name) => client.addDomain(project, name), host, hostname),
  );
  pending.forEach(({ index }, i) => (results[index] = done[i] as HostResult));
  const timeoutMs = (flags.timeout ?? DEFAULT_WAIT_TIMEOUT_MS / 1000) * 1000;
  if (flags.wait) await waitForAdded(context, project, results, timeoutMs, flags.live);

  await printResults(context, results, jq);
  const count = (outcome: Outcome) => results.filter((r) => r.result === outcome).length;
  const failures = failureReasons(
    count('invalid'),
    count('failed'),
    flags.strict ? count('exists') : 0,
  );
  const failed = failures.count;
  const added = count('added') + count('verified') + count('pending');
  const stillPending =
    count('pending') > 0 ? `, ${count('pending')} still pending after ${duration(timeoutMs)}` : '';
  const waited = flags.wait ? ` (${count('verified')} verified${stillPending})` : '';
  // Every host is counted once, so the counts add up to the hosts; "failed" holds every host
  // that makes the exit code 1, and the line ends saying what they were.
  const summary =
    `${added} added${waited}, ${flags.strict ? 0 : count('exists')} already there, ${count('duplicate')} repeated in the file, ` +
    `${failed} failed (${results.length} ${results.length === 1 ? 'host' : 'hosts'}, ${visible(project)})${failures.why}`;
  if (failed === 0 && count('pending') > 0) {
    // As `domains wait --until verified` ends: 10 + the stages reached, of the host furthest
    // behind (11: its records are in DNS, the API has not verified it; 10: not even those).
    const inDns = results.every((r) => r.result !== 'pending' || r.dns?.state === 'ok');
    throw new ExitStatus(reachedExitCode(inDns ? 1 : 0), `domainctl: ${summary}`);
  }
  if (failed > 0) throw new ExitStatus(ExitCode.apiError, `domainctl: ${summary}`);
  say(summary);
  if (added > count('verified') && !context.flags.json && !jq) {
    say(
      `The records to create for each: ${suggest.domainsRecords('HOST', project, context.flags)}`,
    );
  }
}

/**
 * The hosts that fail the run, and what they were, for the end of the summary: `: 1 invalid host
 * name, 2 already there (--strict counts them as failed)`; nothing when none did.
 */
function failureReasons(
  invalid: number,
  refused: number,
  strictExists: number,
): { count: number; why: string } {
  const reasons = [
    invalid > 0 && `${invalid} invalid host ${invalid === 1 ? 'name' : 'names'}`,
    refused > 0 && `${refused} not added by the API (refused, or not reached)`,
    strictExists > 0 && `${strictExists} already there (--strict counts them as failed)`,
  ].filter((reason) => reason !== false);
  return {
    count: invalid + refused + strictExists,
    why: reasons.length > 0 ? `: ${reasons.join(', ')}` : '',
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `--from-file --wait`: asks for the project's domains (every page) until every host added is
 * verified or `timeoutMs` has passed, pausing as `domains wait` does (2 s, half as long again
 * each time, up to 30 s). One walk of the list checks them all; then the records of each host
 * not verified are checked in DNS, a few at once, until they are found right once (as `domains
 * wait` checks them). A network error or 5xx is asked again; any other error ends the run. Each
 * host added ends as `verified` or `pending` (with its DNS stage).
 */
async function waitForAdded(
  context: CommandContext,
  project: string,
  results: HostResult[],
  timeoutMs: number,
  live: LiveChecks | undefined,
): Promise<void> {
  const waiting = new Map<string, HostResult>();
  for (const r of results) if (r.result === 'added' && r.domain) waiting.set(r.domain.domain, r);
  if (waiting.size === 0) return;
  if (currentIo().stderr.isTTY)
    say(
      `Waiting for ${waiting.size} ${waiting.size === 1 ? 'domain' : 'domains'} to be verified (up to ${duration(timeoutMs)})`,
    );
  const deadline = Deadline.after(timeoutMs);
  const client = apiClient(context, deadline);
  let interval = DEFAULT_INTERVAL_MS;
  try {
    for (;;) {
      try {
        const guard = new PageGuard(`the domains of ${project}`);
        let pageToken: string | undefined;
        do {
          const page = await client.listDomains(project, { pageSize: PAGE_SIZE_MAX, pageToken });
          for (const domain of page.domains) {
            const host = waiting.get(domain.domain);
            if (host && domain.verified) {
              Object.assign(host, { result: 'verified', domain });
              waiting.delete(domain.domain);
            }
          }
          pageToken = guard.next(page.next_page_token, page.domains.length);
        } while (pageToken && waiting.size > 0);
      } catch (error) {
        if (!isTransient(error) || deadline.remaining() <= 0) throw error;
      }
      if (live) await checkDns(live, [...waiting.values()], deadline);
      const left = deadline.remaining();
      if (waiting.size === 0) break;
      // No time for another check (one may take a second): the wait ends at the deadline, as
      // domains wait's does.
      if (left <= 1000) {
        await sleep(left);
        break;
      }
      await sleep(Math.min(interval, left - 1000));
      interval = nextInterval(interval, DEFAULT_INTERVAL_MS);
    }
  } finally {
    deadline.dispose();
  }
  for (const host of waiting.values()) {
    const dns = host.dns ? `; ${STAGE_TITLES.dns}: ${host.dns.state}, ${host.dns.detail}` : '';
    Object.assign(host, {
      result: 'pending',
      error: `not verified within ${duration(timeoutMs)}${dns}`,
    });
  }
}

/** The longest one host's DNS check may take in a round (as in `domains wait`). */
const DNS_CHECK_MS = 5_000;

/** Checks the records of the hosts whose records were not yet found right, a few at a time. */
async function checkDns(live: LiveChecks, hosts: HostResult[], deadline: Deadline): Promise<void> {
  const unchecked = hosts.filter((h) => h.domain && h.dns?.state !== 'ok');
  await inPool(unchecked, ADD_CONCURRENCY, async (host) => {
    const left = deadline.remaining() - 100;
    if (left <= 0) return;
    const instructions = (host.domain as ReadDomain).dns_instructions;
    host.dns = dnsStage(
      await live.check(instructions, Math.min(DNS_CHECK_MS, left), deadline.signal),
    );
  });
}

/** A table of the hosts (HOST, RESULT, DETAIL), or NDJSON with --json, or --jq over the list. */
async function printResults(
  context: CommandContext,
  results: readonly HostResult[],
  jq: JqFilter | undefined,
): Promise<void> {
  const rows = results.map(({ host, result, error, domain }) => ({
    host,
    result,
    ...(error === undefined ? {} : { error }),
    ...(domain === undefined ? {} : { domain }),
  }));
  if (jq) {
    await jq.print(rows, !!context.flags.json);
    return;
  }
  if (context.flags.json) {
    writeOut(rows.map((row) => `${formatJson(row, { compact: true })}\n`).join(''));
    return;
  }
  if (rows.length === 0) return;
  writeOut(
    renderTable(
      [{ header: 'HOST' }, { header: 'RESULT' }, { header: 'DETAIL' }],
      // Hosts come from a file and messages from the API: shown, never obeyed.
      rows.map((row) => [visible(row.host), row.result, visible(row.error ?? '')]),
      { color: context.color },
    ),
  );
}
