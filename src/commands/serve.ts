import { join } from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { CliError, DnsServerAddressError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { currentIo } from '../core/io.js';
import { wholeNumber } from './arg-parsers.js';

interface ServeFlags {
  host: string;
  port: number;
  db?: string;
  seed?: 'demo';
  jwksUrl?: string;
  jwtIssuer?: string;
  jwtAudience?: string;
  jwtMaxAge?: number;
  label: string;
  edgeDomain: string;
  dnsServer?: string;
  verifyInterval: number;
  verifyAuthoritative?: boolean;
  askLimit: number;
  dbPoolSize: number;
  dbTimeout: number;
  drainGrace: number;
  metrics?: boolean;
  metricsPort?: number;
  logFormat: 'plain' | 'json';
  logFile?: string;
  quiet?: boolean;
}

function port(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) > 65535) {
    throw new InvalidArgumentError('expected a port number from 0 to 65535');
  }
  return Number(value);
}

function seconds(value: string): number {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value))
    throw new InvalidArgumentError('expected a number of seconds');
  return Number(value);
}

function positiveSeconds(value: string): number {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value) || Number(value) <= 0)
    throw new InvalidArgumentError('expected a number of seconds above 0');
  return Number(value);
}

function poolSize(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) < 1 || Number(value) > 1000) {
    throw new InvalidArgumentError('expected a number of connections from 1 to 1000');
  }
  return Number(value);
}

function url(value: string): string {
  try {
    return new URL(value).toString();
  } catch {
    throw new InvalidArgumentError('expected an absolute URL');
  }
}

