// One status model of a custom domain, in the stages it goes through: its records are in DNS,
// the API has verified ownership, a certificate has been issued, and HTTPS to the host answers
// with a certificate valid for it. Every face (domains status, domains wait, the UI's domain
// screen) builds its stages here, so they say the same thing the same way.
import type { ReadDomain } from '../contract/read-schemas.js';
import { checkCounts, type DnsCheckResult } from './dns-check.js';
import { tlsExpiry } from './tls.js';

export type StageName = 'dns' | 'verified' | 'certificate' | 'serving';

/** The stages in the order a domain reaches them. */
export const STAGES: readonly StageName[] = ['dns', 'verified', 'certificate', 'serving'];

/** What people call each stage. */
export const STAGE_TITLES: Record<StageName, string> = {
  dns: 'records in DNS',
  verified: 'ownership verified',
  certificate: 'certificate issued',
  serving: 'serving HTTPS',
};

/**
 * - `ok`: reached;
 * - `waiting`: not yet, and nothing says it will not come (a record not created yet);
 * - `failed`: it will not come until something is fixed (`detail` says what);
 * - `unknown`: it could not be asked (a DNS server or the API did not answer), or was not.
 */
export type StageState = 'ok' | 'waiting' | 'failed' | 'unknown';

export interface Stage {
  name: StageName;
  state: StageState;
  /** One sentence for people: what was seen, or why not. */
  detail: string;
}

/** What an HTTPS request to the host (with its name as SNI) found. */
export type ServingProbe =
  | {
      kind: 'valid';
      /** Who issued the certificate (its issuer's organisation or common name). */
      issuer: string;
      /** When the certificate expires, ISO 8601. */
      validTo: string;
      /** The status line of the answer to `HEAD /`, when one came. */
      status?: string;
    }
  /** A certificate came, but it is not valid for the host (name, trust or dates). */
  | { kind: 'invalid'; reason: string; issuer?: string; validTo?: string }
  /** No TLS answer: nothing listens, the handshake was refused, or no answer in time. */
  | { kind: 'unreachable'; reason: string };

/**
 * How a stage's detail writes an API time: as the API wrote it by default (the commands), as the
 * UI writes every time there (core/display.ts's utcMinute).
 */
export type TimeText = (iso: string) => string;
const asWritten: TimeText = (iso) => iso;

/** The DNS stage from a check (absent: not checked; a string: why it could not be). */
export function dnsStage(check: DnsCheckResult | string | undefined): Stage {
  const stage = (state: StageState, detail: string): Stage => ({ name: 'dns', state, detail });
  if (check === undefined) return stage('unknown', 'not checked');
  if (typeof check === 'string') return stage('unknown', check);
  const where =
    check.source.kind === 'authoritative'
      ? 'the authoritative servers answer'
      : `${check.source.resolver} answers`;
  if (check.ok) return stage('ok', `all ${check.records.length} records are right (as ${where})`);
  const wrong = check.records.find((r) => r.status === 'wrong');
  if (wrong) return stage('failed', wrong.detail ?? `${wrong.type} ${wrong.host} is wrong`);
  const { notRight, failed, total } = checkCounts(check);
  if (notRight > 0) {
    const missing = check.records.filter((r) => r.status === 'missing');
    return stage(
      'waiting',
      `${notRight} of ${total} records not in DNS yet: ${missing.map((r) => `${r.type} ${r.host}`).join(', ')}`,
    );
  }
  const error = check.records.find((r) => r.status === 'error');
  return stage(
    'unknown',
    `${failed} of ${total} records could not be looked up${error?.detail ? `: ${error.detail}` : ''}`,
  );
}

/** The API's `verified` (absent domain: the API could not be asked, `why`). */
export function verifiedStage(
  domain: ReadDomain | undefined,
  why = 'the API was not asked',
  time: TimeText = asWritten,
): Stage {
  if (!domain) return { name: 'verified', state: 'unknown', detail: why };
  if (domain.verified) {
    return {
      name: 'verified',
      state: 'ok',
      detail: `verified at ${domain.verified_at ? time(domain.verified_at) : 'an unknown time'}`,
    };
  }
  return {
    name: 'verified',
    state: 'waiting',
    detail: 'the API has not verified it yet (it looks for the TXT record)',
  };
}

/** The certificate the API reports: `tls_cert_expiry` present and not past. */
export function certificateStage(
  domain: ReadDomain | undefined,
  now: Date,
  why = 'the API was not asked',
  time: TimeText = asWritten,
): Stage {
  if (!domain) return { name: 'certificate', state: 'unknown', detail: why };
  const tls = tlsExpiry(domain.tls_cert_expiry, now);
  if (tls.state === 'none') {
    return {
      name: 'certificate',
      state: 'waiting',
      detail: domain.verified ? 'not issued yet' : 'issued once the domain is verified',
    };
  }
  if (tls.state === 'expired') {
    return {
      name: 'certificate',
      state: 'failed',
      detail: `expired at ${time(domain.tls_cert_expiry ?? '')}`,
    };
  }
  const days = `${tls.daysLeft} ${tls.daysLeft === 1 ? 'day' : 'days'} left`;
  return {
    name: 'certificate',
    state: 'ok',
    detail: `expires at ${time(domain.tls_cert_expiry ?? '')} (${days})`,
  };
}

/** What HTTPS to the host answers (absent: not asked). */
export function servingStage(probe: ServingProbe | undefined, time: TimeText = asWritten): Stage {
  if (!probe) return { name: 'serving', state: 'unknown', detail: 'not checked' };
  if (probe.kind === 'valid') {
    const answer = probe.status ? `, answers ${probe.status}` : '';
    return {
      name: 'serving',
      state: 'ok',
      detail: `a valid certificate from ${probe.issuer}, until ${time(probe.validTo)}${answer}`,
    };
  }
  if (probe.kind === 'invalid') return { name: 'serving', state: 'failed', detail: probe.reason };
  return { name: 'serving', state: 'waiting', detail: probe.reason };
}

/**
 * How far a domain has come: the number of stages up to the furthest one that is ok (0 to 4). A
 * later stage vouches for the ones before it: a domain the API verified had its records in DNS
 * as the API saw them, whatever this machine's resolver says now.
 */
export function stagesReached(stages: readonly Stage[]): number {
  for (let i = stages.length - 1; i >= 0; i--) if (stages[i]?.state === 'ok') return i + 1;
  return 0;
}

/** The furthest stage reached, or undefined when not even the first is. */
export function lastReached(stages: readonly Stage[]): StageName | undefined {
  return stages[stagesReached(stages) - 1]?.name;
}

/** The four stages of a domain from what the API, the DNS and HTTPS said (absent: not asked). */
export function domainStages(
  domain: ReadDomain | undefined,
  check: DnsCheckResult | string | undefined,
  probe: ServingProbe | undefined,
  now: Date,
  time: TimeText = asWritten,
): Stage[] {
  return [
    dnsStage(check),
    verifiedStage(domain, undefined, time),
    certificateStage(domain, now, undefined, time),
    servingStage(probe, time),
  ];
}
