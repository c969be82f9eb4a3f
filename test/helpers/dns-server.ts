import { createSocket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import { createServer } from 'node:net';
import dns2, { type DnsHandler, Packet } from 'dns2';

/** A CAA record: flags (128 = critical), tag (`issue`, `issuewild`, `iodef`, …) and value. */
export interface CaaSpec {
  flags?: number;
  tag: string;
  value: string;
}

/** What the test DNS server answers; every other name is NXDOMAIN. Keys are host names. */
export interface DnsZone {
  cname?: Record<string, string>;
  /** One TXT record, or several records at the same name. */
  txt?: Record<string, string | string[]>;
  caa?: Record<string, CaaSpec[]>;
}

export interface TestDnsServer {
  /** `127.0.0.1:PORT`, as `--dns-server` and `checkRecords({ server })` take it. */
  readonly address: string;
  readonly port: number;
  /** Serves `zone` instead, on the same port, from the next query on. */
  restart(zone: DnsZone): Promise<void>;
  stop(): Promise<void>;
  /** One line a query it was asked, `query[TXT] name` (`again[TXT] name` when resent), for counts. */
  output(): string;
}

/**
 * Starts a DNS server on a free loopback port, over UDP and TCP, authoritative for `zone`, and
 * resolves once it answers.
 *
 * The server is dns2's (a maintained DNS server for Node, from npm: it runs wherever the tests
 * run, with nothing to install), and this helper is its zone:
 * - every name it was not given, and that has no name under it, is NXDOMAIN, never forwarded,
 *   whatever TLD a test (or the demo seed) uses; a name it has (or one above a name it has),
 *   asked for a type it lacks, is NOERROR with no records;
 * - a query of any type at a CNAME gets the CNAME, followed within the zone; a target it does not
 *   know ends the answer there (NOERROR, the CNAME alone), as an authoritative server answers;
 * - names match whatever their case; every TTL is 0, so no answer outlives a restart();
 * - TXT values go out as given, split into character-strings of at most 255 bytes, control
 *   characters and non-ASCII included (the tests of hostile answers); CAA as RFC 8659 lays it out;
 * - an answer too large for the asker's UDP size is truncated (TC), and asked again over TCP.
 */
export async function startDnsServer(zone: DnsZone): Promise<TestDnsServer> {
  let records = indexed(zone);
  const queries: string[] = [];
  // The UDP queries of the last 10 s, by asker, query id and name: one asked again (a resolver
  // resends a query it had no answer to within its timeout, c-ares after 1.25 s with our 5 s,
  // the same id from the same port) is logged as `again[…]`, so that tests count lookups, not
  // packets. This server answers from the test's own process, and a busy test process can be
  // that slow to answer; dnsmasq, a process of its own, seldom was.
  const recent = new Map<string, number>();
  const handle: DnsHandler = (request, send, client) => {
    const [question] = request.questions;
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    if (question) {
      const now = Date.now();
      let again = false;
      if ('port' in client && typeof client.port === 'number' && 'family' in client) {
        const key = `${client.address}:${client.port}#${request.header.id} ${question.name}`;
        again = (recent.get(key) ?? 0) > now - 10_000;
        recent.set(key, now);
        if (recent.size > 10_000) {
          for (const [asked, at] of recent) if (at <= now - 10_000) recent.delete(asked);
        }
      }
      // Tests count the queries (a verifier asking every 0.2 s for 15 domains asks 75 a
      // second); the last 200,000 are minutes of that, and still a bound.
      queries.push(`${again ? 'again' : 'query'}[${typeName(question.type)}] ${question.name}`);
      if (queries.length > 400_000) queries.splice(0, 200_000);
      const found = answer(records, question.name, question.type);
      response.header.rcode = found === undefined ? NXDOMAIN : 0;
      // dns2 encodes plain records (its own examples answer so); its types want its class.
      response.answers = (found ?? []) as unknown as typeof response.answers;
    }
    void send(response).catch(() => {
      // The asker went away (a TCP connection closed, a lookup aborted): nothing to answer.
    });
  };
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const server = dns2.createServer({ udp: true, tcp: true, handle });
    // A bind that fails is an 'error' event, which listen() does not reject with.
    const failed = new Promise<Error>((resolve) => server.once('error', resolve));
    const listened = await Promise.race([
      server.listen({ udp: { port, address: '127.0.0.1' }, tcp: { port, address: '127.0.0.1' } }),
      failed,
    ]);
    if (listened instanceof Error) {
      // Another process took the port between freePort() and the bind: pick another.
      lastError = listened;
      server.on('error', () => {});
      void server.close().catch(() => {});
      continue;
    }
    server.on('error', () => {
      // A socket error after the start (none is expected): the queries then go unanswered,
      // which the test's own checks report.
    });
    await waitUntilAnswering(port);
    return {
      address: `127.0.0.1:${port}`,
      port,
      async restart(next) {
        records = indexed(next);
      },
      stop: () => server.close().catch(() => {}),
      output: () => queries.map((line) => `${line}\n`).join(''),
    };
  }
  throw lastError instanceof Error ? lastError : new Error('could not start the DNS server');
}

const NXDOMAIN = 3;
const { TYPE } = Packet;

