import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import type { ReadDomain as Domain } from '../../src/contract/read-schemas.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { startTerminal, type Terminal } from '../helpers/tmux.js';
import { oneLine, type UiHandle, type RenderAppOptions } from '../helpers/ui.js';

const server = seededServerForFile();
let dns: TestDnsServer;
let first: Domain;
beforeAll(async () => {
  const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
  const page = await client.listDomains('prj_demo_scale', { pageSize: 1 });
  if (!page.domains[0]) throw new Error('no demo domains');
  first = page.domains[0];
  // A DNS server that holds none of the records: the check answers at once, "not right yet".
  dns = await startDnsServer({});
});
afterAll(async () => {
  await dns?.stop();
});

/** Opens the first domain with its TXT record selected. */
async function openTxt(
  renderUi: (options?: RenderAppOptions) => Promise<UiHandle>,
  env: NodeJS.ProcessEnv = {},
) {
  const ui = await renderUi({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    env: { DOMAINCTL_DNS_SERVER: dns.address, ...env },
  });
  await ui.waitForFrame(first.domain);
  await ui.press('enter');
  await ui.waitForFrame('DNS records');
  await ui.press('down');
  await ui.waitForFrame(/› TXT/);
  return ui;
}

const OSC_52 = '\u001b]52;';

describe('copy inside tmux', { tags: ['tmux'] }, () => {
  let term: Terminal | undefined;
  afterEach(() => {
    term?.kill();
    term = undefined;
  });

  it("goes into tmux's paste buffer through tmux load-buffer, with tmux's defaults, and says so", async ({
    renderUi,
  }) => {
    // A tmux server of its own, as it starts: set-clipboard external, which drops OSC 52.
    term = startTerminal({ name: 'copy', columns: 80, rows: 24, env: {} });
    expect(term.tmux('show-options', '-gv', 'set-clipboard').trim()).toBe('external');
    const socket = term.display('#{socket_path}');
    const app = await openTxt(renderUi, { TMUX: `${socket},${process.pid},0` });
    const dnsTxt = first.dns_instructions;
    await app.press('c');
    const frame = oneLine(await app.waitForFrame("tmux's paste buffer"));
    expect(frame).toContain(
      `✓ Copied the TXT value for ${dnsTxt.txt_host} into tmux's paste buffer (prefix ] pastes it)`,
    );
    expect(term.tmux('show-buffer')).toBe(dnsTxt.txt_value);
    // Nothing is sent that tmux would drop.
    expect(app.written()).not.toContain(OSC_52);
  });

  it('says plainly that it could not copy, and shows the value to select', async ({ renderUi }) => {
    const app = await openTxt(renderUi, { TMUX: '/nonexistent/tmux-socket,1,0' });
    await app.press('c');
    const frame = await app.waitForFrame('Could not copy');
    const dnsTxt = first.dns_instructions;
    expect(oneLine(frame)).toContain(
      `✗ Could not copy the TXT value for ${dnsTxt.txt_host}: tmux load-buffer failed:`,
    );
    expect(oneLine(frame)).toContain('Select it here:');
    const lines = frame.split('\n');
    const at = lines.findIndex((line) => line.includes('Select it here:'));
    expect(lines[at + 1]?.trim()).toBe(dnsTxt.txt_value);
    expect(frame).not.toContain('✓ Copied');
    expect(app.written()).not.toContain(OSC_52);
  });
});

describe('the status line of the domain screen', () => {
  it("is the last action's: a d check replaces ✓ Copied, and a copy replaces the check's line", async ({
    renderUi,
  }) => {
    const app = await openTxt(renderUi);
    await app.press('c');
    await app.waitForFrame('✓ Copied the TXT value');
    await app.press('d');
    const checked = await app.waitForFrame('not right yet');
    expect(checked).not.toContain('✓ Copied');
    await app.press('h');
    const copied = await app.waitForFrame('✓ Copied the host');
    expect(copied).not.toContain('not right yet');
    // The marks of the check stay in the table: they are its results, not a message.
    expect(copied).toMatch(/✗ missing/);
  });
});
