import type { Command } from 'commander';
import { Deadline } from '../client/deadline.js';
import { CliError, Interrupted } from '../core/errors.js';
import { visible, visibleText } from '../core/sanitize.js';
import { domainStages, lastReached, STAGE_TITLES, type StageName, STAGES } from '../core/stages.js';
import { tlsExpiry } from '../core/tls.js';
import { DEFAULT_DNS_TIMEOUT_MS } from '../dns/index.js';
import { writeErr, writeOut } from './context.js';
import { suggest } from '../core/suggested-commands.js';
import { apiClient, printDocument, printErrorBody, say } from './domain-calls.js';
import { type JqFlags, jqFilter } from './jq-output.js';
import { advised } from './advice.js';
import { domainCommand, findOrFail, noSuchDomain } from './domains-actions.js';
import { type LiveFlags, liveChecks } from './live-checks.js';
import {
  findingLines,
  reachedExitCode,
  reachedLine,
  stagesJson,
  stagesTable,
} from './stage-format.js';
import {
  DEFAULT_INTERVAL_MS,
  DEFAULT_WAIT_TIMEOUT_MS,
  duration,
  terminalProgress,
  waitForStage,
} from './wait-for-stage.js';

/** How long `domains status` gives HTTPS to answer. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * `domains status <host>`: the four stages of the domain (core/stages.ts) and why it may be
 * stuck. It exits 0 whenever it could say so (how far the domain came is in the report and in
 * --json's `reached`); `domains wait` is the one whose exit code says it.
 */
async function domainStatus(
  input: string,
  flags: LiveFlags & { timeout?: number } & JqFlags,
  command: Command,
): Promise<void> {
  const live = liveChecks(flags);
  const { hostname, context, project } = domainCommand(input, command);
  const jq = await jqFilter(flags);
  const domain = await findOrFail(context, project, hostname);
  const timeoutMs = flags.timeout === undefined ? DEFAULT_DNS_TIMEOUT_MS : flags.timeout * 1000;
  const [check, probe] = await Promise.all([
    live.check(domain.dns_instructions, timeoutMs),
    live.probe(domain.domain, flags.timeout === undefined ? PROBE_TIMEOUT_MS : timeoutMs),
  ]);
  const stages = domainStages(domain, check, probe, new Date());
  if (context.flags.json || jq) {
    const doc = {
      domain: domain.domain,
      project,
      ...stagesJson(stages),
      findings: check.findings,
      dns_source: check.source,
    };
    await printDocument(context, doc, jq);
  } else {
    const reached = lastReached(stages);
    const findings = findingLines([...check.findings]);
    writeOut(
      `Status of ${visible(domain.domain)} (${visible(project)}):\n\n` +
        stagesTable(stages, context.color) +
        (findings.length > 0 ? `\nWhy it may be stuck:\n${findings.join('\n')}\n` : '') +
        `\n${reached ? `Reached: ${STAGE_TITLES[reached]} (${STAGES.indexOf(reached) + 1} of ${STAGES.length}).` : 'Reached: none of the stages yet.'}\n`,
    );
  }
}

interface WaitFlags extends LiveFlags, JqFlags {
  until?: StageName;
  interval?: number;
  timeout?: number;
  bell?: boolean;
}

/**
 * `domains wait <host> --until <stage>`: reports each stage as it is reached, ends with a line
 * (and the bell, with --bell) and an exit code saying how far the domain came.
 */
async function waitForDomain(input: string, flags: WaitFlags, command: Command): Promise<void> {
  const live = liveChecks(flags);
  const until = flags.until ?? 'verified';
  const { hostname, context, project } = domainCommand(input, command);
  const jq = await jqFilter(flags);
  const json = context.flags.json || jq !== undefined;
  const timeoutMs = flags.timeout === undefined ? DEFAULT_WAIT_TIMEOUT_MS : flags.timeout * 1000;
  const progress = terminalProgress(process.stderr);
  // Ctrl+C must not leave a half-drawn progress line behind the shell's prompt: it stops the
  // wait, the line is cleared below, and main() ends the run with 130.
  const interrupt = new AbortController();
  const interrupted = () => interrupt.abort(new Interrupted('SIGINT'));
  if (progress.active) process.once('SIGINT', interrupted);
  // One deadline for the whole wait: every check, every page of the list it walks, every retry.
  const deadline = Deadline.after(timeoutMs, interrupt.signal);
  const client = apiClient(context, deadline);
  const started = Date.now();
  let outcome: Awaited<ReturnType<typeof waitForStage>>;
  try {
    outcome = await waitForStage({
      hostname,
      until,
      signal: interrupt.signal,
      find: () => client.findDomain(project, hostname),
      checkDns: (domain, ms) => live.check(domain.dns_instructions, ms, deadline.signal),
      probe: (domain, ms) => live.probe(domain.domain, ms, deadline.signal),
      reached: (stage) => {
        if (json) return;
        progress.clear();
        writeOut(
          `${reachedLine(stage)} (after ${duration(Math.round((Date.now() - started) / 100) * 100)})\n`,
        );
      },
      notFound: () => noSuchDomain(hostname, project),
      intervalMs: flags.interval === undefined ? DEFAULT_INTERVAL_MS : flags.interval * 1000,
      deadline,
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
    deadline.dispose();
  }
  progress.clear();
  if (flags.bell) writeErr('\u0007');

  const { domain } = outcome;
  if (json) await printDocument(context, domain, jq);
  if (!outcome.done) {
    const reached = outcome.reached > 0 ? STAGES[outcome.reached - 1] : undefined;
    const next = outcome.stages[outcome.reached];
    const now = outcome.lastFailure
      ? `; the last check got no answer (${outcome.lastFailure})`
      : next
        ? `; ${STAGE_TITLES[next.name]}: ${next.state}, ${next.detail}`
        : '';
    throw new CliError(
      `${hostname} did not reach "${STAGE_TITLES[until]}" within ${duration(timeoutMs)} (${outcome.checks} ${outcome.checks === 1 ? 'check' : 'checks'}); reached: ${reached ? STAGE_TITLES[reached] : 'none'}${now}. Why: ${suggest.domainsStatus(hostname, project)}`,
      reachedExitCode(outcome.reached),
    );
  }
  if (json) return;
  const expiry = domain.tls_cert_expiry;
  const tls = tlsExpiry(expiry, new Date());
  const left =
    tls.state === 'valid'
      ? `${tls.daysLeft} ${tls.daysLeft === 1 ? 'day' : 'days'} left`
      : 'expired';
  const lines = [`${domain.domain} reached "${STAGE_TITLES[until]}".`];
  if (domain.verified)
    lines.push(`It is verified (at ${domain.verified_at ?? 'an unknown time'}).`);
  if (tls.state !== 'none') lines.push(`Its TLS certificate expires at ${expiry} (${left}).`);
  else if (domain.verified) lines.push('Its TLS certificate has not been issued yet.');
  writeOut(visibleText(`${lines.join('\n')}\n`));
}

/** The actions of the command definitions (lazyAction loads this module when one runs). */
export const actions = advised({ domainStatus, waitForDomain });
