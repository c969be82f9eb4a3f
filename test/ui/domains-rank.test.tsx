import { beforeAll, describe, expect } from 'vitest';
import type { Domain } from '../../src/contract/schemas.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { addDomain, addManyDomains, allDomains } from '../helpers/many-domains.js';
import { TESTER_KEY } from '../helpers/server.js';
import type { UiHandle, RenderAppOptions } from '../helpers/ui.js';
import { hostsIn, rowOf } from '../helpers/domain-table.js';

// The filter (/) ranks its matches as fzf does: the hosts that are or start with what was typed
// first, then those that hold it as typed, then fzf's fuzzy matches; with no text, the sort.
const PROJECT = 'prj_demo_scale';
const server = seededServerForFile();
// A customer's hosts among many: customer30. to customer36. hold the letters of "customer3."
// in order, and the newest of them come before the oldest exact host in the API's order.
const CUSTOMERS = [
  'customer3.alpha.test',
  ...[30, 31, 32, 33, 34, 35, 36].map((n) => `customer${n}.alpha.test`),
  'customer3.beta.test',
  'www.customer3.gamma.test',
];
let domains: Domain[];
beforeAll(async () => {
  await addManyDomains(server, PROJECT, 155);
  for (const host of CUSTOMERS) await addDomain(server, PROJECT, host);
  domains = await allDomains(server, PROJECT);
});

async function open(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  const ui = await renderUi({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
  });
  await ui.waitForFrame(`${domains.length} domains ·`);
  // Wide enough for the status line's long form, which names the sort that breaks ties.
  await ui.resize(160, 24);
  return ui;
}

/** The hosts in the API's order (newest first) that `keep` keeps. */
const inApiOrder = (keep: (host: string) => boolean) => domains.map((d) => d.domain).filter(keep);

describe('the filter ranks its matches', () => {
  it('customer3. shows the exact hosts first, then customer30. to customer36.', async ({
    renderUi,
  }) => {
    const app = await open(renderUi);
    await app.pressTogether('/', 'customer3.');
    const frame = await app.waitForFrame(
      `${CUSTOMERS.length} matches for "customer3." of ${domains.length} loaded`,
    );
    expect(hostsIn(frame)).toEqual([
      // Those that start with it, newest first (the sort breaks ties)…
      'customer3.beta.test',
      'customer3.alpha.test',
      // …then the one that holds it as typed…
      'www.customer3.gamma.test',
      // …then the fuzzy ones, newest first.
      ...[36, 35, 34, 33, 32, 31, 30].map((n) => `customer${n}.alpha.test`),
    ]);
    expect(frame).toContain('best match first, ties sorted by created, newest first');
    // The best match is the one selected.
    expect(frame).toMatch(/^› customer3\.beta\.test /m);
  });

  it('shop. lists the shop. hosts before www.acme-shop.com, and keeps status words', async ({
    renderUi,
  }) => {
    const startsWith = inApiOrder((h) => h.startsWith('shop.'));
    const holds = inApiOrder((h) => h.includes('shop.') && !h.startsWith('shop.'));
    expect(startsWith.length).toBeGreaterThan(1);
    expect(holds).toContain('www.acme-shop.com');
    const app = await open(renderUi);
    await app.pressTogether('/', 'shop.');
    const frame = await app.waitForFrame('matches for "shop."');
    const shown = hostsIn(frame);
    expect(shown.length).toBeGreaterThan(startsWith.length + 1);
    expect(shown).toEqual([...startsWith, ...holds].slice(0, shown.length));

    // A status word still narrows, and the rest still ranks.
    await app.pressTogether(' ', 'verified');
    const verified = await app.waitForFrame('matches for "shop. verified"');
    const verifiedShown = hostsIn(verified);
    for (const host of verifiedShown) expect(rowOf(verified, host)).toMatch(/\sverified\s/);
    const isVerified = (host: string) => domains.find((d) => d.domain === host)?.verified === true;
    expect(verifiedShown.length).toBeGreaterThan(0);
    expect(verifiedShown).toEqual(
      [...startsWith, ...holds].filter(isVerified).slice(0, verifiedShown.length),
    );
  });

  it('with no text, keeps the sort', async ({ renderUi }) => {
    const app = await open(renderUi);
    await app.press('s');
    await app.waitForFrame('sorted by host name, A to Z');
    await app.pressTogether('/', 'shop.');
    await app.waitForFrame('best match first, ties sorted by host name, A to Z');
    // The text taken back, one key at a time: the table is back in the sort's order.
    await app.pressTogether(...Array<string>(5).fill('backspace'));
    const frame = await app.waitForFrame(`all ${domains.length} loaded · sorted by host name`);
    const byHost = domains.map((d) => d.domain).sort();
    expect(hostsIn(frame)).toEqual(byHost.slice(0, hostsIn(frame).length));
  });
});
