// @module-tag caddy
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { probeHttps } from '../../src/dns/index.js';
import type { DomainRow } from '../../src/server/store.js';
import { startCaddy, type TestCaddy } from '../helpers/caddy.js';
import { seededServerForFile } from '../helpers/fixtures.js';

// Caddy (Debian's) runs examples/Caddyfile as committed: on-demand TLS that asks the reference
// server's /v1/tls/ask before obtaining a certificate for a name a client sends as SNI.
const server = seededServerForFile();
let upstream: Server;
let caddy: TestCaddy;
let verified: DomainRow;
let pending: DomainRow;
beforeAll(async () => {
  const rows = await server.store.listDomains('prj_demo_scale', 100);
  verified = rows.find((r) => r.verified) as DomainRow;
  pending = rows.find((r) => !r.verified) as DomainRow;
  upstream = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`hello ${req.headers.host}`);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  caddy = await startCaddy(`${server.url}/v1/tls/ask`, `127.0.0.1:${port}`);
}, 30_000);
afterAll(async () => {
  await caddy?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

const probe = (host: string) =>
  probeHttps(host, {
    connectTo: { host: '127.0.0.1', port: caddy.httpsPort },
    timeoutMs: 10_000,
    ca: [caddy.rootCertificate()],
  });

it('obtains a certificate for a verified domain, after asking the server', async () => {
  const result = await probe(verified.domain);
  expect(result).toMatchObject({
    kind: 'valid',
    issuer: 'Caddy Local Authority - ECC Intermediate',
    status: 'HTTP/1.1 200 OK',
  });
  expect(server.requests).toEqual(['GET /v1/tls/ask 200']);
});

it('refuses one for a pending domain: the handshake fails, no certificate is obtained', async () => {
  const result = await probe(pending.domain);
  expect(result.kind).toBe('unreachable');
  // The TLS alert as a person reads it, not OpenSSL's error string with its source path.
  expect(result.kind === 'unreachable' && result.reason).toBe(
    `${pending.domain} (127.0.0.1:${caddy.httpsPort}) refused the TLS handshake (TLS alert 80: internal error): the edge has no certificate for it yet`,
  );
  expect(server.requests).toEqual(['GET /v1/tls/ask 200', 'GET /v1/tls/ask 404']);
  expect(caddy.output()).not.toContain(
    `"certificate obtained successfully","identifier":"${pending.domain}"`,
  );
});
