import { Deadline } from '../client/deadline.js';
import { CliError, Interrupted } from '../core/errors.js';
import { currentIo } from '../core/io.js';
import { visibleText } from '../core/sanitize.js';
import { STAGE_TITLES, type StageName, STAGES } from '../core/stages.js';
import { suggest } from '../core/suggested-commands.js';
import { tlsExpiry } from '../core/tls.js';
import { type CommandContext, writeErr, writeOut } from './context.js';
import { apiClient, printDocument, printErrorBody, say } from './domain-calls.js';
import type { JqFilter } from './jq-output.js';
import type { LiveChecks } from './live-checks.js';
import { reachedExitCode, reachedLine } from './stage-format.js';
import {
  DEFAULT_INTERVAL_MS,
  DEFAULT_WAIT_TIMEOUT_MS,
  duration,
  waitForStage,
} from '../core/wait-for-stage.js';
import { terminalProgress } from './terminal-progress.js';

export interface StageWaitOptions {
  hostname: string;
  project: string;
  context: CommandContext;
  /** The stage to wait for. */
  until: StageName;
  /** The DNS and HTTPS checks, their settings already checked. */
  live: LiveChecks;
  jq: JqFilter | undefined;
  /** --interval and --timeout, in ms (absent: 2 s and 10 min). */
  intervalMs?: number;
  timeoutMs?: number;
  bell?: boolean;
  /** The error for a domain the project does not have (or no longer has). */
  notFound(): Error;
}

/**
 * Waits until the domain reaches `until`, saying each stage as it is reached, and ends with a
 * line (and the bell, on request) and an exit code saying how far the domain came: 0, or 10 + the
 * stages reached when the deadline came first. `domains wait` and `domains add --wait` both end
 * here, so a script sees the same lines and codes from either.
 */
export async function waitAndReport(options: StageWaitOptions): Promise<void> {
  const { hostname, project, context, until, live, jq } = options;
  const json = context.flags.json || jq !== undefined;
  const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  const progress = terminalProgress(currentIo().stderr);
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
      notFound: options.notFound,
      intervalMs: options.intervalMs ?? DEFAULT_INTERVAL_MS,
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
  if (options.bell) writeErr('\u0007');

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
      `${hostname} did not reach "${STAGE_TITLES[until]}" within ${duration(timeoutMs)} (${outcome.checks} ${outcome.checks === 1 ? 'check' : 'checks'}); reached: ${reached ? STAGE_TITLES[reached] : 'none'}${now}. Why: ${suggest.domainsStatus(hostname, project, context.flags, live.flags)}`,
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
