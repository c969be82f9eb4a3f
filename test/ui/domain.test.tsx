import { beforeAll, describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import type { ReadDomain as Domain } from '../../src/contract/read-schemas.js';
import { zoneSnippet } from '../../src/core/records.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import type { RenderAppOptions, UiHandle } from '../helpers/ui.js';

const server = seededServerForFile();
let first: Domain;
beforeAll(async () => {
  const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
  const page = await client.listDomains('prj_demo_scale', { pageSize: 1 });
  if (!page.domains[0]) throw new Error('no demo domains');
  first = page.domains[0];
});

const osc52 = (text: string) => `\u001b]52;c;${Buffer.from(text).toString('base64')}\u0007`;

async function openFirst(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  const ui = await renderUi({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
  });
  await ui.waitForFrame(first.domain);
  await ui.press('enter');
  await ui.waitForFrame('DNS records');
  return ui;
}

describe('the domain screen', () => {
  it('shows every field and the three records', async ({ renderUi }) => {
    const app = await openFirst(renderUi);
    const frame = app.frame();
    expect(frame).toContain(`${first.domain} · verified`);
    expect(frame).toContain(first.id);
    expect(frame).toContain('prj_demo_scale');
    expect(frame).toContain(first.dns_verification_token);
    expect(frame).toMatch(/TLS expiry\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC · \d+ days left/);
    expect(frame).toMatch(/Status\s+verified at \d{4}-\d\d-\d\d/);
    expect(frame).toMatch(/Created\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(frame).toMatch(/Updated\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const dns = first.dns_instructions;
    expect(frame).toMatch(new RegExp(`› CNAME\\s+${dns.cname_host}\\s+${dns.cname_target}`));
    expect(frame).toMatch(new RegExp(`TXT\\s+${dns.txt_host}\\s+${dns.txt_value}`));
    expect(frame).toMatch(
      new RegExp(`CNAME\\s+${dns.acme_cname_host}\\s+${dns.acme_cname_target}`),
    );
  });

  it('c copies the selected value, h its host, z the zone snippet, through OSC 52', async ({
    renderUi,
  }) => {
    const app = await openFirst(renderUi);
    const dns = first.dns_instructions;
    await app.press('down');
    await app.waitForFrame(/› TXT/);
    await app.press('c');
    await app.waitForFrame(`✓ Copied the TXT value for ${dns.txt_host} (OSC 52)`);
    expect(app.written()).toContain(osc52(dns.txt_value));
    // The escape does not land inside the frame: the frame reads as before.
    expect(app.frame()).toMatch(new RegExp(`› TXT\\s+${dns.txt_host}`));

    await app.press('j', 'h');
    await app.waitForFrame(`✓ Copied the host ${dns.acme_cname_host}`);
    expect(app.written()).toContain(osc52(dns.acme_cname_host));

    await app.press('z');
    await app.waitForFrame('✓ Copied the zone snippet');
    expect(app.written()).toContain(osc52(zoneSnippet(first.domain, dns)));
  });

  it('scrolls with PgDn when the details are taller than the terminal', async ({ renderUi }) => {
    const app = await openFirst(renderUi);
    await app.resize(100, 14);
    const short = await app.waitForFrame('more below (PgDn)');
    expect(short).toContain('DNS records');
    expect(short).not.toContain('Updated');
    for (let i = 0; i < 3 && !app.frame().includes('Updated'); i++) await app.press('pagedown');
    const scrolled = await app.waitForFrame('Updated');
    expect(scrolled).toContain('more above (PgUp)');
    for (let i = 0; i < 3 && !app.frame().includes('DNS records'); i++) await app.press('pageup');
    await app.waitForFrame((f) => f.includes('DNS records') && f.includes('more below (PgDn)'));
  });

  it('scrolled past the records, j/k and a copy bring them and what the copy says back into view', async ({
    renderUi,
  }) => {
    // A walkthrough's finding: after PgDn, k and c acted on a record out of view, and the copy's
    // message was cut at the top.
    const app = await openFirst(renderUi);
    const dns = first.dns_instructions;
    await app.resize(80, 18);
    await app.waitForFrame('more below (PgDn)');
    for (let i = 0; i < 3 && !app.frame().includes('Updated'); i++) await app.press('pagedown');
    expect(await app.waitForFrame('Updated')).not.toContain('DNS records');
    await app.press('j');
    const moved = await app.waitForFrame((f) => /› TXT/.test(f) && f.includes('DNS records'));
    expect(moved).toContain('more below (PgDn)');
    for (let i = 0; i < 3 && !app.frame().includes('Updated'); i++) await app.press('pagedown');
    await app.waitForFrame((f) => f.includes('Updated') && !f.includes('DNS records'));
    await app.press('h');
    const copied = await app.waitForFrame(`✓ Copied the host ${dns.txt_host} (OSC 52)`);
    expect(copied).toMatch(/› TXT/);
  });

  it('a copy says so in view when the records alone fill the terminal: its message is pinned under them', async ({
    renderUi,
  }) => {
    // A walkthrough's finding: at 100x14 the copy brought the records back, and its message sat
    // under the fold, so nothing could be seen to have happened.
    const app = await openFirst(renderUi);
    const dns = first.dns_instructions;
    await app.resize(100, 14);
    await app.waitForFrame('more below (PgDn)');
    for (let i = 0; i < 3 && !app.frame().includes('Updated'); i++) await app.press('pagedown');
    await app.waitForFrame('Updated');
    await app.press('j', 'c');
    const copied = await app.waitForFrame(`✓ Copied the TXT value for ${dns.txt_host} (OSC 52)`);
    expect(copied).toMatch(/› TXT/);
    expect(copied.split('\n').length).toBeLessThanOrEqual(13);
  });
});
