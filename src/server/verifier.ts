import { StoreUnavailableError } from '../core/errors.js';
import {
  checkTxtAuthoritative,
  checkTxtRecord,
  createDnsClient,
  DEFAULT_DNS_TIMEOUT_MS,
  type DnsClient,
  type DnsServerAddress,
} from '../dns/index.js';
import { type DnsSettings, toDomain } from './domain-view.js';
import type { Store } from './store.js';

/** The simulated certificate of a verified domain is valid this long after verification. */
export const CERTIFICATE_DAYS = 90;
/** Pending domains read (and resolved in parallel) at a time. */
export const VERIFY_BATCH_SIZE = 50;

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface VerifierOptions {
  store: Store;
  /** The label and edge domain, so the TXT looked up is exactly the one the API hands out. */
  settings: DnsSettings;
  /** Seconds between passes; 0 starts no timer (passes run only through `runOnce`). */
  intervalSeconds: number;
  /** The DNS server to ask (`HOST:PORT` or parsed); absent: the system resolvers. */
  dnsServer?: string | DnsServerAddress;
  /** Ask each domain's authoritative nameservers (found through `dnsServer`) for the TXT. */
  authoritative?: boolean;
  /** The port nameservers are asked on (default 53). */
  authoritativePort?: number;
  /** Per-query DNS timeout in milliseconds (default 5000). */
  timeoutMs?: number;
  batchSize?: number;
  /** Where the one line about DNS failures goes. */
  warn: (line: string) => void;
  /** The clock; tests of the expiry arithmetic may pin it. */
  now?: () => Date;
  /** Told what each pass did (metrics). */
  onPass?: (pass: VerifierPass) => void;
}

/** What one pass did. */
export interface VerifierPass {
  /** Pending domains whose TXT record was looked up. */
  checked: number;
  /** Ids of the domains this pass verified. */
  verified: string[];
  /** Lookups that got no answer (timeout, refused, SERVFAIL). */
  failed: number;
}

export interface Verifier {
  /** Runs a pass now, or returns the one already running: passes never overlap. */
  runOnce(): Promise<VerifierPass>;
  /** Resolves when the next pass that starts after this call has finished. */
  nextPass(): Promise<VerifierPass>;
  /** Stops the timer, cancels lookups in flight and waits for a running pass to end. */
  close(): Promise<void>;
}

/**
 * The reference server's DNS verifier: every `intervalSeconds` it walks the unverified domains in
 * batches (keyset by id: a pass reads each one once, and one added meanwhile waits at most for
 * the next pass), looks up each one's `_<label>-verify.<domain>` TXT, and on a match marks the
 * domain verified with a simulated certificate that expires `CERTIFICATE_DAYS` later. Batches are
 * claimed (Store.claimPendingDomains): instances sharing a database split the pending domains
 * between them, and each is looked up about once an interval, not once an instance. DNS
 * failures never reach a request and never throw: they are counted, and logged as one line when
 * they start or change.
 */
