import { useEffect, useState } from 'react';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import type { DnsCheckResult } from '../../core/dns-check.js';
import { useServices } from '../app/context.js';
import { useMarkDnsCheck } from '../queries/dns-check-marks.js';

/** How many domains are looked up at once: each check asks four names itself. */
export const DNS_CHECKS_AT_ONCE = 3;

export type RowCheck =
  | { status: 'queued' }
  | { status: 'running' }
  | { status: 'done'; result: DnsCheckResult; at: Date }
  | { status: 'failed'; message: string };

/**
 * Runs checks DNS_CHECKS_AT_ONCE at a time, in the order asked; `stop()` ends those running and
 * drops the rest.
 */
class CheckQueue {
  private readonly waiting: Domain[] = [];
  private running = 0;
  private readonly controller = new AbortController();

  constructor(
    private readonly check: (domain: Domain, signal: AbortSignal) => Promise<DnsCheckResult>,
    private readonly report: (id: string, check: RowCheck) => void,
  ) {}

  /** Queues these domains, but none queued or running already. */
  add(domains: readonly Domain[], busy: (id: string) => boolean): void {
    const fresh = domains.filter((d) => !busy(d.id) && !this.waiting.some((w) => w.id === d.id));
    for (const d of fresh) this.report(d.id, { status: 'queued' });
    this.waiting.push(...fresh);
    this.pump();
  }

  stop(): void {
    this.controller.abort(new Error('the screen was left'));
  }

  private pump(): void {
    const { signal } = this.controller;
    while (this.running < DNS_CHECKS_AT_ONCE && this.waiting.length > 0 && !signal.aborted) {
      const domain = this.waiting.shift() as Domain;
      this.running++;
      this.report(domain.id, { status: 'running' });
      this.check(domain, signal)
        .then(
          (result) => this.report(domain.id, { status: 'done', result, at: new Date() }),
          (error: unknown) =>
            this.report(domain.id, { status: 'failed', message: (error as Error).message }),
        )
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}

/**
 * The domains screen's `d`: checks the DNS records of many domains, DNS_CHECKS_AT_ONCE at a time,
 * with the very check `domains check` runs (services.checkDns). Every result also marks the domain
 * in the query cache (useMarkDnsCheck), which the summary counts. Leaving the screen ends the lookups.
 */
export function useDnsChecks() {
  const services = useServices();
  const markDnsCheck = useMarkDnsCheck();
  const [checks, setChecks] = useState<ReadonlyMap<string, RowCheck>>(new Map());
  const [queue] = useState(
    () =>
      new CheckQueue(
        (domain, signal) => services.checkDns(domain.dns_instructions, signal),
        (id, check) => {
          if (check.status === 'done') {
            markDnsCheck(id, check.result.ok);
          }
          setChecks((all) => new Map(all).set(id, check));
        },
      ),
  );
  useEffect(() => () => queue.stop(), [queue]);
  const busyNow = (id: string) => {
    const status = checks.get(id)?.status;
    return status === 'queued' || status === 'running';
  };
  const busy = [...checks.keys()].filter(busyNow).length;
  return {
    checks,
    busy,
    /** Checks these domains (those not queued or running already). */
    checkAll: (domains: readonly Domain[]) => queue.add(domains, busyNow),
  };
}

/**
 * A row's DNS cell: `ok`; `wrong` (a record holds another value) or `missing`, with how many of
 * the three records are not right; `no answer`; or the check under way.
 */
export function dnsCell(check: RowCheck | undefined): {
  text: string;
  tone?: 'ok' | 'warn' | 'error' | 'muted';
} {
  if (!check) return { text: '' };
  if (check.status === 'queued') return { text: '…', tone: 'muted' };
  if (check.status === 'running') return { text: 'checking', tone: 'muted' };
  if (check.status === 'failed') return { text: 'failed', tone: 'error' };
  if (check.result.ok) return { text: 'ok', tone: 'ok' };
  // The worst of the three, and how many of them are not right.
  const statuses = check.result.records.map((r) => r.status);
  const notRight = statuses.filter((s) => s === 'wrong' || s === 'missing').length;
  if (statuses.includes('wrong')) return { text: `wrong ${notRight}/3`, tone: 'error' };
  if (notRight > 0) return { text: `missing ${notRight}/3`, tone: 'error' };
  return { text: 'no answer', tone: 'warn' };
}
