import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Domain,
  DomainPage,
  Project,
  ProjectPage,
  RegionList,
} from '../../src/contract/schemas.js';
import { api, expectError, expectUnauthorized } from '../helpers/api.js';
import {
  b64url,
  JWT_AUDIENCE,
  JWT_ISSUER,
  type JwksServer,
  startJwksServer,
} from '../helpers/jwks.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';

let idp: JwksServer;
let server: TestServer;
beforeAll(async () => {
  idp = await startJwksServer();
  server = await startTestServer({
    jwt: { jwksUrl: idp.jwksUrl, issuer: JWT_ISSUER, audience: JWT_AUDIENCE },
  });
});
afterAll(async () => {
  await server.close();
  await idp.close();
});

const domains = (token: string) =>
  api(server, 'GET', '/v1/projects/prj_demo_scale/domains?page_size=100', { key: token });
const now = () => Math.floor(Date.now() / 1000);

/** The token was taken as demo-tester's: the 45 seeded domains of prj_demo_scale come back. */
async function expectListedAsTester(token: string) {
  const res = await domains(token);
  expect(res.status, res.text).toBe(200);
  expect(DomainPage.parse(res.json).domains).toHaveLength(45);
}

describe('JWTs signed by a key of the JWKS', () => {
  it('a valid token for demo-tester lists the domains', async () => {
    await expectListedAsTester(await idp.sign('demo-tester'));
    expect(idp.fetches()).toBeGreaterThanOrEqual(1);
  });

  it('another allowed algorithm (RS256) works as well', async () => {
    await expectListedAsTester(await idp.sign('demo-tester', { key: idp.rsa }));
  });

  it('a token expired, or not yet valid, within the 30 s clock tolerance is accepted', async () => {
    const expired = await idp.sign('demo-tester', {
      claims: { exp: now() - 10, iat: now() - 310 },
    });
    await expectListedAsTester(expired);
    await expectListedAsTester(await idp.sign('demo-tester', { claims: { nbf: now() + 10 } }));
  });

  it('acts as the user the sub claim names: the same result as the API key', async () => {
    const viaKey = await api(server, 'GET', '/v1/projects', { key: TESTER_KEY });
    const viaJwt = await api(server, 'GET', '/v1/projects', { key: await idp.sign('demo-tester') });
    expect(viaJwt.json).toEqual(viaKey.json);
  });
});

