import { describe, expect, it } from 'vitest';
import { DnsServerAddressError } from '../../src/core/errors.js';
import { formatDnsServer, parseDnsServer } from '../../src/dns/index.js';

describe('parseDnsServer', () => {
  it.each([
    ['127.0.0.1:5353', { host: '127.0.0.1', port: 5353 }, '127.0.0.1:5353'],
    ['10.0.0.1', { host: '10.0.0.1', port: 53 }, '10.0.0.1:53'],
    ['[::1]:53', { host: '::1', port: 53 }, '[::1]:53'],
    ['[2001:db8::1]:5300', { host: '2001:db8::1', port: 5300 }, '[2001:db8::1]:5300'],
    ['[::1]', { host: '::1', port: 53 }, '[::1]:53'],
    ['::1', { host: '::1', port: 53 }, '[::1]:53'],
    [' 192.0.2.1:53 ', { host: '192.0.2.1', port: 53 }, '192.0.2.1:53'],
  ])('reads %j', (input, address, formatted) => {
    expect(parseDnsServer(input)).toEqual(address);
    expect(formatDnsServer(parseDnsServer(input))).toBe(formatted);
  });

  it.each([
    ['localhost:53', /expected an IP address.*"localhost" is not one/],
    ['dns.example.com', /expected an IP address/],
    ['', /expected an IP address/],
    ['127.0.0.1:0', /expected a port from 1 to 65535, not "0"/],
    ['127.0.0.1:65536', /expected a port from 1 to 65535/],
    ['127.0.0.1:', /expected a port from 1 to 65535, not ""/],
    ['127.0.0.1:5x', /expected a port/],
    ['[127.0.0.1]:53', /"127.0.0.1" is not an IPv6 address/],
    ['[::1]:', /expected a port/],
  ])('refuses %j', (input, message) => {
    expect(() => parseDnsServer(input)).toThrow(DnsServerAddressError);
    expect(() => parseDnsServer(input)).toThrow(message);
  });
});
