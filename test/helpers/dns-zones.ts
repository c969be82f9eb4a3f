import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './dns-server.js';
import { toolPath } from './tools.js';

/**
 * Real DNS on loopback in the roles the internet gives it: BIND (`named`) as the authoritative
 * server of test zones, and Unbound as a caching, DNSSEC-validating recursive resolver in front of
 * it (stub zones pointing at BIND). Both from Debian's packages (bind9, unbound; .ci/run installs
 * them). Each zone's nameserver is `ns1.<zone>` at 127.0.0.1, so a client that finds the
 * nameservers through the resolver asks BIND on its port (`authoritativePort`).
 */

export interface ZoneSpec {
  /** The zone apex, e.g. `example.test`. */
  name: string;
  /** Zone-file lines after the SOA and NS records, names relative to the apex or absolute. */
  records: string[];
  /** SOA minimum and TTL: how long resolvers cache "no such record" here (default 300). */
  negativeTtl?: number;
  /** Sign the zone; the resolver then trusts another key, so validation of it fails. */
  brokenDnssec?: boolean;
}

export interface AuthoritativeServer {
  /** `127.0.0.1:PORT`. */
  readonly address: string;
  readonly port: number;
  /** Replaces a zone's records (a higher serial) and waits until BIND serves them. */
  update(zone: string, records: string[]): Promise<void>;
  stop(): Promise<void>;
  /** DS records of keys the zones are NOT signed with, for a resolver's trust anchors. */
  readonly wrongTrustAnchors: string[];
  output(): string;
}

export interface RecursiveResolver {
  readonly address: string;
  readonly port: number;
  stop(): Promise<void>;
  output(): string;
}

interface Child {
  stop(): Promise<void>;
  output(): string;
  child: ChildProcess;
}

function run(binary: string, args: string[]): Child {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  return {
    child,
    output: () => output,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(force);
    },
  };
}

/** Polls until `probe` resolves, the process exits, or 15 s pass. */
async function until(what: string, child: Child, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (child.child.exitCode === null) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  await child.stop();
  throw new Error(`${what} did not start:\n${child.output().trim()}`);
}

