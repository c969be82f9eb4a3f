import {
  type DnsServerSetting,
  resolveAuthoritativePort,
  resolveConnectTo,
  resolveDnsServer,
} from '../config/dns-server.js';
import type { ReadDnsInstructions } from '../contract/read-schemas.js';
import type { DnsCheckResult } from '../core/dns-check.js';
import { currentIo } from '../core/io.js';
import type { ServingProbe } from '../core/stages.js';
import { checkRecords, probeHttps } from '../dns/index.js';

/** The flags of the commands that look at what is live at a domain: its DNS and its HTTPS. */
export interface LiveFlags {
  dnsServer?: string;
  /** commander's `--no-authoritative`: false when given. */
  authoritative?: boolean;
  connectTo?: string;
}

export interface LiveChecks {
  dns: DnsServerSetting;
  /** The flags as given, for a suggested command that must look where this one looked. */
  flags: LiveFlags;
  /** The three records, from the zone's nameservers unless --no-authoritative. */
  check(
    instructions: ReadDnsInstructions,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<DnsCheckResult>;
  /** HTTPS to the host, with its name as SNI. */
  probe(host: string, timeoutMs: number, signal?: AbortSignal): Promise<ServingProbe>;
}

/**
 * The DNS and HTTPS checks of `domains check`, `status` and `wait`, their settings read and
 * checked before anything is sent: a bad address is a usage error, never a default instead.
 */
export function liveChecks(flags: LiveFlags, env: NodeJS.ProcessEnv = currentIo().env): LiveChecks {
  const dns = resolveDnsServer(flags.dnsServer, env);
  const authoritativePort = resolveAuthoritativePort(env);
  const connectTo = resolveConnectTo(flags.connectTo);
  return {
    dns,
    flags,
    check: (instructions, timeoutMs, signal) =>
      checkRecords(instructions, {
        server: dns.address,
        timeoutMs,
        signal,
        authoritative: flags.authoritative !== false,
        authoritativePort,
      }),
    probe: (host, timeoutMs, signal) =>
      probeHttps(host, { connectTo, resolver: dns.address, timeoutMs, signal }),
  };
}
