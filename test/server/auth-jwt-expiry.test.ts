import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectPage } from '../../src/contract/schemas.js';
import { api, expectUnauthorized } from '../helpers/api.js';
import { runCli } from '../helpers/cli.js';
import { JWT_AUDIENCE, JWT_ISSUER, type JwksServer, startJwksServer } from '../helpers/jwks.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// A JWT without exp is good for ever once it leaks: by default the server refuses it.
// --jwt-max-age lets an operator whose identity provider issues no exp bound tokens by their
// iat instead.

let idp: JwksServer;
let strict: TestServer;
let byAge: TestServer;
beforeAll(async () => {
  idp = await startJwksServer();
  const jwt = { jwksUrl: idp.jwksUrl, issuer: JWT_ISSUER, audience: JWT_AUDIENCE };
  strict = await startTestServer({ jwt });
  byAge = await startTestServer({ jwt: { ...jwt, maxAgeSeconds: 300 } });
});
afterAll(async () => {
  await strict.close();
  await byAge.close();
  await idp.close();
});

const now = () => Math.floor(Date.now() / 1000);
const projects = (server: TestServer, token: string) =>
  api(server, 'GET', '/v1/projects', { key: token });

/** Accepted as demo-tester: the three projects of org_demo. */
async function expectAccepted(server: TestServer, token: string) {
  const res = await projects(server, token);
  expect(res.status, res.text).toBe(200);
  expect(
    ProjectPage.parse(res.json)
      .projects.map((p) => p.id)
      .sort(),
  ).toEqual(['prj_demo_enterprise', 'prj_demo_free', 'prj_demo_scale']);
}

describe('by default every JWT needs exp', () => {
  it('a token without exp is 401 and says why', async () => {
    const token = await idp.sign('demo-tester', { claims: { exp: undefined } });
    expect(expectUnauthorized(await projects(strict, token))).toBe(
      'the token has no expiry (exp claim); this API accepts only tokens that expire',
    );
  });

  it('the same token with exp is accepted', async () => {
    await expectAccepted(strict, await idp.sign('demo-tester'));
  });
});

describe('with --jwt-max-age, tokens are judged by their iat', () => {
  it('a token without exp, issued within the maximum age, is accepted', async () => {
    const token = await idp.sign('demo-tester', { claims: { exp: undefined, iat: now() - 60 } });
    await expectAccepted(byAge, token);
  });

  it('a token without exp issued longer ago is 401', async () => {
    const token = await idp.sign('demo-tester', { claims: { exp: undefined, iat: now() - 600 } });
    expect(expectUnauthorized(await projects(byAge, token))).toBe(
      'the token was issued longer ago than this API accepts (iat claim)',
    );
  });

  it('a token with neither exp nor iat is 401', async () => {
    const token = await idp.sign('demo-tester', { claims: { exp: undefined, iat: undefined } });
    expect(expectUnauthorized(await projects(byAge, token))).toBe(
      'the token has no issue time (iat claim), which this API needs to judge its age',
    );
  });

  it('an exp that is there is still checked', async () => {
    const token = await idp.sign('demo-tester', { claims: { exp: now() - 120, iat: now() - 60 } });
    expect(expectUnauthorized(await projects(byAge, token))).toBe('the token has expired');
  });
});

describe('serve --jwt-max-age', () => {
  // These end before any server starts, so they run in this process (runCli).
  it('is in serve --help', async () => {
    const result = await runCli(['serve', '--help']);
    expect({ stderr: result.stderr, code: result.code }).toEqual({ stderr: '', code: 0 });
    expect(result.stdout).toMatch(/--jwt-max-age <seconds> +accept JWTs without an exp/);
  });

  it.each([['0'], ['-5'], ['soon']])('refuses %j: exit 2, nothing on stdout', async (value) => {
    expect(
      await runCli(['serve', '--jwt-max-age', value, '--db', ':memory:', '--port', '0']),
    ).toEqual({
      stdout: '',
      stderr: `domainctl: option '--jwt-max-age <seconds>' argument '${value}' is invalid. expected a number of seconds above 0\n(run with --help for usage)\n`,
      code: 2,
    });
  });
});
