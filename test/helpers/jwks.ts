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
 */
export async function startJwksServer(): Promise<JwksServer> {
  const ec = await generateKeyPair('ES256');
  const rsa = await generateKeyPair('RS256');
  const ecJwk = { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' };
  const rsaJwk = { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' };
  const body = JSON.stringify({ keys: [ecJwk, rsaJwk] });
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
