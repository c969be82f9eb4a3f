import { ConfigError, isError } from '../core/errors.js';
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
    if (isError(error, 'DnsServerAddressError')) {
      throw new ConfigError(`${name} "${value}": ${error.message}`);
    }
    throw error;
  }
}
