import { ConfigError, DnsServerAddressError } from '../core/errors.js';
import { currentIo } from '../core/io.js';
import { type DnsServerAddress, formatDnsServer, parseDnsServer } from '../dns/server-address.js';

/** The environment variable that names the DNS server of `domains check` and the UI's check. */
export const DNS_SERVER_ENV = 'DOMAINCTL_DNS_SERVER';

/** Which DNS server the client-side checks ask. */
export interface DnsServerSetting {
  /** Absent: the system resolvers. */
  address?: DnsServerAddress;
  /** `127.0.0.1:5353`, or `the system resolver`: for messages. */
  label: string;
  source?: 'flag' | 'env';
}

/**
 * The DNS server for client-side checks: `--dns-server` (where a command has it) over
 * `DOMAINCTL_DNS_SERVER` over the system resolvers, the precedence of every other setting. A value
 * that is not an address is a ConfigError (exit code 2) naming where it came from, so a typo is
 * never silently replaced by the system resolver.
 */
export function resolveDnsServer(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = currentIo().env,
): DnsServerSetting {
  const fromEnv = env[DNS_SERVER_ENV];
  const [value, source, name] =
    flag !== undefined
      ? ([flag, 'flag', '--dns-server'] as const)
      : fromEnv
        ? ([fromEnv, 'env', DNS_SERVER_ENV] as const)
        : [];
  if (value === undefined) return { label: 'the system resolver' };
  try {
    const address = parseDnsServer(value);
    return { address, label: formatDnsServer(address), source };
  } catch (error) {
    if (error instanceof DnsServerAddressError) {
      throw new ConfigError(`${name} "${value}": ${error.message}`);
    }
    throw error;
  }
}

/**
 * The port the zones' nameservers are asked on: 53, unless this names another. Real nameservers
 * listen on 53; this is for a test set-up whose nameservers listen on loopback (README: Testing).
 */
export const AUTHORITATIVE_PORT_ENV = 'DOMAINCTL_AUTHORITATIVE_PORT';

export function resolveAuthoritativePort(
  env: NodeJS.ProcessEnv = currentIo().env,
): number | undefined {
  const value = env[AUTHORITATIVE_PORT_ENV];
  if (!value) return undefined;
  if (!/^[0-9]{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    throw new ConfigError(`${AUTHORITATIVE_PORT_ENV} "${value}": expected a port from 1 to 65535`);
  }
  return Number(value);
}

/** `--connect-to`: where HTTPS to the domain is sent instead of its own addresses. */
export function resolveConnectTo(flag: string | undefined): DnsServerAddress | undefined {
  if (flag === undefined) return undefined;
  try {
    return parseDnsServer(flag.includes(':') || flag.startsWith('[') ? flag : `${flag}:443`);
  } catch (error) {
    if (error instanceof DnsServerAddressError) {
      throw new ConfigError(
        `--connect-to "${flag}": expected an IP address with an optional :PORT (default 443), e.g. 127.0.0.1:8443`,
      );
    }
    throw error;
  }
}
