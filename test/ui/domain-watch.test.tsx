import { afterAll, beforeAll, describe } from 'vitest';
import { startBlackhole, startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { it } from '../helpers/fixtures.js';
import { addDomain, recordsOf } from '../helpers/many-domains.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import type { RenderAppOptions, UiHandle } from '../helpers/ui.js';

// The watch of one domain (w on the domain screen) against a server whose verifier asks a real
// DNS server (dnsmasq) every second. The UI asks a DNS server of its own, so that the records can
// be seen by the UI before the verifier sees them: the stages then come one after the other.
// The two tests run together (each with its test's own `expect`): each watches a domain of its
// own, through a DNS server of its own.
const PROJECT = 'prj_demo_enterprise';
let verifierDns: TestDnsServer;
let uiDns: TestDnsServer;
let server: TestServer;
beforeAll(async () => {
  [verifierDns, uiDns] = await Promise.all([startDnsServer({}), startDnsServer({})]);
  server = await startTestServer({ dnsServer: verifierDns.address, verifyIntervalSeconds: 1 });
});
afterAll(async () => {
  await server?.close();
  await Promise.all([verifierDns?.stop(), uiDns?.stop()]);
});
const add = (name: string) => addDomain(server, PROJECT, name);

/**
 * The domain screen of `name`, ended with the test. The newest domains of the project come
 * first: `name`, or the other test's, added meanwhile, then `name`.
 */
async function openDomain(
  name: string,
  dnsServer: string,
  renderUi: (options?: RenderAppOptions) => Promise<UiHandle>,
): Promise<UiHandle> {
  const ui = await renderUi({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
    env: { DOMAINCTL_DNS_SERVER: dnsServer },
  });
  await ui.waitForFrame(name);
  while (!ui.frame().includes(`› ${name}`)) await ui.press('j');
  await ui.press('enter');
  await ui.waitForFrame('DNS records');
  await ui.resize(100, 60);
  return ui;
}

/** A time as the UI writes every time. */
const TIME = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC';
/** The Stages field, its wrapped lines (indented under its value) joined into one. */
const stagesLine = (frame: string) => {
  const lines = frame.split('\n');
  const start = lines.findIndex((l) => l.startsWith('Stages'));
  if (start === -1) return '';
  const end = lines.findIndex((l, i) => i > start && !/^ {12}\S/.test(l));
  return lines
    .slice(start, end === -1 ? undefined : end)
    .map((l, i) => (i === 0 ? l.trimEnd() : l.trim()))
    .join(' ');
};

describe.concurrent('the watch of one domain (w)', () => {
  it('shows each stage as it is reached, in order, with its time, without another key', async ({
    expect,
    renderUi,
  }) => {
    const domain = await add(`stages-${process.pid}.example.com`);
    const app = await openDomain(domain.domain, uiDns.address, renderUi);
    expect(app.frame()).toMatch(/d check {3}w watch {3}Esc back/);

    await app.press('w');
    // No records anywhere yet: the first round finds none.
    const first = await app.waitForFrame(/Watching: .*DNS waiting, checked 1 time/);
    expect(stagesLine(first)).toMatch(/^Stages +○ DNS › ○ verified › ○ certificate › \? HTTPS$/);
    // One line at 100 columns: its "(w pauses)" is there where it fits and gives way where it
    // would take a line more (the footer says it), never cut or wrapped.
    expect(first).toMatch(/^Watching: .* of 10:00( \(w pauses\))?$/m);
    // `d` waits while the watch runs: one check of the domain at a time. The footer says what w
    // does now: it pauses the watch.
    expect(first).not.toMatch(/d check {3}w watch/);
    expect(first).toMatch(/z copy zone {3}w pause watch {3}Esc back/);
    expect(first).not.toMatch(/w watch {3}/);

    // The records reach the DNS the UI asks; the verifier's does not have them yet.
    await uiDns.restart(recordsOf(domain));
    const dns = await app.waitForFrame((f) => /✓ DNS/.test(stagesLine(f)), 15_000);
    expect(stagesLine(dns)).toMatch(
      new RegExp(`^Stages +✓ DNS ${TIME} › ○ verified › ○ certificate › \\? HTTPS$`),
    );
    expect(dns).toMatch(new RegExp(`✓ records in DNS +reached at ${TIME}: all 3 records`));
    // The records were checked as d checks them: each has its mark.
    expect(dns.match(/✓ ok/g)).toHaveLength(3);

    // Now the verifier sees them too, and verifies the domain (issuing its certificate).
    await verifierDns.restart(recordsOf(domain));
    // (The verified answer shows at once; the times once the round that brought it is over.)
    const verified = await app.waitForFrame(
      (f) => new RegExp(`✓ verified ${TIME}`).test(stagesLine(f)),
      20_000,
    );
    const line = stagesLine(verified);
    expect(line).toMatch(
      new RegExp(`^Stages +✓ DNS ${TIME} › ✓ verified ${TIME} › ✓ certificate ${TIME} › `),
    );
    const [dnsAt, verifiedAt, certificateAt] = line.match(new RegExp(TIME, 'g')) ?? [];
    expect(dnsAt! <= verifiedAt! && verifiedAt! <= certificateAt!).toBe(true);
    // The fields follow the API's answer.
    expect(verified).toMatch(/Status +verified at \d{4}-/);
    expect(verified).toMatch(/TLS expiry +\d{4}-.* days left/);
    // Serving HTTPS is what it waits for now: the host has no address, so it keeps watching.
    const serving = await app.waitForFrame(
      /○ serving HTTPS +stages-\d+\.example\.com has no address/,
    );
    expect(serving).toMatch(/Watching: .*HTTPS waiting/);

    // w pauses it, at the stage it reached, with the times it had.
    await app.press('w');
    const paused = await app.waitForFrame('Watch paused at "certificate issued" (w resumes)');
    expect(paused).toMatch(/d check {3}w watch {3}Esc back/);
    expect(stagesLine(paused)).toContain(`✓ certificate ${certificateAt}`);
  }, 60_000);

  it('at 80x24 the watch line stays in view under the details, which scroll', async ({
    expect,
    renderUi,
  }) => {
    const domain = await add(`fold-${process.pid}.example.com`);
    const app = await openDomain(domain.domain, uiDns.address, renderUi);
    await app.resize(80, 24);
    await app.waitForFrame('more below (PgDn)');
    await app.press('w');
    // Above the footer, under the part that scrolls: not below the fold with the stages.
    const frame = await app.waitForFrame(/Watching: .*checked 1 time/);
    expect(frame).toContain('more below (PgDn)');
    expect(frame).toContain('DNS records');
    expect(frame).not.toContain('Updated');
    const lines = frame.split('\n');
    const watching = lines.findIndex((l) => l.startsWith('Watching: '));
    const more = lines.findIndex((l) => l.includes('more below (PgDn)'));
    expect(watching).toBeGreaterThan(more);
    expect(frame.split('\n').length).toBeLessThanOrEqual(23);
    // Scrolled down to the fields and the stages: the line is still there, under them. (The
    // watch's rounds add the records' check lines meanwhile: a PgDn more may be needed.)
    for (let i = 0; i < 3 && !app.frame().includes('Updated'); i++) await app.press('pagedown');
    const scrolled = await app.waitForFrame(
      (f) => f.includes('Updated') && f.includes('Watching: '),
    );
    expect(scrolled).toContain('more above (PgUp)');
    expect(scrolled.split('\n').length).toBeLessThanOrEqual(23);
  }, 30_000);

  it('q during a check ends its lookups: nothing more is asked after the UI quits', async ({
    expect,
    renderUi,
  }) => {
    const blackhole = await startBlackhole();
    try {
      const domain = await add(`quit-${process.pid}.example.com`);
      const app = await openDomain(domain.domain, blackhole.address, renderUi);
      await app.press('w');
      await app.waitForFrame(/Watching: .*checking its DNS records/);
      await app.waitForFrame(() => blackhole.queries() > 0);
      await app.press('q');
      await app.exited();
      const asked = blackhole.queries();
      // A lookup still under way asks again halfway through its 5 s (and c-ares retries sooner):
      // 3 s of silence says the check was ended, not left to time out.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(blackhole.queries()).toBe(asked);
    } finally {
      await blackhole.close();
    }
  }, 30_000);
});