function typeName(type: number): string {
  return Object.entries(TYPE).find(([, value]) => value === type)?.[0] ?? `TYPE${type}`;
}

/** A record as dns2's encoder takes it: name, type, class, ttl and the type's own fields. */
type DnsRecord = Record<string, unknown>;

interface NameRecords {
  cname?: string;
  txt: string[];
  caa: CaaSpec[];
}

const normal = (name: string) => name.toLowerCase().replace(/\.$/, '');

function indexed(zone: DnsZone): Map<string, NameRecords> {
  const names = new Map<string, NameRecords>();
  const at = (name: string) => {
    const key = normal(name);
    let entry = names.get(key);
    if (!entry) names.set(key, (entry = { txt: [], caa: [] }));
    return entry;
  };
  for (const [host, target] of Object.entries(zone.cname ?? {})) at(host).cname = target;
  for (const [host, values] of Object.entries(zone.txt ?? {})) {
    at(host).txt.push(...(typeof values === 'string' ? [values] : values));
  }
  for (const [host, caa] of Object.entries(zone.caa ?? {})) at(host).caa.push(...caa);
  return names;
}

/** The answer records for a question, or undefined for NXDOMAIN. */
function answer(
  names: Map<string, NameRecords>,
  name: string,
  type: number,
): DnsRecord[] | undefined {
  const answers: DnsRecord[] = [];
  let current = name;
  // A CNAME chain within the zone, at most 8 long (a loop ends there).
  for (let hop = 0; hop < 8; hop++) {
    const entry = names.get(normal(current));
    if (!entry) {
      if (hop > 0) return answers;
      // A name with names under it exists, records or not (an empty non-terminal, RFC 8020):
      // `shop.test` when only `_domainctl-verify.shop.test` has a record is NODATA, not NXDOMAIN.
      const suffix = `.${normal(current)}`;
      return [...names.keys()].some((known) => known.endsWith(suffix)) ? answers : undefined;
    }
    const base = { name: current, class: Packet.CLASS.IN, ttl: 0 };
    if (entry.cname !== undefined) {
      answers.push({ ...base, type: TYPE.CNAME, domain: entry.cname } as DnsRecord);
      if (type === TYPE.CNAME) return answers;
      current = entry.cname;
      continue;
    }
    if (type === TYPE.TXT) {
      for (const value of entry.txt) {
        answers.push({ ...base, type: TYPE.TXT, data: characterStrings(value) } as DnsRecord);
      }
    }
    if (type === TYPE.CAA) {
      for (const { flags = 0, tag, value } of entry.caa) {
        answers.push({ ...base, type: TYPE.CAA, flags, tag, value } as DnsRecord);
      }
    }
    return answers;
  }
  return answers;
}

/** A TXT value as character-strings of at most 255 bytes each (one empty one for ""). */
function characterStrings(value: string): Buffer[] {
  const bytes = Buffer.from(value);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) parts.push(bytes.subarray(i, i + 255));
  return parts;
}

/**
 * A UDP port that receives queries and never answers: a resolver that asks it can only time out.
 * (A port where nothing listens is refused at once instead.)
 */
export async function startBlackhole(): Promise<{
  address: string;
  /** How many queries have come so far (a lookup still under way asks again). */
  queries(): number;
  close(): Promise<void>;
}> {
  const socket = createSocket('udp4');
  let queries = 0;
  socket.on('message', () => queries++);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries: () => queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/**
 * A loopback port where nothing listens, over UDP or TCP: 9 (discard), which no test binds. A
 * port found free and released would not stay dead: with four files running at once, a
 * neighbour's DNS server was started on one such number while a test still counted on it refusing.
 */
export async function deadPort(): Promise<string> {
  return '127.0.0.1:9';
}

/** Binds port 0 on UDP, then the same port on TCP (a DNS server needs both), and releases both. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const udp = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(0, '127.0.0.1', resolve);
    });
    const port = udp.address().port;
    const tcp = createServer();
    const tcpFree = await new Promise<boolean>((resolve) => {
      tcp.once('error', () => resolve(false));
      tcp.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (tcpFree) await new Promise((resolve) => tcp.close(resolve));
    await new Promise<void>((resolve) => udp.close(() => resolve()));
    if (tcpFree) return port;
  }
  throw new Error('no free loopback port for UDP and TCP after 20 tries');
}

async function waitUntilAnswering(port: number): Promise<void> {
  const resolver = new Resolver({ timeout: 100, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await resolver.resolveTxt('ready.probe.test');
      return;
    } catch (error) {
      // NXDOMAIN is an answer: the server is up.
      if ((error as NodeJS.ErrnoException).code === 'ENOTFOUND') return;
    }
    if (Date.now() > deadline)
      throw new Error(`the DNS server did not answer on port ${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** CAA RDATA (RFC 8659 section 4.1): flags byte, tag length byte, tag, then the value's bytes. */
export function caaRdata({ flags = 0, tag, value }: CaaSpec): string {
  const tagBytes = Buffer.from(tag, 'ascii');
  return Buffer.concat([
    Buffer.from([flags, tagBytes.length]),
    tagBytes,
    Buffer.from(value),
  ]).toString('hex');
}
