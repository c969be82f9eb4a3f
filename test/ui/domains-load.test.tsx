import { describe, expect, onTestFinished } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { CATALOG_MAX_DOMAINS } from '../../src/ui/domains/useDomainCatalog.js';
import { type FakeApi, startFakeApi } from '../helpers/fake-api.js';
import { TESTER_KEY } from '../helpers/server.js';
import { helpIn, helpPages } from '../helpers/ui.js';

// The domains screen loads every page in the background for its filter, sort and summary: it
// says how far it has come, stops on Esc, holds a bound, and ends with the UI.

/**
 * A fake API for this test alone, closed once the test is over: after the renderUi fixture has
 * ended the test's apps (onTestFinished runs after the fixtures' cleanup).
 */
async function startApi(options: Parameters<typeof startFakeApi>[0]): Promise<FakeApi> {
  const api = await startFakeApi(options);
  onTestFinished(() => api.close());
  return api;
}

const domain = (n: number) => {
  const name = `d${n}.example.com`;
  return {
    id: `dom_${String(n).padStart(6, '0')}`,
    project_id: 'prj_big',
    domain: name,
    verified: n % 2 === 0,
    verified_at: n % 2 === 0 ? '2026-11-21T14:20:00.000Z' : null,
    tls_cert_expiry: n % 2 === 0 ? '2027-02-19T14:20:00.000Z' : null,
    dns_verification_token: `token${n}`.padEnd(16, '0'),
    dns_instructions: {
      cname_host: name,
      cname_target: 'edge.example.test',
      txt_host: `_v.${name}`,
      txt_value: `v=${n}`,
      acme_cname_host: `_acme-challenge.${name}`,
      acme_cname_target: 'acme.example.test',
    },
    created_at: '2026-11-21T14:20:00.000Z',
    updated_at: '2026-11-21T14:20:00.000Z',
  };
};

const project = { id: 'prj_big', name: 'Big', plan: 'scale', organization_id: 'org_demo' };
/** Pages of the background load: 100 a page, with a token. */
const walkPage = (request: string, token: string) =>
  request.includes('page_size=100') && request.includes(`page_token=${token}`);

async function start(count: number) {
  const api = await startApi({
    projects: [project],
    domains: { prj_big: Array.from({ length: count }, (_, i) => domain(i + 1)) },
  });
  return api;
}

