import { createSocket } from 'node:dgram';
import { randomInt } from 'node:crypto';
import { isIP, Socket } from 'node:net';
import * as dnsPacket from 'dns-packet';
import { dnsErrorReason } from './resolver.js';
import { type DnsServerAddress, formatDnsServer } from './server-address.js';

/**
 * DNS messages on the wire (dns-packet over node:dgram, TCP when an answer is truncated), for what
 * node:dns cannot tell: the rcode and header bits (AA, AD), the authority section of a negative
 * answer (whose SOA TTL is how much longer a resolver caches "no such record"), the Checking
 * Disabled bit (a name that fails DNSSEC validation still resolves with it) and Extended DNS
 * Errors (RFC 8914). The record checks themselves stay on node:dns.
 */

export type WireRecord = dnsPacket.Answer;

export interface WireAnswer {
  /** `NOERROR`, `NXDOMAIN`, `SERVFAIL`, `REFUSED`, … */
  rcode: string;
  /** AA: the server is authoritative for the name. */
  authoritative: boolean;
  /** AD: a validating resolver checked the answer's DNSSEC signatures. */
  authenticated: boolean;
  answers: WireRecord[];
  authorities: WireRecord[];
  /** An Extended DNS Error the server attached (RFC 8914), e.g. `9 DNSKEY Missing`. */
  extendedError?: string;
}

export type WireResult =
  { kind: 'answer'; answer: WireAnswer } | { kind: 'error'; code: string; reason: string };

export interface WireQueryOptions {
  /** The most the query may take, in milliseconds; the question is sent again halfway. */
  timeoutMs: number;
  /** Checking Disabled: a validating resolver answers even when DNSSEC validation fails. */
  checkingDisabled?: boolean;
  signal?: AbortSignal;
}

const EDE_OPTION = 15;
/** The Extended DNS Error codes of RFC 8914 (section 5) that a resolver may send. */
const EDE_NAMES = [
  'Other',
  'Unsupported DNSKEY Algorithm',
  'Unsupported DS Digest Type',
  'Stale Answer',
  'Forged Answer',
  'DNSSEC Indeterminate',
  'DNSSEC Bogus',
  'Signature Expired',
  'Signature Not Yet Valid',
  'DNSKEY Missing',
  'RRSIGs Missing',
  'No Zone Key Bit Set',
  'NSEC Missing',
  'Cached Error',
  'Not Ready',
  'Blocked',
  'Censored',
  'Filtered',
  'Prohibited',
  'Stale NXDOMAIN Answer',
  'Not Authoritative',
  'Not Supported',
  'No Reachable Authority',
  'Network Error',
  'Invalid Data',
];
const UDP_PAYLOAD = 1232;