describe('JWTs that are refused with 401 and WWW-Authenticate: Bearer', () => {
  it('expired beyond the 30 s tolerance', async () => {
    const token = await idp.sign('demo-tester', { claims: { exp: now() - 60, iat: now() - 360 } });
    expect(expectUnauthorized(await domains(token))).toBe('the token has expired');
  });

  it('not valid yet (nbf beyond the tolerance)', async () => {
    const token = await idp.sign('demo-tester', { claims: { nbf: now() + 120 } });
    expect(expectUnauthorized(await domains(token))).toBe('the token is not valid yet');
  });

  it('signed by a key the JWKS does not hold, with its kid or with another', async () => {
    const stranger = await generateKeyPair('ES256');
    for (const kid of ['ec-1', 'unknown-kid']) {
      const token = await idp.sign('demo-tester', {
        key: { privateKey: stranger.privateKey, kid, alg: 'ES256' },
      });
      expect(expectUnauthorized(await domains(token)), kid).toBe(
        'the token signature does not match any key this API trusts',
      );
    }
  });

  it('alg "none": an unsigned token crafted by hand', async () => {
    const header = b64url({ alg: 'none', typ: 'JWT' });
    const payload = b64url({
      iss: JWT_ISSUER,
      aud: JWT_AUDIENCE,
      sub: 'demo-tester',
      iat: now(),
      exp: now() + 300,
    });
    expect(expectUnauthorized(await domains(`${header}.${payload}.`))).toBe(
      'the token is signed with an algorithm this API does not accept',
    );
  });

  it('HS256, signed with the public key as the secret (the algorithm-confusion attack)', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(idp.publicJwk));
    const token = await new SignJWT({ sub: 'demo-tester' })
      .setProtectedHeader({ alg: 'HS256', kid: 'ec-1' })
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(secret);
    expect(expectUnauthorized(await domains(token))).toBe(
      'the token is signed with an algorithm this API does not accept',
    );
  });

  it('issued by another issuer, or for another audience, or with neither', async () => {
    const cases = [
      { iss: 'https://evil.example/' },
      { aud: 'another-api' },
      { iss: undefined },
      { aud: undefined },
    ];
    const messages = [];
    for (const claims of cases) {
      const token = await idp.sign('demo-tester', { claims });
      messages.push(expectUnauthorized(await domains(token)));
    }
    expect(messages).toEqual(Array(4).fill('the token was not issued for this API'));
  });

  it('without a subject, or with a tampered payload', async () => {
    const noSub = await idp.sign('demo-tester', { claims: { sub: undefined } });
    expect(expectUnauthorized(await domains(noSub))).toBe('the token has no subject (sub claim)');

    const [header, , signature] = (await idp.sign('demo-outsider')).split('.');
    const forged = `${header}.${b64url({ iss: JWT_ISSUER, aud: JWT_AUDIENCE, sub: 'demo-tester', exp: now() + 300 })}.${signature}`;
    expect(expectUnauthorized(await domains(forged))).toBe(
      'the token signature does not match any key this API trusts',
    );
  });

  it('that are not JWTs at all', async () => {
    const messages = [];
    for (const token of ['abc', 'a.b.c', 'eyJhbGciOiJFUzI1NiJ9.e30']) {
      messages.push(expectUnauthorized(await domains(token)));
    }
    expect(messages).toEqual([
      'the token is neither an API key of this server (they start with dk_) nor a JWT',
      'the token is malformed',
      'the token is neither an API key of this server (they start with dk_) nor a JWT',
    ]);
  });

  it('never echoes the token in the answer', async () => {
    const token = await idp.sign('demo-tester', { claims: { exp: now() - 60 } });
    const res = await domains(token);
    expect(res.text).not.toContain(token);
    expect(res.text).not.toContain(token.split('.')[1] as string);
  });
});

describe('what a valid JWT may see', () => {
  it('demo-outsider gets 403 on domains (list and add), but sees the projects', async () => {
    const token = await idp.sign('demo-outsider');
    expectError(await domains(token), 403, 'feature_not_enabled');
    const add = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: token,
      body: { domain: 'jwt-outsider.example.com' },
    });
    expectError(add, 403, 'feature_not_enabled');
    const projects = await api(server, 'GET', '/v1/projects', { key: token });
    expect(ProjectPage.parse(projects.json).projects).toHaveLength(3);
  });

  it('demo-tester may add a domain with a JWT', async () => {
    const res = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: await idp.sign('demo-tester'),
      body: { domain: 'jwt-tester.example.com' },
    });
    expect(res.status, res.text).toBe(201);
    expect(Domain.parse(res.json)).toMatchObject({
      domain: 'jwt-tester.example.com',
      project_id: 'prj_demo_scale',
      verified: false,
    });
  });

  it('an unknown subject is a user who can see nothing: 404s and an empty list', async () => {
    const token = await idp.sign('someone-new');
    expectError(await domains(token), 404, 'not_found');
    expectError(
      await api(server, 'GET', '/v1/projects/prj_demo_scale', { key: token }),
      404,
      'not_found',
    );
    const list = await api(server, 'GET', '/v1/projects', { key: token });
    expect(list.status).toBe(200);
    expect(ProjectPage.parse(list.json)).toEqual({ projects: [], next_page_token: '' });
    const inOrg = await api(server, 'GET', '/v1/projects?organization_id=org_demo', { key: token });
    expectError(inOrg, 404, 'not_found');
    const create = await api(server, 'POST', '/v1/projects', {
      key: token,
      body: { name: 'Mine', organization_id: 'org_demo' },
    });
    expectError(create, 404, 'not_found');
  });

  it('a subject no store can hold (a NUL, half of a surrogate pair) is an unknown user on every store', async () => {
    for (const subject of ['demo-tester\u0000', 'demo-tester\ud800']) {
      const token = await idp.sign(subject);
      const warned = server.warnings.length;
      const list = await api(server, 'GET', '/v1/projects', { key: token });
      expect(list.status, JSON.stringify(subject)).toBe(200);
      expect(ProjectPage.parse(list.json)).toEqual({ projects: [], next_page_token: '' });
      expectError(await domains(token), 404, 'not_found');
      expect(server.warnings.slice(warned)).toEqual([]);
    }
  });

  it('a public route needs no token, and ignores a bad one', async () => {
    const withBadToken = await api(server, 'GET', '/v1/regions', { key: 'not.a.jwt' });
    expect(withBadToken.status).toBe(200);
    expect(withBadToken.json).toEqual((await api(server, 'GET', '/v1/regions')).json);
    expect(RegionList.parse(withBadToken.json).regions.length).toBeGreaterThan(0);
  });
});

