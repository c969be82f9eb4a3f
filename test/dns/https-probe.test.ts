// @module-tag openssl
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeHttps } from '../../src/dns/index.js';
import { deadPort } from '../helpers/dns-server.js';
import { selfSignedCert, type TestCert } from '../helpers/tls.js';

let dir: string;
let cert: TestCert;
let server: Server;
let port: number;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'domainctl-probe-'));
  cert = selfSignedCert(dir, 'shop', 'DNS:shop.example.test');
  server = createServer({ cert: cert.cert, key: cert.key }, (_req, res) => {
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const probe = (host: string, ca?: string[]) =>
  probeHttps(host, { connectTo: { host: '127.0.0.1', port }, timeoutMs: 3000, ca });

describe('probeHttps against a local HTTPS server', () => {
  it('reports a trusted certificate for the host, its issuer, expiry and the answer', async () => {
    const result = await probe('shop.example.test', [cert.cert]);
    expect(result).toMatchObject({
      kind: 'valid',
      issuer: 'domainctl test shop',
      status: 'HTTP/1.1 204 No Content',
    });
    expect(result.kind === 'valid' && Date.parse(result.validTo) > Date.now()).toBe(true);
  });

  it('says a certificate this machine does not trust is not valid', async () => {
    const result = await probe('shop.example.test');
    expect(result).toMatchObject({ kind: 'invalid' });
    expect(result.kind === 'invalid' && result.reason).toBe(
      'the certificate is not trusted here (DEPTH_ZERO_SELF_SIGNED_CERT; issuer domainctl test shop)',
    );
  });

  it('says a certificate for another name is not for the host', async () => {
    const result = await probe('other.example.test', [cert.cert]);
    expect(result.kind === 'invalid' && result.reason).toBe(
      'the certificate is not for other.example.test (it names DNS:shop.example.test): the edge has no certificate of its own for this domain yet',
    );
  });

  it('says nothing answers where nothing listens', async () => {
    const [host, dead] = (await deadPort()).split(':') as [string, string];
    const result = await probeHttps('shop.example.test', {
      connectTo: { host, port: Number(dead) },
      timeoutMs: 3000,
    });
    expect(result).toEqual({
      kind: 'unreachable',
      reason: `nothing accepts HTTPS connections at shop.example.test (127.0.0.1:${dead}: connection refused)`,
    });
  });
});
