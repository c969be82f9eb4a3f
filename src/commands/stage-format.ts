import type { DnsCheckResult, Finding, RecordCheck } from '../core/dns-check.js';
import { ExitCode } from '../core/exit-codes.js';
import { visible } from '../core/sanitize.js';
import { lastReached, type Stage, STAGE_TITLES, type StageState } from '../core/stages.js';
import { type Paint, paint } from './style.js';
import { renderTable } from './table.js';

// How the commands show the stages of a domain (core/stages.ts) and why it may be stuck.

function stateCell(state: StageState, p: Paint): string {
  if (state === 'ok') return p.green(state);
  if (state === 'failed') return p.red(state);
  if (state === 'unknown') return p.yellow(state);
  return state;
}

/** STAGE / STATE / DETAIL, one row a stage, in their order. */
export function stagesTable(stages: readonly Stage[], color: boolean): string {
  const p = paint(color);
  return renderTable(
    [{ header: 'STAGE' }, { header: 'STATE' }, { header: 'DETAIL' }],
    stages.map((s) => [STAGE_TITLES[s.name], stateCell(s.state, p), visible(s.detail)]),
    { color },
  );
}

/** `✓ records in DNS: all 3 records are right …`: a stage as it is reached. */
export function reachedLine(stage: Stage): string {
  return visible(`✓ ${STAGE_TITLES[stage.name]}: ${stage.detail}`);
}

/**
 * Findings a check report shows in its own section: the CAA ones are its warnings already, a TXT
 * left at `_acme-challenge` is its record's note, and a resolver behind has a note a record.
 */
export function extraFindings(result: DnsCheckResult): Finding[] {
  const noted = new Set(['caa', 'acme_txt', 'resolver_behind']);
  return result.findings.filter((f) => !noted.has(f.code));
}

/** Each finding as what is wrong, then what to do, indented. */
export function findingLines(findings: readonly Finding[]): string[] {
  return findings.flatMap((f) => [visible(`- ${f.message}`), visible(`  fix: ${f.fix}`)]);
}

/** A sentence for each record where the resolver still says otherwise than the nameservers. */
export function resolverNotes(result: DnsCheckResult): string[] {
  if (result.source.kind !== 'authoritative') return [];
  const resolver = result.source.resolver;
  return result.records
    .filter((r): r is RecordCheck & { recursive: NonNullable<RecordCheck['recursive']> } =>
      Boolean(r.recursive),
    )
    .map((r) => {
      const cached =
        r.recursive.cachedForSeconds === undefined
          ? ''
          : ` for up to ${r.recursive.cachedForSeconds} s`;
      // With the nameservers silent, the resolver's answer is all there is, not a stale one.
      const what =
        r.recursive.status === 'error'
          ? `cannot look up ${r.type} ${r.host} (${r.recursive.detail ?? 'no answer'})`
          : r.status === 'error'
            ? `answers "${r.recursive.status}" for ${r.type} ${r.host}`
            : `still answers "${r.recursive.status}"${cached} for ${r.type} ${r.host}`;
      const theirs =
        r.status === 'ok'
          ? '; the authoritative servers already have it'
          : r.status === 'error'
            ? r.recursive.status === 'error'
              ? ''
              : ', but the authoritative servers could not be asked to confirm it'
            : `; the authoritative servers say "${r.status}"`;
      return visible(`${resolver} ${what}${theirs}`);
    });
}

/** 10 + the stages reached (0 to 3). */
export function reachedExitCode(reached: number): ExitCode {
  return (ExitCode.reachedNone + Math.min(3, Math.max(0, reached))) as ExitCode;
}

/** The `--json` form of the stages. */
export function stagesJson(stages: readonly Stage[]) {
  return {
    reached: lastReached(stages) ?? null,
    stages: stages.map((s) => ({
      stage: s.name,
      title: STAGE_TITLES[s.name],
      state: s.state,
      detail: s.detail,
    })),
  };
}