describe('a server whose JWKS cannot be fetched', () => {
  it('answers 401 and tells the operator, not the caller, why', async () => {
    const down = await startJwksServer();
    const jwksUrl = down.jwksUrl;
    const token = await down.sign('demo-tester');
    await down.close();
    const lonely = await startTestServer({ jwt: { jwksUrl } });
    try {
      const res = await api(lonely, 'GET', '/v1/projects', { key: token });
      expect(expectUnauthorized(res)).toBe('the token could not be verified');
      expect(res.text).not.toContain('127.0.0.1');
      expect(lonely.warnings.some((w) => w.startsWith('jwt: could not verify a token'))).toBe(true);
      // The API keys still work.
      const viaKey = await api(lonely, 'GET', '/v1/projects', { key: TESTER_KEY });
      expect(viaKey.status).toBe(200);
      expect(ProjectPage.parse(viaKey.json).projects).toHaveLength(3);
    } finally {
      await lonely.close();
    }
  });

  it('without --jwks-url every JWT is a 401 that says to use an API key', async () => {
    const plain = await startTestServer();
    try {
      const token = await idp.sign('demo-tester');
      const res = await api(plain, 'GET', '/v1/projects', { key: token });
      expect(expectUnauthorized(res)).toBe('this server does not accept JWTs; use an API key');
    } finally {
      await plain.close();
    }
  });
});

describe('a token that is neither an API key nor shaped as a JWT', () => {
  const NEITHER = 'the token is neither an API key of this server (they start with dk_) nor a JWT';
  // A word, a key without its dk_, a JWT cut short or with a part too many, base64 (not base64url).
  const tokens = ['wrong', 'demo_tester', 'eyJhbGciOi.e30', 'a.b.c.d', 'eyJh+bGci.e30/x.c2ln'];

  it('is told so on a server that accepts JWTs', async () => {
    for (const token of tokens) {
      expect(expectUnauthorized(await domains(token)), token).toBe(NEITHER);
    }
  });

  it('is told so on a server without --jwks-url, not that JWTs are refused', async () => {
    const plain = await startTestServer();
    try {
      for (const token of tokens) {
        const res = await api(plain, 'GET', '/v1/projects', { key: token });
        expect(expectUnauthorized(res), token).toBe(NEITHER);
      }
      // Shaped as a JWT, even one that is not: the JWT message.
      const res = await api(plain, 'GET', '/v1/projects', { key: 'not.a.jwt' });
      expect(expectUnauthorized(res)).toBe('this server does not accept JWTs; use an API key');
    } finally {
      await plain.close();
    }
  });
});

describe('project reads with a JWT', () => {
  it('GET /v1/projects/{project_id} answers the project', async () => {
    const res = await api(server, 'GET', '/v1/projects/prj_demo_enterprise', {
      key: await idp.sign('demo-tester'),
    });
    expect(Project.parse(res.json).plan).toBe('enterprise');
  });
});
