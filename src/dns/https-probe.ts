import {
  checkServerIdentity,
  connect,
  type PeerCertificate,
  rootCertificates,
  type TLSSocket,
} from 'node:tls';
import type { ServingProbe } from '../core/stages.js';
import { isIP } from 'node:net';
import { createDnsClient } from './resolver.js';
import type { DnsServerAddress } from './server-address.js';

/**
 * The last stage of a domain, "serving": what is live at the domain's name, like its records.
 * An HTTPS request to the host, with its name as SNI, must answer with a certificate that this
 * machine trusts (Node's CAs and NODE_EXTRA_CA_CERTS), that names the host and that has not
 * expired.
 */

export interface ProbeOptions {
  /** Connect here instead of the host's own addresses (curl's --connect-to): an edge, a test. */
  connectTo?: DnsServerAddress;
  /** Port when `connectTo` is absent; default 443. */
  port?: number;
  /** The DNS server that resolves the host (the checks' own); absent: the system's lookup. */
  resolver?: DnsServerAddress;
  timeoutMs: number;
  /** Certificates (PEM) to trust besides Node's own and NODE_EXTRA_CA_CERTS's. */
  ca?: string[];
  signal?: AbortSignal;
}

/** Never rejects: a failure is `unreachable` (no TLS answer) or `invalid` (a bad certificate). */
export async function probeHttps(host: string, options: ProbeOptions): Promise<ServingProbe> {
  let connectTo = options.connectTo;
  if (!connectTo && options.resolver) {
    // The host as the DNS checks see it, not as this machine's own lookup might.
    const client = createDnsClient({
      server: options.resolver,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
    const answer = await client.addresses(host);
    client.close();
    if (answer.kind === 'none')
      return { kind: 'unreachable', reason: `${host} has no address in DNS yet` };
    if (answer.kind === 'error') {
      return {
        kind: 'unreachable',
        reason: `the address of ${host} could not be looked up (${answer.reason})`,
      };
    }
    const address = answer.records.find((a) => isIP(a) === 4) ?? (answer.records[0] as string);
    connectTo = { host: address, port: options.port ?? 443 };
  }
  return handshake(host, { ...options, connectTo });
}

function handshake(host: string, options: ProbeOptions): Promise<ServingProbe> {
  return new Promise((resolve) => {
    const target = options.connectTo ?? { host, port: options.port ?? 443 };
    const where = `${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}`;
    if (options.signal?.aborted) {
      resolve({ kind: 'unreachable', reason: 'the check was cancelled' });
      return;
    }
    let settled = false;
    const finish = (probe: ServingProbe) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      socket.destroy();
      resolve(probe);
    };
    const abort = () => finish({ kind: 'unreachable', reason: 'the check was cancelled' });
    const timer = setTimeout(
      () =>
        finish({
          kind: 'unreachable',
          reason: `no HTTPS answer from ${host} (${where}) within ${options.timeoutMs / 1000} s`,
        }),
      options.timeoutMs,
    );
    // The certificate is judged here, not by the handshake: a bad one is a finding to show.
    const socket = connect({
      host: target.host,
      port: target.port,
      servername: host,
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
      ...(options.ca ? { ca: [...rootCertificates, ...options.ca] } : {}),
    });
    options.signal?.addEventListener('abort', abort, { once: true });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish({ kind: 'unreachable', reason: connectionProblem(error, host, where) }),
    );
    socket.once('secureConnect', () => {
      const tls = socket;
      const cert = tls.getPeerCertificate();
      const issuer = issuerName(cert);
      const validTo = cert.valid_to ? new Date(cert.valid_to).toISOString() : undefined;
      const problem = certificateProblem(tls, cert, host);
      if (problem) {
        finish({ kind: 'invalid', reason: problem, issuer, ...(validTo ? { validTo } : {}) });
        return;
      }
      // The certificate is right; the status line says what answers behind it.
      let head = '';
      tls.setEncoding('latin1');
      tls.on('data', (chunk: string) => {
        head += chunk;
        const end = head.indexOf('\r\n');
        if (end !== -1 || head.length > 1024) {
          const line = (end === -1 ? head : head.slice(0, end)).replace(/[^\x20-\x7e]/g, '?');
          finish({ kind: 'valid', issuer, validTo: validTo as string, status: line.slice(0, 80) });
        }
      });
      tls.once('end', () => finish({ kind: 'valid', issuer, validTo: validTo as string }));
      tls.write(
        `HEAD / HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: domainctl\r\nConnection: close\r\n\r\n`,
      );
    });
  });
}

function issuerName(cert: PeerCertificate): string {
  const issuer = cert.issuer ?? {};
  const pick = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  return pick(issuer.O) ?? pick(issuer.CN) ?? 'an unnamed issuer';
}

function certificateProblem(
  tls: TLSSocket,
  cert: PeerCertificate,
  host: string,
): string | undefined {
  if (!cert.raw) return `${host} answered without a certificate`;
  const mismatch = checkServerIdentity(host, cert);
  if (mismatch) {
    const names = cert.subjectaltname ?? `CN=${cert.subject?.CN ?? '?'}`;
    return `the certificate is not for ${host} (it names ${names}): the edge has no certificate of its own for this domain yet`;
  }
  if (!tls.authorized) {
    const code = String(tls.authorizationError ?? 'not trusted');
    if (code === 'CERT_HAS_EXPIRED') return `the certificate expired at ${cert.valid_to}`;
    return `the certificate is not trusted here (${code}; issuer ${issuerName(cert)})`;
  }
  return undefined;
}

function connectionProblem(error: NodeJS.ErrnoException, host: string, where: string): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `nothing accepts HTTPS connections at ${host} (${where}: connection refused)`;
    case 'ENOTFOUND':
      return `${host} has no address in DNS yet`;
    case 'ECONNRESET':
      return `${host} (${where}) closed the connection during the TLS handshake`;
    default:
      if (/alert/i.test(error.message)) {
        return `${host} (${where}) refused the TLS handshake (${tlsAlert(error.message)}): the edge has no certificate for it yet`;
      }
      return `no HTTPS answer from ${host} (${where}): ${error.code ?? error.message}`;
  }
}

/**
 * The alert in OpenSSL's error string ("error:0A000438:SSL routines:ssl3_read_bytes:tlsv1 alert
 * internal error:../deps/openssl/…/rec_layer_s3.c:1601:SSL alert number 80") as a person reads
 * it: "TLS alert 80: internal error", without the library's codes and source path.
 */
function tlsAlert(message: string): string {
  const description = /(?:sslv3|tlsv1\d?) alert ([a-z ]+)/i.exec(message)?.[1]?.trim();
  const number = /alert number (\d+)/i.exec(message)?.[1];
  if (!description && !number) return 'a TLS alert';
  return `TLS alert${number ? ` ${number}` : ''}${description ? `: ${description}` : ''}`;
}
