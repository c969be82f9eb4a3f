import { describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { OUTSIDER_KEY, startTestServer, TESTER_KEY } from '../helpers/server.js';
import { oneLine, type UiHandle, type RenderAppOptions } from '../helpers/ui.js';

const server = seededServerForFile();

async function openAdd(
  renderUi: (options?: RenderAppOptions) => Promise<UiHandle>,
  project: string,
  token = TESTER_KEY,
  url = server.url,
) {
  const ui = await renderUi({ flags: { baseUrl: url, token, project } });
  await ui.waitForFrame((f) => /No domains yet|HOST NAME|✗/.test(f));
  await ui.press('a');
  await ui.waitForFrame('Host name ›');
  return ui;
}

const posts = () => server.requests.filter((line) => line.startsWith('POST'));

describe('adding a domain', () => {
  it('opens the new domain with its records in full and the banner', async ({ renderUi }) => {
    const app = await openAdd(renderUi, 'prj_demo_scale');
    await app.press('New-Shop.Example.com');
    await app.waitForFrame('will be added as new-shop.example.com');
    await app.press('enter');
    const frame = await app.waitForFrame('create these records at your DNS provider');
    expect(frame).toContain('new-shop.example.com · pending');

    const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
    const domain = await client.findDomain('prj_demo_scale', 'new-shop.example.com');
    if (!domain) throw new Error('the domain was not added');
    const { dns_instructions: dns } = domain;
    // Every host and value whole, on one line each at this width: nothing cut with an ellipsis.
    for (const text of [
      dns.cname_host,
      dns.cname_target,
      dns.txt_host,
      dns.txt_value,
      dns.acme_cname_host,
      dns.acme_cname_target,
    ]) {
      expect(frame).toContain(text);
    }
    expect(frame).toMatch(/TYPE\s+HOST\s+VALUE/);
    expect(frame.slice(frame.indexOf('DNS records'))).not.toContain('…');

    // Back goes to the domains, where the new one is listed; the selection stayed where it was.
    await app.press('esc');
    const list = await app.waitForFrame(/new-shop\.example\.com\s+pending/);
    expect(list).toMatch(/› www\.acme-shop\.com/);
  });

  it('wraps long records at 60 columns and still shows every character', async ({ renderUi }) => {
    const app = await openAdd(renderUi, 'prj_demo_scale');
    await app.resize(60);
    await app.press('a-rather-long-name.wrapping-test.example.com');
    await app.press('enter');
    const frame = await app.waitForFrame('create these records at your DNS provider');
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
    const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
    const domain = await client.findDomain(
      'prj_demo_scale',
      'a-rather-long-name.wrapping-test.example.com',
    );
    if (!domain) throw new Error('the domain was not added');
    // Wrapped into the columns: the pieces, in order, are the value.
    const lines = frame.split('\n');
    const start = lines.findIndex((l) => /^\s*TYPE\s+HOST\s+VALUE/.test(l));
    const valueColumn = lines[start]?.indexOf('VALUE') ?? -1;
    const values = lines
      .slice(start + 1, start + 12)
      .map((l) => l.slice(valueColumn).trim())
      .join('');
    expect(values).toContain(domain.dns_instructions.txt_value);
    expect(values).toContain(domain.dns_instructions.acme_cname_target);
    const hosts = lines
      .slice(start + 1, start + 12)
      .map((l) => l.slice(9, valueColumn).trim())
      .join('');
    expect(hosts).toContain(domain.dns_instructions.acme_cname_host);
    expect(lines.slice(start, start + 12).join('\n')).not.toContain('…');
  });

  it('402: a free project says it cannot have domains, and offers no a to add one', async ({
    renderUi,
  }) => {
    const before = posts().length;
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_free' },
    });
    const frame = oneLine(await ui.waitForFrame('No domains: this project is on the Free plan'));
    expect(frame).toContain('custom domains need Scale or Enterprise');
    expect(frame).not.toContain('press a');
    expect(frame).not.toContain('a add');
    // Only what applies: no summary of no domains, nothing to filter or sort.
    expect(frame).not.toContain('0 domains');
    expect(frame).not.toContain('/ filter');
    expect(frame).not.toContain('s sort');
    await ui.press('a');
    expect(ui.frame()).not.toContain('Host name');
    expect(posts()).toHaveLength(before);
  });

  it('403: the outsider key is told about the custom-domains preview feature, and offered no a', async ({
    renderUi,
  }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: OUTSIDER_KEY, project: 'prj_demo_scale' },
    });
    const frame = oneLine(await ui.waitForFrame('HTTP 403 feature_not_enabled'));
    expect(frame).toContain('preview feature');
    expect(frame).not.toContain('a add');
    await ui.press('a');
    expect(ui.frame()).not.toContain('Host name');
  });

  it('409: a name taken already, in any project; the text stays', async ({ renderUi }) => {
    const app = await openAdd(renderUi, 'prj_demo_enterprise');
    await app.press('www.acme-shop.com');
    await app.press('enter');
    const frame = oneLine(await app.waitForFrame('HTTP 409 domain_already_exists'));
    expect(frame).toContain('www.acme-shop.com is registered already');
    expect(frame).toContain('Host name › www.acme-shop.com');
    // The server refused the name: nothing above the error calls it valid.
    expect(frame).not.toContain('valid host name');
    // Edit and try again: the field still works.
    await app.press('backspace', 'backspace', 'backspace', 'org');
    await app.waitForFrame('Host name › www.acme-shop.org');
  });

  it('409: editing the host name clears the error about the name it judged', async ({
    renderUi,
  }) => {
    const app = await openAdd(renderUi, 'prj_demo_enterprise');
    await app.press('www.acme-shop.com', 'enter');
    await app.waitForFrame('HTTP 409 domain_already_exists');
    await app.press('\u0017', 'shop.acme-new.com');
    const frame = oneLine(await app.waitForFrame('Host name › shop.acme-new.com'));
    expect(frame).toContain('✓ a valid host name');
    expect(frame).not.toContain('409');
    expect(frame).not.toContain('www.acme-shop.com');
    expect(frame).toContain('Once added, you get the three DNS records');
  });

  it('400: the API refuses a name the local rules let through; the text stays', async ({
    renderUi,
  }) => {
    // A server whose edge domain the client does not know: only the API can say no.
    const edge = await startTestServer({ edgeDomain: 'edge.example.net' });
    let app: UiHandle | undefined;
    try {
      app = await openAdd(renderUi, 'prj_demo_scale', TESTER_KEY, edge.url);
      await app.press('shop.edge.example.net');
      await app.waitForFrame('a valid host name');
      await app.press('enter');
      const frame = oneLine(await app.waitForFrame('HTTP 400 invalid_request'));
      expect(frame).not.toContain('valid host name');
      expect(frame).toContain('edge.example.net');
      expect(frame).toContain('Host name › shop.edge.example.net');
    } finally {
      // The app ends before its server does.
      await app?.cleanup();
      await edge.close();
    }
  });

  it('checks as you type, and Enter on an invalid name sends nothing', async ({ renderUi }) => {
    const app = await openAdd(renderUi, 'prj_demo_scale');
    const before = posts().length;
    await app.press('localhost');
    await app.waitForFrame('domain needs at least two labels');
    await app.press('enter');
    const frame = await app.waitForFrame('Not sent: domain needs at least two labels');
    expect(frame).toContain('Host name › localhost');
    expect(posts()).toHaveLength(before);
  });

  it('a pasted URL gets a hint, and Tab keeps only its host name', async ({ renderUi }) => {
    const app = await openAdd(renderUi, 'prj_demo_scale');
    await app.press('https://Pasted.Example.com/some/path');
    const frame = oneLine(await app.waitForFrame('That is a URL'));
    expect(frame).toContain('the host name is pasted.example.com');
    await app.press('tab');
    await app.waitForFrame('Host name › pasted.example.com');
    await app.waitForFrame('a valid host name');
    // The cursor is at the end: typing goes on from there.
    await app.press('x');
    await app.waitForFrame('Host name › pasted.example.comx');
  });

  it('q types a q in the field instead of quitting, and Esc goes back', async ({ renderUi }) => {
    const app = await openAdd(renderUi, 'prj_demo_scale');
    await app.press('q');
    await app.waitForFrame('Host name › q');
    await app.press('esc');
    await app.waitForFrame('HOST NAME');
  });
});