function dnsLabel(value: string): string {
  if (!/^[a-z0-9](?:[a-z0-9-]{0,40}[a-z0-9])?$/.test(value)) {
    throw new InvalidArgumentError(
      'expected a lower-case DNS label (letters, digits, inner hyphens)',
    );
  }
  return value;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Run the reference API server (Hono + SQLite or PostgreSQL)')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on; 0 picks a free one', port, 7878)
    .option(
      '--db <path|url>',
      'SQLite database file, :memory: for none, or a postgres:// URL (default: $DATABASE_URL, else a file in the data directory)',
    )
    .option(
      '--db-pool-size <n>',
      'PostgreSQL: connections this instance opens at most',
      poolSize,
      10,
    )
    .option(
      '--db-timeout <seconds>',
      'PostgreSQL: longest wait to connect or for a query before a request gets 503',
      seconds,
      5,
    )
    .option(
      '--drain-grace <seconds>',
      'on SIGTERM, answer /readyz with 503 and go on serving this long before closing the listener (for a load balancer to notice)',
      seconds,
      0,
    )
    .addOption(
      new Option(
        '--log-format <format>',
        'request log on stdout: a plain line, or one JSON object (time, method, route, status, duration, instance, request id)',
      )
        .choices(['plain', 'json'])
        .default('plain'),
    )
    .option(
      '--log-file <path>',
      'append the request log to this file instead of stdout (the listening line stays on stdout)',
    )
    .addOption(
      new Option(
        '--quiet',
        'no request log (the listening line and warnings are still printed)',
      ).conflicts('logFile'),
    )
    .option('--metrics', 'serve Prometheus metrics at GET /metrics on the API port')
    .option(
      '--metrics-port <port>',
      'serve GET /metrics on a port of its own instead (same --host; 0 picks a free one)',
      port,
    )
    .addOption(new Option('--seed <name>', 'load demo data (idempotent)').choices(['demo']))
    .option('--jwks-url <url>', 'accept JWTs signed by the keys at this JWKS URL', url)
    .option('--jwt-issuer <iss>', 'required iss claim of JWTs')
    .option('--jwt-audience <aud>', 'required aud claim of JWTs')
    .option(
      '--jwt-max-age <seconds>',
      'accept JWTs without an exp claim if their iat is at most this old (every JWT then needs iat); default: every JWT needs exp',
      positiveSeconds,
    )
    .option(
      '--label <label>',
      'label in the TXT record: _<label>-verify.<domain>',
      dnsLabel,
      'domainctl',
    )
    .option('--edge-domain <domain>', 'domain that CNAME targets live under', 'edge.domainctl.test')
    .option(
      '--dns-server <host:port>',
      "DNS server the verifier asks, an IP address with an optional port (default: system resolver; with --seed demo, the demo's own DNS)",
    )
    .addOption(
      new Option(
        '--verify-interval <seconds>',
        'how often the verifier checks pending domains; 0 is off',
      )
        .argParser(seconds)
        .default(0, '0, or 2 with --seed demo'),
    )
    .option(
      '--verify-authoritative',
      "the verifier asks each domain's zone nameservers (found through --dns-server, else the system resolver) for the TXT record, not a resolver's cache",
    )
    .option(
      '--ask-limit <n>',
      'questions to GET /v1/tls/ask (the edge asking before on-demand TLS) that need the database each client address may ask a minute; past it, one a name every 10 s',
      wholeNumber(1, 1_000_000),
      600,
    )
    .addHelpText(
      'after',
      `
With --seed demo and no --dns-server, the verifier asks a DNS server of the demo's own on
127.0.0.1, UDP, the API's port number (a free one when that is taken), which answers the records
of every domain added to the database as if they had been created: \`domains wait\` sees a
domain added to the demo verified in seconds, and \`domains check\` finds its records right
with DOMAINCTL_DNS_SERVER=127.0.0.1:7878 (the port of --port).

The request log (one line a request, credentials redacted) goes to stdout; --log-file PATH
appends it to a file instead and --quiet drops it, so a server started with & in the shell you
work in does not write into your commands' output. Stop the server with Ctrl+C, or kill %1
(or kill PID) when it runs in the background: it shuts down cleanly on SIGINT and SIGTERM.

Examples:
  $ domainctl serve --seed demo --db :memory:
  $ domainctl serve --seed demo --db :memory: --log-file serve.log &
  $ domainctl serve --port 0 --db ./api.db
  $ domainctl serve --jwks-url https://id.example.com/.well-known/jwks.json --jwt-audience domains
  $ domainctl serve --seed demo --db :memory: --verify-interval 10 --dns-server 127.0.0.1:5353

Several instances on one PostgreSQL database (behind a load balancer), each on its own port:
  $ export DATABASE_URL=postgres://domainctl:secret@db.internal:5432/domainctl
  $ domainctl serve --host 0.0.0.0 --port 7878 --verify-interval 30 &
  $ domainctl serve --host 0.0.0.0 --port 7879 --verify-interval 30 &
They migrate the schema once, share host-name uniqueness, page tokens and the verifier's work.`,
    )
    .action(async (flags: ServeFlags, command: Command) => {
      const [{ normalizeHostname }, { parseDnsServer }, { resolveAuthoritativePort }] =
        await Promise.all([
          import('../contract/hostname.js'),
          // Checked here, not by commander: the command definitions load no DNS code at start-up.
          import('../dns/server-address.js'),
          import('../config/dns-server.js'),
        ]);
      const edge = normalizeHostname(flags.edgeDomain, '');
      if (!edge.ok) throw new CliError(`--edge-domain: ${edge.reason}`);
      if (flags.dnsServer !== undefined) {
        try {
          parseDnsServer(flags.dnsServer);
        } catch (error) {
          if (!(error instanceof DnsServerAddressError)) throw error;
          throw new CliError(`--dns-server "${flags.dnsServer}": ${error.message}`, ExitCode.usage);
        }
      }
      // The server is imported only here, so other commands never load Hono or SQLite.
      const [{ startServer }, { platformDataDir }, { lineBatcher }, { displayDb, isPostgresUrl }] =
        await Promise.all([
          import('../server/serve.js'),
          import('../core/data-dir.js'),
          import('../server/line-batcher.js'),
          import('../server/db-url.js'),
        ]);
      // DATABASE_URL, as hosting platforms set it; only a PostgreSQL URL is taken from there.
      const { stdout, stderr, env } = currentIo();
      const fromEnv = env.DATABASE_URL || undefined;
      if (flags.db === undefined && fromEnv !== undefined && !isPostgresUrl(fromEnv)) {
        throw new CliError('DATABASE_URL must be a postgres:// URL (or use --db)', ExitCode.usage);
      }
      const db = flags.db ?? fromEnv ?? join(platformDataDir(), 'domainctl.db');
      if (!(flags.dbTimeout > 0))
        throw new CliError('--db-timeout must be above 0', ExitCode.usage);
      // Where the request log goes: stdout, a file (--log-file), or nowhere (--quiet).
      const logTo = flags.quiet
        ? undefined
        : flags.logFile !== undefined
          ? (await import('./serve-log.js')).openLogFile(flags.logFile)
          : stdout;
      let server: Awaited<ReturnType<typeof startServer>>;
      try {
        server = await startServer({
          host: flags.host,
          port: flags.port,
          db,
          seed: flags.seed,
          jwt: flags.jwksUrl
            ? {
                jwksUrl: flags.jwksUrl,
                issuer: flags.jwtIssuer,
                audience: flags.jwtAudience,
                maxAgeSeconds: flags.jwtMaxAge,
              }
            : undefined,
          label: flags.label,
          edgeDomain: edge.hostname,
          dnsServer: flags.dnsServer,
          // The demo's own DNS, unless a DNS server is named: the demo's domains get verified.
          demoDns: flags.seed === 'demo' && flags.dnsServer === undefined,
          verifyIntervalSeconds:
            command.getOptionValueSource('verifyInterval') === 'default'
              ? undefined
              : flags.verifyInterval,
          verifyAuthoritative: flags.verifyAuthoritative,
          authoritativePort: resolveAuthoritativePort(),
          askLimit: flags.askLimit,
          dbPoolSize: flags.dbPoolSize,
          dbTimeoutSeconds: flags.dbTimeout,
          metrics: flags.metrics,
          metricsPort: flags.metricsPort,
          logFormat: flags.logFormat,
          log: logTo && lineBatcher(logTo),
          warn: (line) => stderr.write(`${line}\n`),
        });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE')
          throw new CliError(`port ${flags.port} on ${flags.host} is already in use`, 1);
        if (code === 'EACCES')
          throw new CliError(`not allowed to listen on ${flags.host}:${flags.port}`, 1);
        if (code === 'EADDRNOTAVAIL')
          throw new CliError(`${flags.host} is not an address of this machine`, 1);
        throw new CliError(`cannot start: ${(error as Error).message}`, 1);
      }
      // The README and scripts name the demo's DNS by the API's port; when another program holds
      // that UDP port, they would ask it instead, so the operator hears of it.
      if (server.demoDnsAddress && !server.demoDnsAddress.endsWith(`:${server.port}`)) {
        stderr.write(
          `warning: UDP port ${server.port} is taken, so the demo's DNS answers at ${server.demoDnsAddress}, not 127.0.0.1:${server.port}\n`,
        );
      }
      const via = server.demoDnsAddress
        ? `the demo's DNS at ${server.demoDnsAddress}, which answers for every domain added`
        : (flags.dnsServer ?? 'the system resolver');
      const verifying =
        server.verifyIntervalSeconds > 0
          ? `, verifying DNS every ${server.verifyIntervalSeconds} s via ${via}`
          : '';
      // The signals are taken before the line is printed: a supervisor that stops the server as
      // soon as it sees the line must find it ready to shut down cleanly.
      const stopped = new Promise<void>((resolve) => {
        let stopping = false;
        const stop = (signal: NodeJS.Signals) => {
          // A second signal, or Ctrl+C: no grace.
          if (stopping || signal === 'SIGINT' || flags.drainGrace === 0) {
            stderr.write(`${signal}: shutting down\n`);
            void server.close().then(resolve);
          } else {
            stderr.write(
              `${signal}: /readyz answers 503; shutting down in ${flags.drainGrace} s\n`,
            );
            void server.drain(flags.drainGrace).then(resolve);
          }
          stopping = true;
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      const metrics = server.metricsUrl ? `, metrics at ${server.metricsUrl}` : '';
      const started = `domainctl serve listening on ${server.url} (db ${displayDb(db)}${flags.seed ? `, seed ${flags.seed}` : ''}${verifying}${metrics})`;
      // In the JSON format every line on stdout is a JSON object, this one too; with the log
      // elsewhere (or none), stdout has only this line, and a script reads it as text.
      if (flags.logFormat === 'json' && logTo === stdout) server.logInfo(started);
      else stdout.write(`${started}\n`);
      await stopped;
    });
}
