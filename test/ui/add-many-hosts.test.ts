import { describe, expect, it } from 'vitest';
import { normalizeHostname } from '../../src/contract/hostname.js';
import { invalidHosts, REGISTERED_REASON } from '../../src/ui/add-domain/add-many.js';

// Which hosts of a list the add form names as not valid while it is typed, apart from Ink.
describe('the hosts of a list that are not valid', () => {
  it('each, in the order typed, with the reason one host typed alone gets', () => {
    const hosts = ['one.example.com', 'bad_host.example.com', '-x', 'two.example.com', '10.0.0.1'];
    const reasonOf = (host: string) => {
      const check = normalizeHostname(host);
      return check.ok ? undefined : check.reason;
    };
    expect(invalidHosts(hosts)).toEqual(
      ['bad_host.example.com', '-x', '10.0.0.1'].map((host) => ({ host, reason: reasonOf(host) })),
    );
  });

  it('leaves out a URL whose host Tab keeps, and a list all valid has none', () => {
    expect(invalidHosts(['https://shop.example.com/x', 'www.example.com/path'])).toEqual([]);
    expect(invalidHosts(['Shop.Example.com.', 'www.example.com'])).toEqual([]);
  });

  it('names a host the list has already, as the server stores it, and not its first', () => {
    expect(
      invalidHosts(['a.example.com', 'b.example.com', 'A.Example.com.', 'b.example.com']),
    ).toEqual([
      {
        host: 'A.Example.com.',
        reason: 'the same host as a.example.com, above: sent once',
        repeat: true,
      },
      {
        host: 'b.example.com',
        reason: 'the same host as b.example.com, above: sent once',
        repeat: true,
      },
    ]);
  });

  it('names a host the project has already, as the server stores it, before Enter', () => {
    // A walkthrough's finding: only Enter told of it, as a 409.
    const registered = new Set(['www.acme-shop.com', 'xn--bcher-kva.example']);
    expect(
      invalidHosts(['WWW.acme-shop.com.', 'new.example.com', 'bücher.example'], registered),
    ).toEqual([
      { host: 'WWW.acme-shop.com.', reason: REGISTERED_REASON, registered: true },
      { host: 'bücher.example', reason: REGISTERED_REASON, registered: true },
    ]);
  });
});
