import { beforeAll, describe, expect } from 'vitest';
import type { Domain } from '../../src/contract/schemas.js';
import { tlsExpiry } from '../../src/core/tls.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { addManyDomains, allDomains } from '../helpers/many-domains.js';
import { TESTER_KEY } from '../helpers/server.js';
import type { UiHandle, RenderAppOptions } from '../helpers/ui.js';
import { hostsIn, rowOf } from '../helpers/domain-table.js';

// The domains screen over every domain of a project of 200: filter (/), sort (s) and summary, all
// worked out on the pages loaded in the background, and checked against the server's own data.
const PROJECT = 'prj_demo_scale';
const server = seededServerForFile();
let domains: Domain[];
beforeAll(async () => {
  await addManyDomains(server, PROJECT, 155);
  domains = await allDomains(server, PROJECT);
});

async function open(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  const ui = await renderUi({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
  });
  await ui.waitForFrame('200 domains ·');
  return ui;
}

const expiring = (d: Domain) => {
  const tls = tlsExpiry(d.tls_cert_expiry, new Date());
  return tls.state === 'expired' || (tls.state === 'valid' && tls.soon);
};

describe('the summary line', () => {
  it('sums up every domain of the project as the server has them', async ({ renderUi }) => {
    expect(domains).toHaveLength(200);
    const app = await open(renderUi);
    const verified = domains.filter((d) => d.verified).length;
    const pending = domains.length - verified;
    expect(app.frame()).toContain(
      `200 domains · ${verified} verified · ${pending} pending · ${domains.filter(expiring).length} expiring ≤ 14 d · 0 failing DNS`,
    );
    // Pending and verified both, and the one expiring of the demo data.
    expect(verified).toBeGreaterThan(0);
    expect(domains.filter(expiring)).toHaveLength(1);
  });
});

describe('the filter (/)', () => {
  it('typed in one read with the /, shows only the hosts that match, with their count', async ({
    renderUi,
  }) => {
    const app = await open(renderUi);
    await app.pressTogether('/', 'northwind');
    const matching = domains.filter((d) => d.domain.includes('northwind'));
    const frame = await app.waitForFrame(
      `${matching.length} matches for "northwind" of 200 loaded`,
    );
    const shown = hostsIn(frame);
    expect(shown.length).toBeGreaterThan(3);
    for (const host of shown) expect(host).toContain('northwind');
    // All rank alike (each holds it as typed, after a dot): newest first, as the API lists them.
    expect(shown).toEqual(matching.map((d) => d.domain).slice(0, shown.length));
    // Enter keeps the filter and goes to the list: j moves in the matches.
    await app.press('enter');
    await app.waitForFrame((f) => !f.includes('keep filter'));
    await app.press('j');
    // The selection moves to the second match (waited for: a busy machine draws late).
    await app.waitForFrame(new RegExp(`› ${matching[1]?.domain.replaceAll('.', '\\.')} `));
    // Esc clears it: back to the pages.
    await app.press('esc');
    await app.waitForFrame(/page 1 · rows 1–/);
    expect(app.frame()).not.toContain('matches for');
  });

  it('takes status words: pending shows only pending domains, expiring the one certificate due', async ({
    renderUi,
  }) => {
    const app = await open(renderUi);
    await app.pressTogether('/', 'pending');
    const pending = domains.filter((d) => !d.verified);
    // (At 100 columns the line leaves out "of 200 loaded", which would wrap it: the summary says it.)
    const frame = await app.waitForFrame(`${pending.length} matches for "pending" · `);
    for (const host of hostsIn(frame)) expect(rowOf(frame, host)).toMatch(/\spending\s/);
    await app.press('esc');
    await app.pressTogether('/', 'expiring');
    const due = await app.waitForFrame('1 match for "expiring" of 200 loaded');
    expect(hostsIn(due)).toEqual(domains.filter(expiring).map((d) => d.domain));
  });

  it('says so when nothing matches, and what to do', async ({ renderUi }) => {
    const app = await open(renderUi);
    await app.pressTogether('/', 'zzzq');
    const frame = await app.waitForFrame('0 matches');
    expect(frame).toContain('No domain matches "zzzq" among the 200 loaded');
    expect(frame).toContain('Esc clears it');
  });
});

describe('the sort (s)', () => {
  it('cycles host, status, TLS expiry (soonest first) and back to the pages, over all 200', async ({
    renderUi,
  }) => {
    const app = await open(renderUi);
    await app.press('s');
    const byHost = await app.waitForFrame('HOST NAME ↑');
    expect(byHost).toContain('sorted by host name, A to Z');
    const hosts = domains.map((d) => d.domain).sort();
    expect(hostsIn(byHost)).toEqual(hosts.slice(0, hostsIn(byHost).length));

    await app.press('s');
    const byStatus = await app.waitForFrame('STATUS ↑');
    for (const host of hostsIn(byStatus)) expect(rowOf(byStatus, host)).toMatch(/\spending\s/);

    await app.press('s');
    const byExpiry = await app.waitForFrame('TLS EXPIRY ↑');
    expect(byExpiry).toContain('sorted by TLS expiry, soonest first');
    const soonest = domains
      .filter((d) => d.tls_cert_expiry)
      .sort((a, b) => Date.parse(a.tls_cert_expiry ?? '') - Date.parse(b.tls_cert_expiry ?? ''));
    // The soonest of all 200 (on the API's last page) comes first.
    expect(hostsIn(byExpiry).slice(0, 3)).toEqual(soonest.slice(0, 3).map((d) => d.domain));

    await app.press('s');
    await app.waitForFrame(/page 1 · rows 1–/);
    expect(app.frame()).not.toContain('↑');
  });

  it('shows each new order from its top, whichever domain was selected', async ({ renderUi }) => {
    const app = await open(renderUi);
    await app.press('j', 'j');
    // Two sorts in one read: each counts.
    await app.pressTogether('s', 's');
    const frame = await app.waitForFrame('STATUS ↑');
    expect(/^› (\S+)/m.exec(frame)?.[1]).toBe(hostsIn(frame)[0]);
    expect(frame).toMatch(/ · rows 1–/);
  });
});

describe('the way back from a sort', () => {
  it('a sort alone offers Esc as the way back to the pages, not as clearing a filter', async ({
    renderUi,
  }) => {
    const ui = await open(renderUi);
    await ui.press('s');
    const sorted = await ui.waitForFrame('HOST NAME ↑');
    expect(sorted).toMatch(/Esc back to pages/);
    expect(sorted).not.toMatch(/clear filter/);
    await ui.press('esc');
    await ui.waitForFrame(/page 1 · rows 1–/);
  });
});
