import { getServers } from 'node:dns';
import { isIP } from 'node:net';
import { DnsServerAddressError } from '../core/errors.js';

/** A DNS server to ask instead of the system resolvers. */
export interface DnsServerAddress {
  /** An IPv4 or IPv6 address (never a name: resolving the resolver's name would need DNS). */
  host: string;
  port: number;
}

const EXAMPLES = 'e.g. 127.0.0.1:5353 or [::1]:53';

/**
 * Parses `--dns-server`: `IPv4`, `IPv4:PORT`, `[IPv6]:PORT`, `[IPv6]` or a bare IPv6 address.
 * The port defaults to 53. Host names are refused: node's resolver accepts only addresses.
 */
export function parseDnsServer(input: string): DnsServerAddress {
  const value = input.trim();
  let host: string;
  let port = '53';
  const bracketed = /^\[([^\]]+)\](?::([^:]*))?$/.exec(value);
  if (bracketed) {
    host = bracketed[1] as string;
    if (bracketed[2] !== undefined) port = bracketed[2];
    if (isIP(host) !== 6) {
      throw new DnsServerAddressError(input, `"${host}" is not an IPv6 address (${EXAMPLES})`);
    }
  } else if (isIP(value) === 6) {
    // A bare IPv6 address has colons of its own, so it cannot carry a port.
    host = value;
  } else {
    const colon = value.lastIndexOf(':');
    host = colon === -1 ? value : value.slice(0, colon);
    if (colon !== -1) port = value.slice(colon + 1);
    if (host.includes(':')) {
      throw new DnsServerAddressError(
        input,
        `write an IPv6 address with a port in brackets (${EXAMPLES})`,
      );
    }
    if (isIP(host) !== 4) {
      throw new DnsServerAddressError(
        input,
        `expected an IP address, optionally with :PORT (${EXAMPLES}); "${host || input}" is not one`,
      );
    }
  }
  if (!/^[0-9]{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
    throw new DnsServerAddressError(input, `expected a port from 1 to 65535, not "${port}"`);
  }
  return { host, port: Number(port) };
}

/** The form `Resolver.setServers` takes and messages show: `1.2.3.4:53`, `[::1]:53`. */
export function formatDnsServer(address: DnsServerAddress): string {
  return isIP(address.host) === 6
    ? `[${address.host}]:${address.port}`
    : `${address.host}:${address.port}`;
}

/**
 * The resolver's address: the one given, else the system's first that node:dns can ask. The
 * zone walk of the authoritative checks needs an address, and "no --dns-server" means the
 * system resolver there too, not "skip the walk".
 */
export function resolverAddress(
  server: string | DnsServerAddress | undefined,
): DnsServerAddress | undefined {
  if (typeof server === 'object') return server;
  for (const candidate of server === undefined ? getServers() : [server]) {
    try {
      return parseDnsServer(candidate);
    } catch {
      // Not an address node:dns can ask: try the next.
    }
  }
  return undefined;
}