describe('the background load of every domain', () => {
  it('says how far it has come, and Esc stops it where it is, the request abandoned', async ({
    renderUi,
  }) => {
    const fake = await start(350);
    // The second page of 100 is kept: the load is under way.
    const held = fake.hold((request) => walkPage(request, 'page2'));
    const ui = await renderUi({
      flags: { baseUrl: fake.url, token: TESTER_KEY, project: 'prj_big' },
    });
    await held.arrived;
    // The filter works on what is loaded so far.
    await ui.pressTogether('/', 'd99.');
    await ui.waitForFrame('1 match for "d99." of 100 loaded');
    await ui.waitForFrame('100 loaded so far… (Esc stops)');
    await ui.press('esc');
    await held.abandoned;
    const frame = await ui.waitForFrame('stopped at 100 loaded, more on the server (r loads all)');
    // The first Esc stopped the load; the filter stays until the next.
    expect(frame).toMatch(/Filter\s+d99\./);
    expect(frame).toContain('1 match for "d99." of 100 loaded');
    held.release();
    await ui.press('esc');
    await ui.waitForFrame(/page 1 · rows 1–/);
  });

  it('in the pages, where Esc does not stop the load, the summary does not offer it; under a sort it does', async ({
    renderUi,
  }) => {
    const fake = await start(350);
    const held = fake.hold((request) => walkPage(request, 'page2'));
    const ui = await renderUi({
      flags: { baseUrl: fake.url, token: TESTER_KEY, project: 'prj_big' },
    });
    await held.arrived;
    const pages = await ui.waitForFrame(/100 loaded so far…[^\n]*\n(.*\n)*.*page 1 · rows/);
    expect(pages).not.toContain('Esc stops');
    // The numbers are those of the 100 loaded, and say so: not the project's.
    expect(pages).toContain('100 loaded so far… · of those 50 verified · 50 pending · ');
    // Not counted yet: more pages follow.
    expect(pages).toMatch(/page 1 · rows 1–\d+ of ≥ \d+ · /);
    expect(pages).not.toContain('stop loading');
    await ui.press('?');
    const help = await helpPages(ui, 'Keys: Domains');
    const stop = help.map((page) => helpIn(page, 'Esc', 'stop loading every page')).find(Boolean);
    expect(stop).toMatch(/\(not now\)$/);
    await ui.press('?');
    await ui.waitForFrame('page 1 · rows');
    await ui.press('s');
    const sorted = await ui.waitForFrame('100 loaded so far… (Esc stops)');
    expect(sorted).toContain('Esc stop loading');
    await ui.press('esc');
    await held.abandoned;
    await ui.waitForFrame('stopped at 100 loaded');
    held.release();
  });

  it('r loads every page again, up to all 350', async ({ renderUi }) => {
    const fake = await start(350);
    const held = fake.hold((request) => walkPage(request, 'page2'));
    const ui = await renderUi({
      flags: { baseUrl: fake.url, token: TESTER_KEY, project: 'prj_big' },
    });
    await held.arrived;
    await ui.press('s');
    await ui.press('esc');
    await ui.waitForFrame('stopped at 100 loaded');
    held.release();
    await ui.press('r');
    await ui.waitForFrame('350 domains · 175 verified · 175 pending');
  });

  it('r in the pages, after the load was stopped under a sort, loads every page again as the summary says', async ({
    renderUi,
  }) => {
    const fake = await start(350);
    const held = fake.hold((request) => walkPage(request, 'page2'));
    const ui = await renderUi({
      flags: { baseUrl: fake.url, token: TESTER_KEY, project: 'prj_big' },
    });
    await held.arrived;
    await ui.press('s');
    await ui.press('esc');
    await ui.waitForFrame('stopped at 100 loaded, more on the server (r loads all)');
    held.release();
    // The second Esc leaves the sort: back in the pages, the summary still offers r.
    await ui.press('esc');
    const pages = await ui.waitForFrame(/page 1 · rows 1–/);
    expect(pages).toContain('stopped at 100 loaded, more on the server (r loads all)');
    await ui.press('r');
    const loaded = await ui.waitForFrame('350 domains · 175 verified · 175 pending');
    expect(loaded).toMatch(/page 1 · rows 1–\d+ of 350 · /);
  });

  it('q while it loads: the app exits, the request in flight is abandoned, nothing more is asked', async ({
    renderUi,
  }) => {
    const fake = await start(350);
    const held = fake.hold((request) => walkPage(request, 'page3'));
    const ui = await renderUi({
      flags: { baseUrl: fake.url, token: TESTER_KEY, project: 'prj_big' },
    });
    await held.arrived;
    await ui.waitForFrame('200 loaded so far…');
    const quitAt = performance.now();
    await ui.press('q');
    await ui.exited();
    await held.abandoned;
    expect(performance.now() - quitAt).toBeLessThan(1000);
    const asked = fake.asked().length;
    held.release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.asked()).toHaveLength(asked);
  });

  it(`stops at ${CATALOG_MAX_DOMAINS.toLocaleString('en-US')} domains, and says so`, async ({
    renderUi,
  }) => {
    const api = await startApi({
      projects: [project],
      domainPage: (_project, token) => {
        const page = token === undefined ? 0 : Number(token.slice(1));
        return {
          items: Array.from({ length: 100 }, (_, i) => domain(page * 100 + i + 1)),
          next: `p${page + 1}`,
        };
      },
    });
    const ui = await renderUi({
      flags: { baseUrl: api.url, token: TESTER_KEY, project: 'prj_big', watchInterval: 0 },
    });
    await ui.waitForFrame('10,000 loaded, the most this screen loads; more on the server', 30_000);
    // The first page of the screen, then 100 of the background load.
    expect(api.asked().filter((r) => r.includes('page_size=100'))).toHaveLength(100);
  }, 60_000);
});
