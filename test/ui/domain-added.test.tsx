import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { it } from '../helpers/fixtures.js';
import { allDomains, recordsOf } from '../helpers/many-domains.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';

// A domain added with the form, on its screen until the server verifies it: what the screen says
// follows the domain, and its times are written one way. The server's verifier and the UI ask
// the same DNS server, a test's own.
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

describe('a domain just added', () => {
  it('loses the "create these records" banner once verified; every time reads YYYY-MM-DD HH:MM UTC', async ({
    renderUi,
  }) => {
    const host = `banner-${process.pid}.example.com`;
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
      env: { DOMAINCTL_DNS_SERVER: dns.address },
    });
    await ui.waitForFrame(/HOST NAME|No domains yet/);
    await ui.press('a');
    await ui.waitForFrame('Host name ›');
    await ui.press(host, 'enter');
    await ui.waitForFrame('✓ Added. Now create these records at your DNS provider');
    await ui.resize(100, 60);

    // The records are created; w watches the domain until the server has verified it.
    const domain = (await allDomains(server, PROJECT)).find((d) => d.domain === host);
    if (!domain) throw new Error(`${host} was not added`);
    await dns.restart(recordsOf(domain));
    await ui.press('w');
    const verified = await ui.waitForFrame(
      (f) => /Status +verified at/.test(f) && /✓ certificate issued +reached at/.test(f),
      20_000,
    );
    expect(verified).not.toContain('Added. Now create these records');
    // The fields, the stages and when each was reached: one format, no ISO text, no seconds.
    expect(verified).toMatch(/Status +verified at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(verified).toMatch(
      /✓ ownership verified +reached at \d{4}-\d\d-\d\d \d\d:\d\d UTC: verified at \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    expect(verified).toMatch(/expires at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(verified).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect(verified).not.toMatch(/\d\d:\d\d:\d\d/);
  }, 30_000);
});
