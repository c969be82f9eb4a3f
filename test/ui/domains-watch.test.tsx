import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { type DnsZone, startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { addDomain, recordsOf } from '../helpers/many-domains.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { helpIn, helpPages } from '../helpers/ui.js';

// The watch and the DNS column of the domains screen, against a server whose verifier asks a
// real DNS server (dnsmasq) every second, as the domains-wait tests run it.
const PROJECT = 'prj_demo_enterprise';
let dns: TestDnsServer;
let server: TestServer;
beforeAll(async () => {
  dns = await startDnsServer({});
  server = await startTestServer({ dnsServer: dns.address, verifyIntervalSeconds: 1 });
});
afterAll(async () => {
  await server?.close();
  await dns?.stop();
});

const add = (name: string) => addDomain(server, PROJECT, name);
const merge = (...zones: DnsZone[]): DnsZone => ({
  cname: Object.assign({}, ...zones.map((z) => z.cname)),
  txt: Object.assign({}, ...zones.map((z) => z.txt)),
});
const rowOf = (frame: string, host: string) =>
  frame.split('\n').find((line) => line.slice(2).startsWith(`${host} `)) ?? '';
const domainsRequests = () =>
  server.requests.filter((r) => r.startsWith(`GET /v1/projects/${PROJECT}/domains`)).length;

describe('the watch', () => {
  it('turns a domain verified on screen without a key, highlighted, with one bell', async ({
    renderUi,
  }) => {
    const domain = await add(`watched-${process.pid}.example.com`);
    const ui = await renderUi({
      flags: {
        baseUrl: server.url,
        token: TESTER_KEY,
        project: PROJECT,
        watchInterval: 0.3,
        bell: true,
      },
    });
    await ui.waitForFrame(/watching \d+ pending domains? every 0\.3 s/);
    expect(rowOf(ui.frame(), domain.domain)).toMatch(/\spending\s/);
    // The customer's DNS change lands; the server's verifier sees it.
    await dns.restart(recordsOf(domain));
    const frame = await ui.waitForFrame(`✓ ${domain.domain} turned verified`, 10_000);
    expect(rowOf(frame, domain.domain)).toContain('✓ verified');
    expect(ui.written().split('\u0007')).toHaveLength(2);
    // The highlight goes after a moment; the domain stays verified.
    const later = await ui.waitForFrame((f) => !f.includes('turned verified'), 10_000);
    expect(rowOf(later, domain.domain)).toMatch(/\sverified\s/);
    expect(ui.written().split('\u0007')).toHaveLength(2);
  }, 30_000);

  it('moves no column while it marks a row ✓ verified: each stays under its header', async ({
    renderUi,
  }) => {
    const domain = await add(`aligned-${process.pid}.example.com`);
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0.3 },
    });
    const before = await ui.waitForFrame(/watching \d+ pending domains? every 0\.3 s/);
    const header = (frame: string) => frame.split('\n').find((l) => l.includes('HOST NAME')) ?? '';
    const verifiedAt = header(before).indexOf('VERIFIED AT');
    await dns.restart(recordsOf(domain));
    const marked = await ui.waitForFrame(
      (f) => rowOf(f, domain.domain).includes('✓ verified'),
      10_000,
    );
    // The column after the mark stays where it was (a TLS expiry, now issued, may widen its own),
    // and the marked row's dates start under their headers.
    expect(header(marked).indexOf('VERIFIED AT')).toBe(verifiedAt);
    const dates = [...rowOf(marked, domain.domain).matchAll(/\d{4}-\d\d-\d\d/g)];
    expect(dates.at(0)?.index).toBe(verifiedAt);
    expect(dates.at(-1)?.index).toBe(header(marked).indexOf('CREATED'));
  }, 30_000);

  it('w pauses it: no page is asked for while paused; w resumes', async ({ renderUi }) => {
    await add(`paused-${process.pid}.example.com`);
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0.2 },
    });
    await ui.waitForFrame(/watching \d+ pending/);
    // Refreshes come, one at a time.
    const before = domainsRequests();
    await ui.waitForFrame(() => domainsRequests() >= before + 2);
    await ui.press('w');
    await ui.waitForFrame('watch paused (w resumes)');
    const paused = domainsRequests();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(domainsRequests()).toBe(paused);
    // The help says what w does now: resume, not pause.
    await ui.press('?');
    const pages = await helpPages(ui, 'Keys: Domains');
    const line = (start: string) => pages.map((page) => helpIn(page, 'w', start)).find(Boolean);
    expect(line('while paused: refresh')).not.toMatch(/\(not now\)$/);
    expect(line('pause the refresh')).toMatch(/\(not now\)$/);
    await ui.press('esc');
    await ui.waitForFrame((f) => !f.includes('Keys: Domains'));
    await ui.press('w');
    await ui.waitForFrame(/watching \d+ pending/);
    await ui.waitForFrame(() => domainsRequests() > paused);
  });

  it('--watch-interval 0 turns it off: no refresh, no w', async ({ renderUi }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
    });
    await ui.waitForFrame(/domains? ·/);
    expect(ui.frame()).not.toContain('watching');
    await ui.press('?');
    const pages = await helpPages(ui, 'Keys: Domains');
    for (const start of ['pause the refresh', 'while paused: refresh']) {
      expect(pages.map((page) => helpIn(page, 'w', start)).find(Boolean), start).toMatch(
        /\(not now\)$/,
      );
    }
  });
});