/** Asks `server` one question; never rejects (a failure is an `error` result). */
export async function wireQuery(
  server: DnsServerAddress,
  name: string,
  type: dnsPacket.RecordType,
  options: WireQueryOptions,
): Promise<WireResult> {
  const label = formatDnsServer(server);
  const id = randomInt(0, 65536);
  const query: dnsPacket.Packet = {
    type: 'query',
    id,
    flags:
      dnsPacket.RECURSION_DESIRED | (options.checkingDisabled ? dnsPacket.CHECKING_DISABLED : 0),
    questions: [{ type, name }],
    additionals: [
      {
        type: 'OPT',
        name: '.',
        udpPayloadSize: UDP_PAYLOAD,
        extendedRcode: 0,
        ednsVersion: 0,
        flags: 0,
        flag_do: false,
        options: [],
      },
    ],
  };
  try {
    let packet = await udpExchange(server, dnsPacket.encode(query), id, options);
    if (packet.flag_tc) packet = await tcpExchange(server, dnsPacket.streamEncode(query), options);
    if (packet.id !== id) throw Object.assign(new Error('mismatched answer'), { code: 'EBADRESP' });
    return { kind: 'answer', answer: readAnswer(packet) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EBADRESP';
    return {
      kind: 'error',
      code,
      reason: dnsErrorReason(code, label, options.timeoutMs, (error as Error).message),
    };
  }
}

function readAnswer(packet: Decoded): WireAnswer {
  const opt = (packet.additionals ?? []).find((r) => r.type === 'OPT') as
    { options?: { code: number; data?: Buffer }[] } | undefined;
  const ede = opt?.options?.find((o) => o.code === EDE_OPTION)?.data;
  return {
    rcode: String((packet as { rcode?: string }).rcode ?? 'NOERROR'),
    authoritative: packet.flag_aa === true,
    authenticated: packet.flag_ad === true,
    answers: packet.answers ?? [],
    authorities: packet.authorities ?? [],
    ...(ede && ede.length >= 2
      ? { extendedError: extendedError(ede.readUInt16BE(0), ede.subarray(2).toString('utf8')) }
      : {}),
  };
}

type Decoded = dnsPacket.DecodedPacket;

/** `DNSSEC Bogus (extended DNS error 6)`, with the server's own text after it when it sent one. */
function extendedError(code: number, text: string): string {
  const name = EDE_NAMES[code] ?? 'Unknown error';
  const extra = text.trim() ? `: ${text.trim()}` : '';
  return `${name} (extended DNS error ${code})${extra}`;
}

function failWith(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

/** Sends the question (again halfway through the budget) and takes the first answer with its id. */
function udpExchange(
  server: DnsServerAddress,
  message: Buffer,
  id: number,
  options: WireQueryOptions,
): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const socket = createSocket(isIP(server.host) === 6 ? 'udp6' : 'udp4');
    const timers: NodeJS.Timeout[] = [];
    const finish = (error: Error | undefined, packet?: Decoded) => {
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      socket.close();
      if (error) reject(error);
      else resolve(packet as Decoded);
    };
    const abort = () => finish(failWith('ECANCELLED'));
    if (options.signal?.aborted) {
      socket.close();
      reject(failWith('ECANCELLED'));
      return;
    }
    options.signal?.addEventListener('abort', abort, { once: true });
    socket.on('error', (error) => finish(error));
    socket.on('message', (data) => {
      let packet: Decoded;
      try {
        packet = dnsPacket.decode(data);
      } catch {
        return; // Not a DNS message: keep waiting for one.
      }
      if (packet.id === id && packet.type === 'response') finish(undefined, packet);
    });
    // Connected, so that an ICMP "port unreachable" comes back as ECONNREFUSED at once.
    socket.connect(server.port, server.host, () => {
      const send = () => socket.send(message, (error) => error && finish(error));
      send();
      timers.push(setTimeout(send, options.timeoutMs / 2));
      timers.push(setTimeout(() => finish(failWith('ETIMEOUT')), options.timeoutMs));
    });
  });
}

/** The same question over TCP, for an answer too large for UDP. */
function tcpExchange(
  server: DnsServerAddress,
  message: Buffer,
  options: WireQueryOptions,
): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => finish(failWith('ETIMEOUT')), options.timeoutMs);
    const finish = (error: Error | undefined, packet?: Decoded) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      socket.destroy();
      if (error) reject(error);
      else resolve(packet as Decoded);
    };
    const abort = () => finish(failWith('ECANCELLED'));
    options.signal?.addEventListener('abort', abort, { once: true });
    socket.on('error', (error) => finish(error));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 2 || received.length < 2 + received.readUInt16BE(0)) return;
      try {
        finish(undefined, dnsPacket.streamDecode(received) as Decoded);
      } catch (error) {
        finish(failWith('EBADRESP', (error as Error).message));
      }
    });
    socket.connect(server.port, server.host, () => socket.write(message));
  });
}

/** The records of `type` owned by `name` in a section (case and a final dot do not matter). */
export function recordsAt(
  records: WireRecord[],
  name: string,
  type: string,
): (WireRecord & { data: unknown; ttl?: number })[] {
  const wanted = name.toLowerCase().replace(/\.$/, '');
  return records.filter(
    (r) => r.type === type && r.name.toLowerCase().replace(/\.$/, '') === wanted,
  ) as (WireRecord & { data: unknown; ttl?: number })[];
}
