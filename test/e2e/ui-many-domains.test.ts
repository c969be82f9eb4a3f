// @module-tag tmux
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Domain } from '../../src/contract/schemas.js';
import { tlsExpiry } from '../../src/core/tls.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { type FakeApi, startFakeApi } from '../helpers/fake-api.js';
import { addManyDomains, allDomains } from '../helpers/many-domains.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { repoRoot as root } from '../helpers/terminal-session.js';
import { shellNode, startTerminal, type Terminal } from '../helpers/tmux.js';
import { hostsIn, rowOf } from '../helpers/domain-table.js';

// The operator's walk, in a real terminal with the real bin, against a server seeded with 600
// domains (the demo's 45, and 555 more added through the API) whose verifier asks a real DNS
// server: find, filter by status, sort by expiry, the summary, and a domain verified meanwhile.
const PROJECT = 'prj_demo_scale';
const NAME = 'ui-many';
let dns: TestDnsServer;
let server: TestServer;
let term: Terminal;
let work: string;
let domains: Domain[];

beforeAll(async () => {
  dns = await startDnsServer({});
  server = await startTestServer({ dnsServer: dns.address, verifyIntervalSeconds: 1 });
  await addManyDomains(server, PROJECT, 555);
  domains = await allDomains(server, PROJECT);
  work = mkdtempSync(join(tmpdir(), 'domainctl-ui-many-'));
  term = startTerminal({
    name: NAME,
    columns: 120,
    rows: 40,
    env: { DOMAINCTL_CONFIG_DIR: join(work, 'config') },
  });
}, 60_000);
afterAll(async () => {
  term?.kill();
  await server?.close();
  await dns?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const expiring = (d: Domain) => {
  const tls = tlsExpiry(d.tls_cert_expiry, new Date());
  return tls.state === 'expired' || (tls.state === 'valid' && tls.soon);
};

// The two walks run side by side, each in a terminal and a config folder of its own, against
// servers of their own: only the 600 domains read before them are shared.
describe.concurrent('the domains screen with 600 domains, in a real terminal', () => {
  it('filters, sorts, sums up and watches all 600', async ({ expect }) => {
    const { send, tmux, waitForScreen } = term;
    const type = (text: string) => tmux('send-keys', '-t', NAME, '-l', text);
    await waitForScreen('$');
    await send(
      {
        text: `cd ${root} && ${shellNode} bin/domainctl.js --base-url ${server.url} --token ${TESTER_KEY} --project ${PROJECT} --watch-interval 1; echo EXIT:$?`,
      },
      'Enter',
    );

    // The summary, over every domain, as the server has them.
    expect(domains).toHaveLength(600);
    const verified = domains.filter((d) => d.verified).length;
    await waitForScreen(
      `600 domains · ${verified} verified · ${600 - verified} pending · ${domains.filter(expiring).length} expiring ≤ 14 d · 0 failing DNS`,
    );

    // `/northwind`, typed in one read: only the hosts that match, and how many.
    type('/northwind');
    const northwind = domains.filter((d) => d.domain.includes('northwind'));
    const found = await waitForScreen(
      new RegExp(`${northwind.length} matches for "northwind"( of 600 loaded)? · `),
    );
    expect(hostsIn(found).length).toBeGreaterThan(10);
    for (const host of hostsIn(found)) expect(host).toContain('northwind');

    // `pending`: only the pending ones.
    await send('Escape');
    await waitForScreen(/page 1 · rows 1–/);
    type('/pending');
    const pending = domains.filter((d) => !d.verified);
    // (Without "of 600 loaded" where that keeps the line to one: the summary says it.)
    const shown = await waitForScreen(
      new RegExp(`${pending.length} matches for "pending"( of 600 loaded)? · `),
    );
    for (const host of hostsIn(shown)) expect(rowOf(shown, host)).toMatch(/\spending\s/);
    await send('Enter', 'Escape');
    await waitForScreen(/page 1 · rows 1–/);

    // s three times (in one read): by TLS expiry, the soonest of all 600 first.
    type('sss');
    const byExpiry = await waitForScreen('sorted by TLS expiry, soonest first');
    const soonest = domains
      .filter((d) => d.tls_cert_expiry)
      .sort((a, b) => Date.parse(a.tls_cert_expiry ?? '') - Date.parse(b.tls_cert_expiry ?? ''));
    expect(hostsIn(byExpiry).slice(0, 5)).toEqual(soonest.slice(0, 5).map((d) => d.domain));
    // Once more: back to the API's pages, newest first.
    type('s');
    const pages = await waitForScreen(/page 1 · rows 1–/);

    // The newest domain, pending on screen, is verified by the server meanwhile: the screen
    // shows it without a key.
    const newest = domains[0] as Domain;
    expect(rowOf(pages, newest.domain)).toMatch(/\spending\s/);
    await dns.restart({
      txt: { [newest.dns_instructions.txt_host]: newest.dns_instructions.txt_value },
    });
    await waitForScreen(`✓ ${newest.domain} turned verified`, 15_000);
    expect(rowOf(term.screen(), newest.domain)).toContain('✓ verified');

    // Five hosts pasted one a line (a bracketed paste, as terminals paste), one of them there
    // already and one invalid: three added, one 409, one 400.
    await send('a');
    await waitForScreen('Add a custom domain');
    tmux(
      'set-buffer',
      'one.e2e-many.test\ntwo.e2e-many.test\nmail.globex.org\nbad_host.e2e-many.test\nthree.e2e-many.test',
    );
    tmux('paste-buffer', '-p', '-t', NAME);
    // The one there already is named once every domain is loaded.
    await waitForScreen(
      /5 host names, 1 not valid(, 1 in the project already)?: Enter adds each in turn/,
    );
    await send('Enter');
    await waitForScreen('3 added (201), 1 already registered (409), 1 refused (400) of 5 hosts');
    await send('Escape');
    await waitForScreen('603 domains ·');

    await send('q');
    await waitForScreen('EXIT:0');
    // Its peak memory is the bench's to measure (`npm run bench -- --only memory`: under 150 MB),
    // on a machine doing nothing else: here it runs beside the whole suite, whose load moves a
    // peak by tens of MB (117-164 MB on Node 24 for the same walk).
  }, 120_000);
});

describe.concurrent('quitting during the background load', () => {
  let api: FakeApi;
  let quitTerm: Terminal;
  afterAll(async () => {
    quitTerm?.kill();
    await api?.close();
  });

  it('q while a page of the load is in flight: the process is gone within 1 s, nothing left running', async ({
    expect,
  }) => {
    api = await startFakeApi({
      projects: [{ id: 'prj_big', name: 'Big', plan: 'scale', organization_id: 'org_demo' }],
      domains: { prj_big: domains.map((d) => ({ ...d, project_id: 'prj_big' })) },
    });
    quitTerm = startTerminal({
      name: `${NAME}-quit`,
      columns: 120,
      rows: 30,
      env: { DOMAINCTL_CONFIG_DIR: join(work, 'quit-config') },
    });
    const { send, waitForScreen } = quitTerm;
    await waitForScreen('$');
    // The load's third page is kept: it is in flight when q comes.
    const held = api.hold((r) => r.includes('page_size=100') && r.includes('page_token=page3'));
    await send(
      {
        text: `cd ${root} && ${shellNode} bin/domainctl.js --base-url ${api.url} --token ${TESTER_KEY} --project prj_big; echo EXIT:$?`,
      },
      'Enter',
    );
    await held.arrived;
    await waitForScreen('200 loaded so far…');
    const asked = api.asked().length;
    const quitAt = performance.now();
    await send('q');
    await waitForScreen(/EXIT:0/, 2_000);
    expect(performance.now() - quitAt).toBeLessThan(1_000);
    await held.abandoned;
    held.release();
    expect(api.asked()).toHaveLength(asked);
  }, 60_000);
});