export function startVerifier(options: VerifierOptions): Verifier {
  const batchSize = options.batchSize ?? VERIFY_BATCH_SIZE;
  const now = options.now ?? (() => new Date());
  // A domain looked up is not due again until about the next pass, whichever instance runs it.
  // A little less than the interval: ticks come a few milliseconds early or late, and a domain
  // missed by that much would wait a whole interval more.
  const intervalMs = options.intervalSeconds * 1000;
  const holdMs = Math.max(0, intervalMs - Math.min(intervalMs / 10, 250));
  // While its look-up is out a domain is held for as long as the look-up may take (a plain one
  // ends near the timeout, an authoritative one takes a few rounds), so a slow answer is not
  // asked for again by another instance whose pass comes meanwhile; then until holdMs after the
  // claim. (A verifier stopped mid-pass leaves its claims held that long: a restarted one waits.)
  const timeoutMs = options.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS;
  const leaseMs = holdMs + (options.authoritative ? 4 : 1) * timeoutMs + 1000;
  let stopped = false;
  let running: Promise<VerifierPass> | undefined;
  let client: DnsClient | undefined;
  let waiting: ((pass: VerifierPass) => void)[] = [];
  // The reason last logged, so a DNS server that stays down is one line, not one a pass.
  let loggedFailure: string | undefined;

  const pass = async (): Promise<VerifierPass> => {
    const result: VerifierPass = { checked: 0, verified: [], failed: 0 };
    let firstFailure: string | undefined;
    client = createDnsClient({ server: options.dnsServer, timeoutMs: options.timeoutMs });
    try {
      let after = '';
      while (!stopped) {
        const claimedAt = performance.now();
        const rows = await options.store.claimPendingDomains(after, batchSize, leaseMs);
        // close() may have run while the store answered, and closed the DNS client.
        if (stopped || rows.length === 0) break;
        after = (rows.at(-1) as (typeof rows)[number]).id;
        const checks = await Promise.all(
          rows.map((row) => {
            const { txt_host, txt_value } = toDomain(row, options.settings).dns_instructions;
            if (options.authoritative) {
              return checkTxtAuthoritative(row.domain, txt_host, txt_value, {
                client: client as DnsClient,
                server: options.dnsServer,
                port: options.authoritativePort,
                timeoutMs: options.timeoutMs,
              });
            }
            return checkTxtRecord(client as DnsClient, txt_host, txt_value);
          }),
        );
        // close() may have run while the lookups were out; the store may be closing.
        if (stopped) break;
        for (const [i, check] of checks.entries()) {
          const row = rows[i] as (typeof rows)[number];
          result.checked++;
          if (check.status === 'ok') {
            const at = now();
            const expiry = new Date(at.getTime() + CERTIFICATE_DAYS * DAY_MS);
            if (await options.store.markVerified(row.id, at.toISOString(), expiry.toISOString())) {
              result.verified.push(row.id);
            }
          } else if (check.status === 'error') {
            result.failed++;
            firstFailure ??= `${check.host}: ${check.detail}`;
          }
        }
        // Due again holdMs after the claim, as if held from then: the cadence stays one
        // look-up an interval however long this one took.
        await options.store.holdPendingDomains(
          rows.filter((_, i) => checks[i]?.status !== 'ok').map((row) => row.id),
          Math.max(0, holdMs - (performance.now() - claimedAt)),
        );
        if (rows.length < batchSize) break;
      }
    } finally {
      client.close();
      client = undefined;
    }
    report(result, firstFailure);
    return result;
  };

  const report = (result: VerifierPass, firstFailure: string | undefined) => {
    if (stopped) return;
    if (firstFailure === undefined) {
      if (loggedFailure !== undefined && result.checked > 0) {
        options.warn('verifier: DNS lookups are answered again');
        loggedFailure = undefined;
      }
      return;
    }
    // The host varies from pass to pass; the reason (a dead server, a timeout) is what repeats.
    const reason = firstFailure.slice(firstFailure.indexOf(': ') + 2);
    if (reason === loggedFailure) return;
    loggedFailure = reason;
    options.warn(
      `verifier: DNS lookup failed for ${result.failed} of ${result.checked} pending domains (${firstFailure}); they stay pending, and this is not logged again until the reason changes`,
    );
  };

  const runOnce = (): Promise<VerifierPass> => {
    if (running) return running;
    const started = waiting;
    waiting = [];
    running = pass()
      .catch((error: unknown): VerifierPass => {
        // A pass must never take the server down (a store closed under it, a bug): say so, go on.
        // A database that is unavailable the store has said once already, not once a pass.
        if (!stopped && !(error instanceof StoreUnavailableError)) {
          options.warn(`verifier: pass failed: ${(error as Error).message ?? error}`);
        }
        return { checked: 0, verified: [], failed: 0 };
      })
      .then((result) => {
        running = undefined;
        options.onPass?.(result);
        for (const resolve of started) resolve(result);
        return result;
      });
    return running;
  };

  const timer =
    options.intervalSeconds > 0
      ? setInterval(
          () => {
            // A pass longer than the interval is not overlapped: this tick is skipped.
            if (!running) void runOnce();
          },
          // Node runs a longer delay after 1 ms instead (it overflows 32 bits): cap it at ~24 days.
          Math.min(options.intervalSeconds * 1000, MAX_TIMER_MS),
        )
      : undefined;
  // The verifier never keeps a process alive on its own: the HTTP server does that.
  timer?.unref();

  return {
    runOnce,
    nextPass: () =>
      new Promise<VerifierPass>((resolve) => {
        if (stopped) resolve({ checked: 0, verified: [], failed: 0 });
        else waiting.push(resolve);
      }),
    async close() {
      stopped = true;
      clearInterval(timer);
      client?.close();
      await running;
      for (const resolve of waiting) resolve({ checked: 0, verified: [], failed: 0 });
      waiting = [];
    },
  };
}