describe('the DNS column (d)', () => {
  it('checks every pending domain on screen: ok, missing or wrong; Enter shows one in full', async ({
    renderUi,
  }) => {
    const right = await add(`right-${process.pid}.example.com`);
    const wrong = await add(`wrong-${process.pid}.example.com`);
    const none = await add(`none-${process.pid}.example.com`);
    const ui = await renderUi({
      env: { DOMAINCTL_DNS_SERVER: dns.address },
      flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
    });
    await ui.waitForFrame(none.domain);
    // The right records for one, a CNAME to elsewhere for another, nothing for the third. (The
    // verifier verifies the right one in time: checked before it can.)
    const wrongCname = { cname: { [wrong.domain]: 'elsewhere.example.net' } };
    await dns.restart(merge(recordsOf(right), wrongCname));
    await ui.press('d');
    const frame = await ui.waitForFrame((f) => !/checking|…/.test(f) && f.includes(' DNS '));
    expect(rowOf(frame, right.domain)).toMatch(/\sok\s/);
    expect(rowOf(frame, wrong.domain)).toMatch(/\swrong 3\/3\s/);
    expect(rowOf(frame, none.domain)).toMatch(/\smissing 3\/3\s/);
    // The summary counts the failing ones seen in this session.
    expect(frame).toMatch(/· [2-9]\d* failing DNS/);
    // Enter on the wrong one: its records, marked, with what was found.
    while (!/^› wrong-/m.test(ui.frame())) await ui.press('j');
    await ui.press('enter');
    const details = await ui.waitForFrame('DNS records');
    expect(details).toContain('elsewhere.example.net');
    expect(details).toMatch(/✗ wrong\s+found\s+elsewhere\.example\.net/);
  }, 30_000);

  it('shows the DNS column only while a row in view has a check: a filter to others leaves no empty column', async ({
    renderUi,
  }) => {
    // A walkthrough's finding: after d under one filter, every other view kept an empty column.
    const checked = await add(`column-${process.pid}.example.com`);
    await add(`unchecked-${process.pid}.other.example.org`);
    const ui = await renderUi({
      env: { DOMAINCTL_DNS_SERVER: dns.address },
      flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
    });
    await ui.waitForFrame(checked.domain);
    await ui.pressTogether('/', `column-${process.pid}`);
    await ui.waitForFrame('1 match');
    await ui.press('enter', 'd');
    await ui.waitForFrame((f) => !/checking|…/.test(f) && / DNS /.test(f));
    await ui.press('esc');
    await ui.pressTogether('/', `unchecked-${process.pid}`);
    const other = await ui.waitForFrame((f) => f.includes('1 match') && f.includes('unchecked-'));
    expect(other).not.toMatch(/ DNS /);
    await ui.press('esc');
    await ui.pressTogether('/', `column-${process.pid}`);
    await ui.waitForFrame((f) => f.includes('1 match') && / DNS /.test(f));
  }, 30_000);

  it("counts a check run on a domain's own screen in the summary once back on the list", async ({
    renderUi,
  }) => {
    const host = `alone-${process.pid}.example.com`;
    await add(host);
    const ui = await renderUi({
      env: { DOMAINCTL_DNS_SERVER: dns.address },
      flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
    });
    const before = await ui.waitForFrame(host);
    const failing = Number(/· (\d+) failing DNS/.exec(before)?.[1]);
    // No records for it at all: its own screen's check finds them missing.
    await dns.restart({});
    while (!ui.frame().includes(`› ${host}`)) await ui.press('j');
    await ui.press('enter');
    await ui.waitForFrame('DNS records');
    await ui.press('d');
    await ui.waitForFrame('✗ missing');
    await ui.press('esc');
    await ui.waitForFrame(`· ${failing + 1} failing DNS`);
  }, 30_000);
});
