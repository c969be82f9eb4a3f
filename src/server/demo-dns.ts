import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import * as dnsPacket from 'dns-packet';
import { type DnsSettings, toDomain } from './domain-view.js';
import { demoDomainIds } from './seed.js';
import type { Store } from './store.js';

/** The demo's verifier asks its DNS this often, unless --verify-interval says otherwise. */
export const DEMO_VERIFY_INTERVAL_SECONDS = 2;

const NXDOMAIN = 3;
const SERVFAIL = 2;

export interface DemoDns {
  /** `127.0.0.1:PORT`, as --dns-server takes it. */
  address: string;
  close(): Promise<void>;
}

type DemoRecord = { type: 'CNAME' | 'TXT'; value: string };

/**
 * The DNS of the demo (`serve --seed demo`, `domainctl demo`): a UDP responder on 127.0.0.1, on a
 * free port, that plays the part of the user's DNS provider once the user has created the
 * records `domains add` printed. It answers the three records of every domain added to this
 * database, which lets the verifier verify it, and `domains wait` see that happen, without a DNS
 * server of the user's; and those of the demo's own verified domains, as their customers' DNS
 * would, so that `d` on one finds its records. The demo's own pending domains are left out, so
 * they stay pending, as the demo data shows them. Every other name is NXDOMAIN; a query of another type at
 * a name that has a CNAME gets the CNAME alone, as an authoritative server answers.
 *
 * It listens on UDP port `port` (the API's own number: `serve --port 7878` answers DNS at
 * 127.0.0.1:7878, an address a README or a script can write down beforehand, so that
 * `domains check` can be pointed at it); when that UDP port is taken, on a free one.
 */
export async function startDemoDns(
  store: Store,
  settings: DnsSettings,
  port = 0,
): Promise<DemoDns> {
  const seeded = new Set(demoDomainIds());
  const prefixes = [`_${settings.label}-verify.`, '_acme-challenge.'];
  // One look-up by name a query, nothing kept: the store stays the one truth (a domain added
  // since, or a database another process writes to, needs no re-reading of pages).
  const lookUp = async (name: string): Promise<DemoRecord[] | undefined> => {
    const prefix = prefixes.find((p) => name.startsWith(p));
    const row = await store.domainByName(prefix ? name.slice(prefix.length) : name);
    // The demo's own pending domains stay pending: their customers have not created the records.
    if (!row || (seeded.has(row.id) && !row.verified)) return undefined;
    const { dns_instructions: dns } = toDomain(row, settings);
    if (name === dns.cname_host) return [{ type: 'CNAME', value: dns.cname_target }];
    if (name === dns.txt_host) return [{ type: 'TXT', value: dns.txt_value }];
    if (name === dns.acme_cname_host) return [{ type: 'CNAME', value: dns.acme_cname_target }];
    return undefined;
  };

  let socket: Socket;
  let closed = false;
  try {
    socket = await bound(port);
  } catch (error) {
    if (port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    socket = await bound(0);
  }
  const answer = async (message: Buffer, from: RemoteInfo) => {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return; // Not a DNS message: nothing to answer.
    }
    const question = query.questions?.[0];
    if (query.type !== 'query' || !question) return;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    let rcode = 0;
    let answers: dnsPacket.Answer[] = [];
    try {
      const records = await lookUp(name);
      if (!records) rcode = NXDOMAIN;
      else {
        const cname = records.find((record) => record.type === 'CNAME');
        const matching = cname ? [cname] : records.filter((r) => r.type === question.type);
        answers = matching.map((record) =>
          record.type === 'TXT'
            ? { type: 'TXT', name: question.name, ttl: 60, data: [record.value] }
            : { type: 'CNAME', name: question.name, ttl: 60, data: record.value },
        );
      }
    } catch {
      rcode = SERVFAIL; // The store could not answer (closing): the verifier tries again.
    }
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags:
        dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | rcode,
      questions: [question],
      answers,
    });
    // The store's answer may come after close(): a closed socket throws on send.
    if (closed) return;
    socket.send(response, from.port, from.address);
  };
  socket.on('message', (message, from) => void answer(message, from));
  // A send to a client that has gone is no reason to stop.
  socket.on('error', () => {});
  return {
    address: `127.0.0.1:${socket.address().port}`,
    close: () => {
      closed = true;
      return new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}

/** A UDP socket bound to 127.0.0.1:port (0: a free port). */
function bound(port: number): Promise<Socket> {
  const socket = createSocket('udp4');
  return new Promise<Socket>((resolve, reject) => {
    socket.once('error', (error) => {
      socket.close();
      reject(error);
    });
    socket.bind(port, '127.0.0.1', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
  });
}
