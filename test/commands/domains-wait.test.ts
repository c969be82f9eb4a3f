import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain, DomainPage } from '../../src/contract/schemas.js';
import { type CliResult, removeTempDirs, runCli } from '../helpers/cli.js';
import { deadPort, startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';

const PROJECT = 'prj_demo_scale';
const DAY_MS = 24 * 60 * 60 * 1000;
const VERIFIED = 'first.wait.test';
const PENDING = 'second.wait.test';

let server: TestServer;
/** What the server's verifier asks: the first test restarts it to serve a record. */
let dns: TestDnsServer;
/** What the waits ask (but the first): the same wrong TXT record, never restarted. */
let fixed: TestDnsServer;

async function addDomain(s: TestServer, name: string): Promise<Domain> {
  const res = await fetch(`${s.url}/v1/projects/${PROJECT}/domains`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ domain: name }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Domain;
}

/** Every domain of the project, as the server has them now. */
async function serverPage(s: TestServer = server): Promise<Domain[]> {
  const res = await fetch(`${s.url}/v1/projects/${PROJECT}/domains?page_size=100`, {
    headers: { authorization: `Bearer ${TESTER_KEY}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as DomainPage).domains;
}

async function serverDomain(s: TestServer, name: string): Promise<Domain> {
  const found = (await serverPage(s)).find((d) => d.domain === name);
  if (!found) throw new Error(`the server has no domain ${name}`);
  return found;
}

/** Another token than the domain's: the verifier must never accept it. */
const WRONG_TXT = 'domainctl-verify=notthetokenofthisdomain';
const wrongTxt = { [`_domainctl-verify.${PENDING}`]: WRONG_TXT };

// A server whose verifier asks dnsmasq every second. dnsmasq serves a wrong TXT record for one
// domain from the start; the right one for the other is served only once a wait has begun. The
// waits but that one ask a second dnsmasq, serving the wrong record alone, which no restart takes
// down under them.
beforeAll(async () => {
  [dns, fixed] = await Promise.all([
    startDnsServer({ txt: wrongTxt }),
    startDnsServer({ txt: wrongTxt }),
  ]);
  server = await startTestServer({ dnsServer: dns.address, verifyIntervalSeconds: 1 });
  await addDomain(server, VERIFIED);
  await addDomain(server, PENDING);
});
afterAll(async () => {
  await server?.close();
  await dns?.stop();
  await fixed?.stop();
  removeTempDirs();
});

function wait(
  args: string[],
  options: { env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<CliResult> {
  return runCli(['domains', 'wait', ...args], {
    env: {
      DOMAINCTL_BASE_URL: server.url,
      DOMAINCTL_TOKEN: TESTER_KEY,
      DOMAINCTL_PROJECT: PROJECT,
      // The DNS stage asks dnsmasq, never a resolver off this machine.
      DOMAINCTL_DNS_SERVER: fixed.address,
      ...options.env,
    },
    timeoutMs: options.timeoutMs ?? 30_000,
  });
}

const daysLeft = (iso: string) => Math.floor((Date.parse(iso) - Date.now()) / DAY_MS);

// The waits spend their seconds on timers, so they all run together (each with its own
// `expect`), but for the last, which counts the requests the server was sent.
describe.concurrent('domains wait, with the server verifying through a real DNS server', () => {
  it('exits 0 once the verifier has verified the domain, with its verified time and TLS expiry', async ({
    expect,
  }) => {
    const before = await serverDomain(server, VERIFIED);
    expect(before.verified).toBe(false);
    const started = Date.now();
    const run = wait([VERIFIED, '--interval', '0.5', '--timeout', '20'], {
      env: { DOMAINCTL_DNS_SERVER: dns.address },
    });
    // The record goes live while the command waits (dnsmasq restarts on the same port).
    await dns.restart({
      txt: { ...wrongTxt, [before.dns_instructions.txt_host]: before.dns_instructions.txt_value },
    });
    const result = await run;
    expect(Date.now() - started).toBeLessThan(20_000);
    const domain = await serverDomain(server, VERIFIED);
    expect(domain.verified).toBe(true);
    const expiry = domain.tls_cert_expiry as string;
    expect(result).toEqual({
      stdout: expect.stringMatching(
        new RegExp(
          `^✓ records in DNS: the API saw them when it verified the domain \\(after [0-9.]+ s\\)\n` +
            `✓ ownership verified: verified at ${domain.verified_at} \\(after [0-9.]+ s\\)\n` +
            `${VERIFIED} reached "ownership verified"\\.\n` +
            `It is verified \\(at ${domain.verified_at}\\)\\.\n` +
            `Its TLS certificate expires at ${expiry} \\(${daysLeft(expiry)} days left\\)\\.\n$`,
        ),
      ),
      // Not a terminal: no progress line, nothing but the result.
      stderr: '',
      code: 0,
    });
    expect(daysLeft(expiry)).toBe(89);
  });

  it('prints the verified Domain as the API has it with --json, at once', async ({ expect }) => {
    const seeded = (await serverPage()).find((d) => d.verified) as Domain;
    const result = await wait([seeded.domain, '--json']);
    expect(result).toEqual({
      stdout: `${JSON.stringify(await serverDomain(server, seeded.domain))}\n`,
      stderr: '',
      code: 0,
    });
  });

  it('times out with exit code 10 (no stage reached) for a domain whose TXT record is wrong, within the deadline', async ({
    expect,
  }) => {
    const started = Date.now();
    const result = await wait([PENDING, '--interval', '0.5', '--timeout', '3'], {
      timeoutMs: 15_000,
    });
    // Three seconds of waiting, plus the start of a process: well under this bound.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result).toEqual({
      stdout: '',
      stderr: expect.stringMatching(
        new RegExp(
          `^domainctl: ${PENDING} did not reach "ownership verified" within 3 s \\(\\d+ checks\\); reached: none; records in DNS: failed, the TXT record at _domainctl-verify\\.${PENDING} holds another token \\(from an earlier registration of this domain\\?\\); it must be domainctl-verify=[a-z0-9]+\\. Why: domainctl domains status ${PENDING} --project ${PROJECT}\\n$`,
        ),
      ),
      code: 10,
    });
    expect((await serverDomain(server, PENDING)).verified).toBe(false);
  });

  it('names in its Why the DNS flags it was given, so that status asks the same DNS', async ({
    expect,
  }) => {
    const result = await wait(
      [
        PENDING,
        '--interval',
        '0.5',
        '--timeout',
        '1',
        '--dns-server',
        fixed.address,
        '--no-authoritative',
      ],
      { env: { DOMAINCTL_DNS_SERVER: undefined } },
    );
    expect(result.code).toBe(10);
    expect(result.stderr).toMatch(
      new RegExp(
        `\\. Why: domainctl domains status ${PENDING} --project ${PROJECT} --dns-server ${fixed.address} --no-authoritative\\n$`,
      ),
    );
  });

  it('with --json prints the domain as last seen, also on a timeout', async ({ expect }) => {
    const result = await wait([PENDING, '--interval', '0.5', '--timeout', '1', '--json']);
    expect(result.code).toBe(10);
    expect(JSON.parse(result.stdout)).toEqual(await serverDomain(server, PENDING));
  });
});

describe.concurrent('domains wait errors', () => {
  it('exits 1 at once for a domain the project does not have', async ({ expect }) => {
    const started = Date.now();
    expect(await wait(['nope.wait.test', '--timeout', '600'])).toEqual({
      stdout: '',
      stderr: `domainctl: no domain nope.wait.test in ${PROJECT} (see domainctl domains list --project ${PROJECT})\n`,
      code: 1,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('exits 3 at once when the API cannot be reached on the first check', async ({ expect }) => {
    // deadPort() is free on TCP too: nothing accepts the connection.
    const nowhere = `http://${await deadPort()}`;
    const started = Date.now();
    expect(
      await wait([VERIFIED, '--timeout', '600'], { env: { DOMAINCTL_BASE_URL: nowhere } }),
    ).toEqual({
      stdout: '',
      stderr: `domainctl: cannot reach ${nowhere}: connection refused\n`,
      code: 3,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('keeps trying through a lost API once the domain was found, says so, and times out with 10', async ({
    expect,
  }) => {
    const lonely = await startTestServer();
    await addDomain(lonely, 'lost.wait.test');
    const run = runCli(
      ['domains', 'wait', 'lost.wait.test', '--interval', '0.5', '--timeout', '3'],
      {
        env: {
          DOMAINCTL_BASE_URL: lonely.url,
          DOMAINCTL_TOKEN: TESTER_KEY,
          DOMAINCTL_PROJECT: PROJECT,
          DOMAINCTL_DNS_SERVER: fixed.address,
        },
        timeoutMs: 20_000,
      },
    );
    // Once the first check has been answered, the API goes away for good.
    const deadline = Date.now() + 10_000;
    while (!lonely.requests.some((line) => line.startsWith('GET /v1/projects/'))) {
      if (Date.now() > deadline) throw new Error('domains wait never asked the API');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await lonely.close();
    const result = await run;
    const lost = `cannot reach ${lonely.url}: connection refused`;
    expect(result).toEqual({
      stdout: '',
      stderr:
        `domainctl: checking lost.wait.test failed (${lost}); trying again until the timeout\n` +
        `domainctl: lost.wait.test did not reach "ownership verified" within 3 s (1 check); reached: none; the last check got no answer (${lost}). Why: domainctl domains status lost.wait.test --project ${PROJECT}\n`,
      code: 10,
    });
  });
});

// After every other wait: it counts the requests the server was sent.
describe('domains wait, refusing its options', () => {
  it('refuses a bad --timeout or --interval (2, nothing sent)', async ({ expect }) => {
    const before = server.requests.length;
    expect(await wait([VERIFIED, '--timeout', 'soon'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: option '--timeout <seconds>' argument 'soon' is invalid. expected a number of seconds greater than 0\n(run with --help for usage)\n",
      code: 2,
    });
    expect(await wait([VERIFIED, '--interval', '0'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: option '--interval <seconds>' argument '0' is invalid. expected a number of seconds greater than 0\n(run with --help for usage)\n",
      code: 2,
    });
    expect(server.requests.slice(before)).toEqual([]);
  });
});