async function soaSerial(port: number, zone: string): Promise<number | undefined> {
  const resolver = new Resolver({ timeout: 200, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  try {
    return (await resolver.resolveSoa(zone)).serial;
  } catch {
    return undefined;
  }
}

function zoneFile(spec: ZoneSpec, serial: number, records: string[]): string {
  const ttl = spec.negativeTtl ?? 300;
  return [
    `$TTL ${ttl}`,
    `@ IN SOA ns1.${spec.name}. hostmaster.${spec.name}. ${serial} 3600 600 86400 ${ttl}`,
    `@ IN NS ns1.${spec.name}.`,
    'ns1 IN A 127.0.0.1',
    ...records,
    '',
  ].join('\n');
}

/** Starts BIND on a free loopback port, authoritative for `zones`, and waits until it answers. */
export async function startAuthoritative(zones: ZoneSpec[]): Promise<AuthoritativeServer> {
  const named = toolPath('named');
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-named-'));
  const port = await freePort();
  const serials = new Map(zones.map((z) => [z.name, 1]));
  const wrongTrustAnchors: string[] = [];
  const write = (spec: ZoneSpec, records: string[]) => {
    const file = join(dir, `${spec.name}.zone`);
    writeFileSync(file, zoneFile(spec, serials.get(spec.name) ?? 1, records));
    if (!spec.brokenDnssec) return file;
    // Signed with one key; the DS handed to resolvers is of another, so validation fails.
    const keygen = (n: string) =>
      execFileSync(
        toolPath('dnssec-keygen'),
        ['-q', '-a', 'ECDSAP256SHA256', '-f', 'KSK', '-K', dir, n],
        { encoding: 'utf8' },
      ).trim();
    const keyFile = join(dir, `${spec.name}.key-name`);
    let key: string;
    try {
      key = readFileSync(keyFile, 'utf8');
    } catch {
      key = keygen(spec.name);
      writeFileSync(keyFile, key);
      const other = keygen(spec.name);
      wrongTrustAnchors.push(
        execFileSync(toolPath('dnssec-dsfromkey'), ['-2', join(dir, `${other}.key`)], {
          encoding: 'utf8',
        })
          .trim()
          .replace(' IN ', ' '),
      );
    }
    writeFileSync(
      file,
      `${readFileSync(file, 'utf8')}${readFileSync(join(dir, `${key}.key`), 'utf8')}`,
    );
    execFileSync(
      toolPath('dnssec-signzone'),
      // -d: its dsset file goes to the zone's directory, not the tests' working directory.
      ['-q', '-z', '-K', dir, '-d', dir, '-o', spec.name, '-f', `${file}.signed`, file, key],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return `${file}.signed`;
  };
  const files = new Map(zones.map((z) => [z.name, write(z, z.records)]));
  writeFileSync(
    join(dir, 'named.conf'),
    [
      'options {',
      `  directory "${dir}";`,
      `  listen-on port ${port} { 127.0.0.1; };`,
      '  listen-on-v6 { none; };',
      '  recursion no;',
      '  pid-file none;',
      '  session-keyfile none;',
      '  dnssec-validation no;',
      `  managed-keys-directory "${dir}";`,
      '};',
      'controls { };',
      ...zones.map((z) => `zone "${z.name}" { type primary; file "${files.get(z.name)}"; };`),
      '',
    ].join('\n'),
  );
  const user = process.getuid?.() === 0 ? ['-u', 'root'] : [];
  const child = run(named, ['-g', '-c', join(dir, 'named.conf'), ...user]);
  const first = zones[0] as ZoneSpec;
  await until('named', child, async () => (await soaSerial(port, first.name)) !== undefined);
  return {
    address: `127.0.0.1:${port}`,
    port,
    wrongTrustAnchors,
    output: child.output,
    async update(zone, records) {
      const spec = zones.find((z) => z.name === zone);
      if (!spec) throw new Error(`no zone ${zone}`);
      const serial = (serials.get(zone) ?? 1) + 1;
      serials.set(zone, serial);
      write(spec, records);
      // SIGHUP: BIND reads its configuration and zone files again.
      child.child.kill('SIGHUP');
      // At least this serial: an update of the same zone made meanwhile (tests running at once)
      // may be served first, and it holds these records too when its caller kept them.
      await until(
        'named (reload)',
        child,
        async () => ((await soaSerial(port, zone)) ?? 0) >= serial,
      );
    },
    async stop() {
      await child.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts Unbound on a free loopback port: a caching resolver that sends every question about
 * `zones` to `authority` (and refuses any other name: no query leaves the machine), validating
 * DNSSEC against `trustAnchors` (DS records).
 */
export async function startResolver(
  authority: AuthoritativeServer,
  zones: string[],
  trustAnchors: string[] = [],
): Promise<RecursiveResolver> {
  const unbound = toolPath('unbound');
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-unbound-'));
  const port = await freePort();
  const conf = join(dir, 'unbound.conf');
  writeFileSync(
    conf,
    [
      'server:',
      `  interface: 127.0.0.1@${port}`,
      `  port: ${port}`,
      '  do-ip6: no',
      '  do-not-query-localhost: no',
      '  username: ""',
      '  chroot: ""',
      `  directory: "${dir}"`,
      '  pidfile: ""',
      '  use-syslog: no',
      '  logfile: ""',
      '  access-control: 127.0.0.0/8 allow',
      '  module-config: "validator iterator"',
      '  ede: yes',
      // .test is one of Unbound's own empty zones; everything else is refused.
      '  local-zone: "test." nodefault',
      '  local-zone: "." refuse',
      ...zones.map((z) => `  local-zone: "${z}." transparent`),
      ...trustAnchors.map((ds) => `  trust-anchor: "${ds}"`),
      ...zones.flatMap((z) => [
        'stub-zone:',
        `  name: "${z}."`,
        `  stub-addr: 127.0.0.1@${authority.port}`,
      ]),
      '',
    ].join('\n'),
  );
  const child = run(unbound, ['-d', '-c', conf]);
  const resolver = new Resolver({ timeout: 300, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  await until('unbound', child, async () => {
    try {
      await resolver.resolveTxt(`ready.${zones[0]}`);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOTFOUND';
    }
  });
  return {
    address: `127.0.0.1:${port}`,
    port,
    output: child.output,
    async stop() {
      await child.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
