import type { Command } from 'commander';
import { visible } from '../core/sanitize.js';
import { domainStages, lastReached, STAGE_TITLES, type StageName, STAGES } from '../core/stages.js';
import { DEFAULT_DNS_TIMEOUT_MS } from '../dns/index.js';
import { writeOut } from './context.js';
import { printDocument } from './domain-calls.js';
import { type JqFlags, jqFilter } from './jq-output.js';
import { advised } from './advice.js';
import { domainCommand, findOrFail, noSuchDomain } from './domains-actions.js';
import { type LiveFlags, liveChecks } from './live-checks.js';
import { findingLines, stagesJson, stagesTable } from './stage-format.js';
import { waitAndReport } from './stage-wait.js';

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
  const { hostname, context, project } = domainCommand(input, command);
  await waitAndReport({
    hostname,
    project,
    context,
    until: flags.until ?? 'verified',
    live,
    jq: await jqFilter(flags),
    intervalMs: flags.interval === undefined ? undefined : flags.interval * 1000,
    timeoutMs: flags.timeout === undefined ? undefined : flags.timeout * 1000,
    // The program has a --bell of its own (the UI's), and commander gives an option both define
    // to the program wherever it is written: `domains wait … --bell` arrives there, not here.
    bell: Boolean(flags.bell ?? command.optsWithGlobals<{ bell?: boolean }>().bell),
    notFound: () => noSuchDomain(hostname, project, context.flags),
  });
}

/** The actions of the command definitions (lazyAction loads this module when one runs). */
export const actions = advised({ domainStatus, waitForDomain });
