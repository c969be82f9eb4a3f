import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';

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
  /** Serves `zone` instead, on the same port (dnsmasq reads records only at start). */
  restart(zone: DnsZone): Promise<void>;
  stop(): Promise<void>;
  /** What dnsmasq wrote, for failure messages. */
  output(): string;
}

/**
 * Starts dnsmasq on a free loopback port serving `zone`, and resolves once it answers.
 *
 * dnsmasq, not an in-process server, so the checks meet a real DNS implementation (and its
 * quirks) with no npm dependency. How it is run:
 * - `--conf-file=/dev/null --no-resolv --no-hosts`: nothing from this machine leaks in;
 * - `--local=/#/`: every name it was not given is NXDOMAIN (authoritative-style), never forwarded
 *   and never REFUSED, whatever TLD a test (or the demo seed) uses;
 * - `--pid-file` (empty): no pid file, so parallel test files do not fight over /run/dnsmasq.pid;
 * - `--user=root` when root: dnsmasq otherwise drops to `nobody`, which a container may not allow.
 * Quirks the tests rely on: a query for another type at a `--cname` name whose target dnsmasq
 * does not know returns the CNAME alone (NOERROR, no records of the type); and on the command line
 * dnsmasq splits `--txt-record` values at commas and keeps quotes, so values with `,` `"` or `\`
 * (and any byte that is not printable ASCII) are sent as raw RDATA through `--dns-rr` instead.
 */
export async function startDnsServer(zone: DnsZone): Promise<TestDnsServer> {
  const binary = findDnsmasq();
  let lastError: Error | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    try {
      let running = await launch(binary, port, zone);
      return {
        address: `127.0.0.1:${port}`,
        port,
        async restart(next) {
          await running.stop();
          running = await launchOnPort(binary, port, next);
        },
        stop: () => running.stop(),
        output: () => running.output(),
      };
    } catch (error) {
      // Another process took the port between freePort() and dnsmasq's bind: pick another.
      if (!(error instanceof PortTakenError)) throw error;
      lastError = error;
    }
  }
  throw lastError ?? new Error('could not start dnsmasq');
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

class PortTakenError extends Error {}

interface Running {
  stop(): Promise<void>;
  output(): string;
}

function findDnsmasq(): string {
  const candidates = [
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'dnsmasq')),
    '/usr/sbin/dnsmasq',
  ];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here, or not executable: try the next place.
    }
  }
  throw new Error(
    'dnsmasq is not installed: the DNS tests run a real DNS server on loopback. Install it with `apt-get install -y dnsmasq-base` (Debian/Ubuntu; .ci/run does this)',
  );
}

/** Binds port 0 on UDP, then the same port on TCP (dnsmasq needs both), and releases both. */
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

async function launchOnPort(binary: string, port: number, zone: DnsZone): Promise<Running> {
  // After a restart, the old process's sockets may linger for a moment.
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      return await launch(binary, port, zone);
    } catch (error) {
      if (!(error instanceof PortTakenError) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function launch(binary: string, port: number, zone: DnsZone): Promise<Running> {
  const args = [
    '--keep-in-foreground',
    '--conf-file=/dev/null',
    '--no-resolv',
    '--no-hosts',
    '--pid-file',
    '--listen-address=127.0.0.1',
    '--bind-interfaces',
    `--port=${port}`,
    '--local=/#/',
    '--log-facility=-',
    '--log-queries',
    ...(process.getuid?.() === 0 ? ['--user=root'] : []),
    ...zoneArgs(zone),
  ];
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    // Tests count the queries in it (each with a reply and a cache line): a verifier asking every
    // 0.2 s for 15 domains writes ~20 KB a second, and a loaded machine takes many seconds, so
    // 20 KB lost the first queries of a test. 4 MB is minutes of that; still a bound.
    output = (output + chunk.toString()).slice(-4_000_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // If the test process dies without stopping it, dnsmasq must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(force);
  };

  const ready = await Promise.race([
    waitUntilAnswering(port, child).then(
      () => 'ready' as const,
      (error: Error) => error,
    ),
    exited.then((code) => ({ code })),
  ]);
  if (ready instanceof Error) {
    await stop();
    throw new Error(`${ready.message}:\n${output.trim()}`);
  }
  if (ready !== 'ready') {
    await stop();
    if (/Address already in use/i.test(output)) throw new PortTakenError(output.trim());
    throw new Error(`dnsmasq exited with ${ready.code} before answering:\n${output.trim()}`);
  }
  return { stop, output: () => output };
}

async function waitUntilAnswering(port: number, child: ChildProcess): Promise<void> {
  const resolver = new Resolver({ timeout: 100, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  const deadline = Date.now() + 10_000;
  while (child.exitCode === null) {
    try {
      await resolver.resolveTxt('ready.probe.test');
      return;
    } catch (error) {
      // NXDOMAIN is an answer: the server is up.
      if ((error as NodeJS.ErrnoException).code === 'ENOTFOUND') return;
    }
    if (Date.now() > deadline)
      throw new Error(`dnsmasq did not answer on port ${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function zoneArgs(zone: DnsZone): string[] {
  const args: string[] = [];
  for (const [host, target] of Object.entries(zone.cname ?? {})) {
    args.push(`--cname=${host},${target}`);
  }
  for (const [host, values] of Object.entries(zone.txt ?? {})) {
    for (const value of typeof values === 'string' ? [values] : values) {
      // Printable ASCII without `,` `"` `\` goes on the command line as it is; anything else
      // (control characters too, for the tests of hostile answers) as raw RDATA.
      args.push(
        /^[\x20\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]{0,255}$/.test(value)
          ? `--txt-record=${host},${value}`
          : `--dns-rr=${host},16,${txtRdata(value)}`,
      );
    }
  }
  for (const [host, records] of Object.entries(zone.caa ?? {})) {
    for (const record of records) args.push(`--dns-rr=${host},257,${caaRdata(record)}`);
  }
  return args;
}

/** TXT RDATA: the value as character-strings of at most 255 bytes, each after its length. */
function txtRdata(value: string): string {
  const bytes = Buffer.from(value);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts).toString('hex');
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
