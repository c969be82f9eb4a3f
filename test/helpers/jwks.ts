import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export const JWT_ISSUER = 'https://id.domainctl.test/';
export const JWT_AUDIENCE = 'domainctl-api';

export interface SignOptions {
  /** Claims to add or override; `undefined` drops a default claim (iss, aud, sub, exp). */
  claims?: Partial<Record<keyof JWTPayload, unknown>>;
  /** Sign with another key (one the JWKS does not hold). */
  key?: { privateKey: CryptoKey; kid: string; alg: string };
}

export interface JwksServer {
  /** Where the JWKS is served: http://127.0.0.1:<port>/jwks.json */
  jwksUrl: string;
  /** How many times the JWKS was fetched. */
  fetches(): number;
  /** A token for `subject` signed with the served ES256 key, valid for five minutes. */
  sign(subject: string, options?: SignOptions): Promise<string>;
  /** The served RS256 key, to show another allowed algorithm works. */
  rsa: { privateKey: CryptoKey; kid: string; alg: string };
  /** A public key of the JWKS, for forging tokens with it as an HMAC secret. */
  publicJwk: Record<string, unknown>;
  close(): Promise<void>;
}

/**
 * A real identity provider's JWKS endpoint on loopback: a node:http server holding the public
 * halves of two fresh key pairs (ES256, RS256). Tests sign tokens with the private halves.
 * `padTo` makes the document that many bytes long.
 */
export async function startJwksServer(options: { padTo?: number } = {}): Promise<JwksServer> {
  const ec = await generateKeyPair('ES256');
  const rsa = await generateKeyPair('RS256');
  const ecJwk = { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' };
  const rsaJwk = { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' };
  let body = JSON.stringify({ keys: [ecJwk, rsaJwk] });
  // A member a JWKS may carry and a reader ignores, to make the document `padTo` bytes long.
  if (options.padTo !== undefined) {
    const bare = JSON.stringify({ keys: [ecJwk, rsaJwk], padding: '' });
    body = JSON.stringify({
      keys: [ecJwk, rsaJwk],
      padding: 'x'.repeat(options.padTo - bare.length),
    });
  }
  let fetches = 0;

  const server = createServer((req, res) => {
    if (req.url !== '/jwks.json') {
      res.writeHead(404).end();
      return;
    }
    fetches++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const ecKey = { privateKey: ec.privateKey, kid: 'ec-1', alg: 'ES256' };
  async function sign(subject: string, options: SignOptions = {}): Promise<string> {
    const key = options.key ?? ecKey;
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      iss: JWT_ISSUER,
      aud: JWT_AUDIENCE,
      sub: subject,
      iat: now,
      exp: now + 300,
      ...options.claims,
    };
    for (const name of Object.keys(claims)) if (claims[name] === undefined) delete claims[name];
    return new SignJWT(claims as JWTPayload)
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .sign(key.privateKey);
  }

  return {
    jwksUrl: `http://127.0.0.1:${port}/jwks.json`,
    fetches: () => fetches,
    sign,
    rsa: { privateKey: rsa.privateKey, kid: 'rsa-1', alg: 'RS256' },
    publicJwk: ecJwk,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** base64url of a JSON value: for crafting tokens by hand. */
export const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface JunkJwksServer {
  jwksUrl: string;
  /** Bytes handed to each connection that asked for the JWKS, in order. */
  sent(): number[];
  close(): Promise<void>;
}

/**
 * A JWKS endpoint on loopback that answers `bytes` bytes, streamed (never held in memory) as
 * fast as the reader takes them, with a Content-Length only when `declareLength` is set. What
 * it managed to send to each reader tells how much that reader took before it stopped.
 */
export async function startJunkJwksServer(
  bytes: number,
  options: { declareLength?: boolean } = {},
): Promise<JunkJwksServer> {
  const sent: number[] = [];
  const chunk = Buffer.alloc(64 * 1024, 'A');
  const server = createServer((req, res) => {
    const index = sent.push(0) - 1;
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(options.declareLength ? { 'content-length': bytes } : {}),
    });
    res.write('{"keys":[{"kty":"EC","x":"');
    let open = true;
    res.once('close', () => {
      open = false;
    });
    const pump = () => {
      while (open && (sent[index] as number) < bytes) {
        sent[index] = (sent[index] as number) + chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (open) res.end('"}]}');
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUrl: `http://127.0.0.1:${port}/jwks.json`,
    sent: () => [...sent],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
