import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Domain } from '../../src/contract/schemas.js';
import {
  deadPort,
  startBlackhole,
  startDnsServer,
  type TestDnsServer,
} from '../helpers/dns-server.js';
import { bootUi } from '../../src/ui/app/boot.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { oneLine, type UiHandle, type RenderAppOptions } from '../helpers/ui.js';

const PROJECT = 'prj_demo_scale';
const NAME = 'ui.check.test';
const EARLIER_TOKEN = 'domainctl-verify=tokenofanearlieradd';

const server = seededServerForFile();
let dns: TestDnsServer;
let domain: Domain;

beforeAll(async () => {
  const res = await fetch(`${server.url}/v1/projects/${PROJECT}/domains`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ domain: NAME }),
  });
  expect(res.status).toBe(201);
  domain = (await res.json()) as Domain;
  const i = domain.dns_instructions;
  // The CNAME is right, the TXT holds another token, the _acme-challenge CNAME is missing, and a
  // CAA record on the parent forbids every CA.
  dns = await startDnsServer({
    cname: { [i.cname_host]: i.cname_target },
    txt: { [i.txt_host]: EARLIER_TOKEN },
    caa: { 'check.test': [{ tag: 'issue', value: ';' }] },
  });
});
afterAll(async () => {
  await dns?.stop();
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the newest domain of the project (the one added above) with DOMAINCTL_DNS_SERVER set. */
async function openDomain(
  renderUi: (options?: RenderAppOptions) => Promise<UiHandle>,
  dnsServer: string,
): Promise<UiHandle> {
  const ui = await renderUi({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT },
    env: { DOMAINCTL_DNS_SERVER: dnsServer },
  });
  await ui.waitForFrame(`› ${NAME}`);
  await ui.press('enter');
  await ui.waitForFrame('DNS records');
  return ui;
}

describe('the DNS check on the domain screen', () => {
  it('d marks each record: ok, wrong with what was found, missing; the expected values stay', async ({
    renderUi,
  }) => {
    const app = await openDomain(renderUi, dns.address);
    const i = domain.dns_instructions;
    expect(app.frame()).toMatch(/d check {3}w watch {3}Esc back/);

    await app.press('d');
    const frame = await app.waitForFrame('not right yet');
    expect(frame).toMatch(
      new RegExp(`CNAME\\s+${escape(i.cname_host)}\\s+${escape(i.cname_target)}\\s+✓ ok`),
    );
    // The expected TXT value is still in its row; what DNS holds is under it.
    expect(frame).toMatch(
      new RegExp(`TXT\\s+${escape(i.txt_host)}\\s+${escape(i.txt_value)}\\s+✗ wrong`),
    );
    expect(frame).toMatch(new RegExp(`found\\s+${escape(EARLIER_TOKEN)}`));
    expect(frame).toMatch(
      new RegExp(
        `CNAME\\s+${escape(i.acme_cname_host)}\\s+${escape(i.acme_cname_target)}\\s+✗ missing`,
      ),
    );
    const text = oneLine(frame);
    expect(text).toContain(
      `the TXT record at ${i.txt_host} holds another token (from an earlier registration of this domain?); it must be ${i.txt_value}`,
    );
    expect(text).toContain(`${i.acme_cname_host} does not exist in DNS (NXDOMAIN)`);
    expect(text).toContain(`✗ 2 of 3 not right yet (${dns.address},`);
    expect(text).toContain(
      '⚠ the CAA records at check.test forbid every CA to issue certificates, so letsencrypt.org will refuse to issue one for this domain',
    );

    // Narrower, the marks go under the records instead of beside them; nothing is lost.
    await app.resize(70, 40);
    const narrow = await app.waitForFrame((f) => !/VALUE\s+DNS/.test(f));
    expect(narrow).toMatch(/✓ ok[\s\S]+✗ wrong[\s\S]+found\s+domainctl-verify=[\s\S]+✗ missing/);
    expect(oneLine(narrow)).toContain(`✗ 2 of 3 not right yet (${dns.address},`);
  });

  it('shows the stages of the domain, the DNS and HTTPS ones filled in by d', async ({
    renderUi,
  }) => {
    const app = await openDomain(renderUi, dns.address);
    const before = await app.waitForFrame('Stages');
    expect(before).toMatch(/Stages +\? DNS › ○ verified › ○ certificate › \? HTTPS/);

    await app.resize(100, 60);
    await app.press('d');
    const frame = await app.waitForFrame('not right yet');
    expect(frame).toMatch(/Stages +✗ DNS › ○ verified › ○ certificate › ○ HTTPS/);
    // The TXT record holds another token: fixing it is up to the user.
    expect(frame).toMatch(
      new RegExp(
        `✗ records in DNS +the TXT record at ${escape(domain.dns_instructions.txt_host)} holds another token`,
      ),
    );
    expect(frame).toMatch(/○ ownership verified +the API has not verified it yet/);
    // The HTTPS stage asks the same DNS server for the host's address.
    expect(frame).toMatch(/○ serving HTTPS +ui\.check\.test has no address in DNS yet/);
  });

  it('keeps the DNS column beside the widest value however wide the terminal is', async ({
    renderUi,
  }) => {
    const app = await openDomain(renderUi, dns.address);
    const i = domain.dns_instructions;
    await app.press('d');
    await app.waitForFrame('not right yet');
    const rows = [
      [i.cname_target, '✓ ok'],
      [i.txt_value, '✗ wrong'],
      [i.acme_cname_target, '✗ missing'],
    ] as const;
    const widest = Math.max(...rows.map(([value]) => value.length));
    for (const columns of [200, 120]) {
      await app.resize(columns, 40);
      const frame = await app.waitForFrame(
        (f) => f.split('\n').some((line) => line.length > 100) && f.includes('✗ missing'),
      );
      const lines = frame.split('\n');
      const header = lines.find((line) => /TYPE\s+HOST\s+VALUE\s+DNS/.test(line)) ?? '';
      // VALUE is as wide as its widest value: the marks two spaces after it, not at the edge.
      expect(header.indexOf('DNS') - header.indexOf('VALUE'), `at ${columns}`).toBe(widest + 2);
      for (const [value, mark] of rows) {
        const line = lines.find((l) => l.includes(value) && l.includes(mark)) ?? '';
        expect(line.indexOf(mark) - line.indexOf(value), `${mark} at ${columns}`).toBe(widest + 2);
      }
    }
  });

  it('marks records it could not look up as errors, with the reason', async ({ renderUi }) => {
    const dead = await deadPort();
    const app = await openDomain(renderUi, dead);
    await app.press('d');
    const frame = await app.waitForFrame('could not be looked up');
    expect(frame.match(/! error/g)).toHaveLength(3);
    expect(oneLine(frame)).toContain(
      `connection refused by ${dead} (is a DNS server listening there?)`,
    );
    expect(oneLine(frame)).toContain(`✗ 3 could not be looked up (${dead},`);
  });

  it('shows a spinner while the check runs; Esc leaves it, and nothing of it comes back', async ({
    renderUi,
  }) => {
    const blackhole = await startBlackhole();
    try {
      const app = await openDomain(renderUi, blackhole.address);
      await app.press('d');
      await app.waitForFrame(`Looking the records up in DNS (${blackhole.address})…`);
      await app.press('esc');
      await app.waitForFrame(`› ${NAME}`);
      // The same domain again: a fresh screen, with neither the spinner nor marks of the check
      // that was abandoned.
      await app.press('enter');
      const reopened = await app.waitForFrame('DNS records');
      expect(reopened).not.toContain('Looking the records up');
      expect(reopened).not.toMatch(/✓ ok|✗ |! error/);
      expect(reopened).toContain('d checks DNS');
    } finally {
      await blackhole.close();
    }
  });

  it('refuses to start with a DOMAINCTL_DNS_SERVER that is not an address', async () => {
    await expect(
      bootUi(
        { baseUrl: server.url, token: TESTER_KEY, project: PROJECT },
        { env: { ...process.env, DOMAINCTL_DNS_SERVER: 'dns.example.com' } },
      ),
    ).rejects.toThrow(
      'DOMAINCTL_DNS_SERVER "dns.example.com": expected an IP address, optionally with :PORT (e.g. 127.0.0.1:5353 or [::1]:53); "dns.example.com" is not one',
    );
  });

  it('? lists d', async ({ renderUi }) => {
    const app = await openDomain(renderUi, dns.address);
    await app.press('?');
    const help = await app.waitForFrame('Keys: Domain');
    expect(help).toMatch(
      /d\s+look the records up in DNS and mark each: ok, missing, wrong \(with what was found\),\s+error; and ask HTTPS/,
    );
  });
});
