import { Resolver } from 'node:dns/promises';
import { type DnsServerAddress, formatDnsServer, parseDnsServer } from './server-address.js';

/** How long one query may take, in milliseconds, unless the caller says otherwise. */
export const DEFAULT_DNS_TIMEOUT_MS = 5000;

export interface ResolverOptions {
  /** `HOST:PORT` (see `parseDnsServer`) or a parsed address; absent: the system resolvers. */
  server?: string | DnsServerAddress;
  /** The most one query may take, in milliseconds; default `DEFAULT_DNS_TIMEOUT_MS`. */
  timeoutMs?: number;
}

/**
 * A `node:dns/promises` Resolver that asks `server` (or the system resolvers) and gives up on a
 * query after about `timeoutMs`. c-ares backs off between tries (measured with Node 20's c-ares:
 * two tries of `timeout` t end after about 4t), so each try gets a quarter of the budget: one
 * lost UDP packet is retried and the query still ends near `timeoutMs`. `createDnsClient` adds a
 * hard deadline on top, since c-ares's timing is not a contract.
 */
export function createResolver(options: ResolverOptions = {}): Resolver {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS;
  const resolver = new Resolver({ timeout: Math.max(1, Math.floor(timeoutMs / 4)), tries: 2 });
  const server = serverAddress(options.server);
  if (server) resolver.setServers([formatDnsServer(server)]);
  return resolver;
}

function serverAddress(server: ResolverOptions['server']): DnsServerAddress | undefined {
  return typeof server === 'string' ? parseDnsServer(server) : server;
}

/**
 * What one query found. Lookups never reject: an answer with no records of the type is `none`
 * (`nxdomain`: the name does not exist; `nodata`: it exists without such records), and every
 * failure to get an answer is `error` with a sentence for people.
 */
export type DnsAnswer<T> =
  | { kind: 'records'; records: T[] }
  | { kind: 'none'; reason: 'nxdomain' | 'nodata' }
  | { kind: 'error'; code: string; reason: string };

/** A CAA record as node reports it: `critical` plus one property named by its tag. */
export interface CaaAnswer {
  critical: number;
  tag: string;
  value: string;
}

/**
 * Reads a record of `resolveCaa`, where Node names the property after the tag (issue, issuewild,
 * iodef or any other): `{ critical: 0, issue: 'letsencrypt.org' }` on Node 20 and 22. Node 24
 * and later also set `type: 'CAA'` (as `resolveAny` always did), before the tag's property, so a
 * record whose tag is itself `type` overwrites it and `type` is the tag only when it is the one
 * property left. Likewise a tag named `critical` overwrites the flags, which leaves a string there
 * and the flags unknown: such a tag is reported as not critical.
 */
export function caaFromNode(record: Record<string, unknown>): CaaAnswer {
  if (typeof record.critical !== 'number') {
    return { critical: 0, tag: 'critical', value: String(record.critical) };
  }
  const properties = Object.entries(record).filter(([key]) => key !== 'critical');
  const tagged = properties.length > 1 ? properties.filter(([key]) => key !== 'type') : properties;
  const [tag, value] = tagged[0] ?? ['', ''];
  return { critical: record.critical, tag: tag.toLowerCase(), value: String(value) };
}

/** Bounded lookups over one resolver; `close()` cancels whatever is still in flight. */
export interface DnsClient {
  /** `HOST:PORT`, or "the system resolver": for messages. */
  readonly serverLabel: string;
  readonly timeoutMs: number;
  cname(host: string): Promise<DnsAnswer<string>>;
  /** Each TXT record's strings joined into one, as a record longer than 255 bytes is split. */
  txt(host: string): Promise<DnsAnswer<string>>;
  caa(host: string): Promise<DnsAnswer<CaaAnswer>>;
  /** IPv4 and IPv6 addresses together; `none` only when there are neither. */
  addresses(host: string): Promise<DnsAnswer<string>>;
  close(): void;
}

export interface DnsClientOptions extends ResolverOptions {
  /** Aborting cancels the lookups in flight and fails later ones: they answer `error`. */
  signal?: AbortSignal;
}

/**
 * Makes a `DnsClient`; one per check or per verifier pass, then `close()` it. Throws
 * `DnsServerAddressError` when `server` is not an address.
 */
export function createDnsClient(options: DnsClientOptions = {}): DnsClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS;
  const server = serverAddress(options.server);
  const resolver = createResolver({ server, timeoutMs });
  const serverLabel = server ? formatDnsServer(server) : 'the system resolver';
  const { signal } = options;
  const cancel = () => resolver.cancel();
  signal?.addEventListener('abort', cancel, { once: true });

  const bounded = async <T>(query: () => Promise<T[]>): Promise<DnsAnswer<T>> => {
    // resolver.cancel() reaches only queries already sent, so later ones check the signal here.
    if (signal?.aborted) return failure({ code: 'ECANCELLED' }, serverLabel, timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<DnsAnswer<T>>((resolve) => {
      timer = setTimeout(
        () => resolve(failure({ code: 'ETIMEOUT' }, serverLabel, timeoutMs)),
        timeoutMs,
      );
    });
    const answer = query().then(
      (records): DnsAnswer<T> =>
        records.length > 0
          ? { kind: 'records', records }
          : // A CNAME whose target the server cannot resolve answers with no records of the
            // asked type: that is no data, not an error.
            { kind: 'none', reason: 'nodata' },
      (error: NodeJS.ErrnoException) => failure(error, serverLabel, timeoutMs),
    );
    try {
      return await Promise.race([answer, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    serverLabel,
    timeoutMs,
    cname: (host) => bounded(() => resolver.resolveCname(host)),
    txt: (host) =>
      bounded(async () => (await resolver.resolveTxt(host)).map((chunks) => chunks.join(''))),
    caa: (host) =>
      bounded(async () =>
        (await resolver.resolveCaa(host)).map((record) => caaFromNode({ ...record })),
      ),
    addresses: async (host) => {
      const [v4, v6] = await Promise.all([
        bounded(() => resolver.resolve4(host)),
        bounded(() => resolver.resolve6(host)),
      ]);
      const records = [v4, v6].flatMap((a) => (a.kind === 'records' ? a.records : []));
      if (records.length > 0) return { kind: 'records', records };
      return v4.kind === 'error' ? v4 : v6.kind === 'error' ? v6 : v4;
    },
    close: () => {
      signal?.removeEventListener('abort', cancel);
      resolver.cancel();
    },
  };
}

type NoRecords = Exclude<DnsAnswer<never>, { kind: 'records' }>;

function failure(
  error: { code?: string; message?: string },
  serverLabel: string,
  timeoutMs: number,
): NoRecords {
  const code = error.code ?? 'EUNKNOWN';
  if (code === 'ENOTFOUND') return { kind: 'none', reason: 'nxdomain' };
  if (code === 'ENODATA') return { kind: 'none', reason: 'nodata' };
  return {
    kind: 'error',
    code,
    reason: dnsErrorReason(code, serverLabel, timeoutMs, error.message),
  };
}

/** A sentence for people about a query to `serverLabel` that got no answer. */
export function dnsErrorReason(
  code: string,
  serverLabel: string,
  timeoutMs: number,
  message?: string,
): string {
  switch (code) {
    case 'ETIMEOUT':
      return `no answer from ${serverLabel} within ${seconds(timeoutMs)}`;
    case 'ECONNREFUSED':
      return `connection refused by ${serverLabel} (is a DNS server listening there?)`;
    case 'EREFUSED':
      return `${serverLabel} refused the query`;
    case 'ESERVFAIL':
      return `${serverLabel} answered SERVFAIL (server failure)`;
    case 'ECANCELLED':
      return 'the query was cancelled';
    default:
      return `${code} from ${serverLabel}: ${message ?? 'lookup failed'}`;
  }
}

const seconds = (ms: number) =>
  ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
