import { describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { OUTSIDER_KEY, startTestServer, TESTER_KEY } from '../helpers/server.js';
import { oneLine, plainText, type UiHandle, type RenderAppOptions } from '../helpers/ui.js';
import { hostsIn } from '../helpers/domain-table.js';

const server = seededServerForFile();

const pageLine = (frame: string) =>
  /page (\d+) · rows \d+–\d+ of ≥? ?\d+ · (\d+) per page/.exec(frame);

async function openScale(
  renderUi: (options?: RenderAppOptions) => Promise<UiHandle>,
  flags: Record<string, string> = {},
) {
  const ui = await renderUi({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale', ...flags },
  });
  await ui.waitForFrame((f) => hostsIn(f).length > 0 && f.includes('Demo Scale'));
  return ui;
}

describe('the domains screen', () => {
  it('pages forward and back through all 45 domains of prj_demo_scale, no row twice', async ({
    renderUi,
  }) => {
    const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
    const all: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.listDomains('prj_demo_scale', { pageSize: 100, pageToken: token });
      all.push(...page.domains.map((d) => d.domain));
      token = page.next_page_token || undefined;
    } while (token);
    expect(all).toHaveLength(45);

    const app = await openScale(renderUi);
    const first = app.frame();
    expect(first).toContain('Domains of Demo Scale (prj_demo_scale)');
    const size = Number(pageLine(first)?.[2]);
    expect(size).toBeGreaterThanOrEqual(5);
    const pages = Math.ceil(45 / size);

    const seen: string[][] = [hostsIn(first)];
    expect(pageLine(first)?.[1]).toBe('1');
    for (let page = 2; page <= pages; page++) {
      await app.press(page % 2 === 0 ? 'n' : 'right');
      const frame = await app.waitForFrame(
        (f) => pageLine(f)?.[1] === String(page) && hostsIn(f).length > 0,
      );
      seen.push(hostsIn(frame));
    }
    expect(app.frame()).toContain('last page');
    // n on the last page stays there.
    await app.press('n');
    expect(pageLine(app.frame())?.[1]).toBe(String(pages));

    const flat = seen.flat();
    expect(flat).toEqual(all);
    expect(new Set(flat).size).toBe(45);
    for (const rows of seen.slice(0, -1)) expect(rows).toHaveLength(size);

    // Back, page by page, to the very same rows.
    for (let page = pages - 1; page >= 1; page--) {
      await app.press(page % 2 === 0 ? 'b' : 'left');
      const frame = await app.waitForFrame(
        (f) => pageLine(f)?.[1] === String(page) && hostsIn(f).length > 0,
      );
      expect(hostsIn(frame)).toEqual(seen[page - 1]);
    }
    // b on the first page stays there.
    await app.press('b');
    expect(pageLine(app.frame())?.[1]).toBe('1');
  });

  it('shows status, verified at, TLS expiry with days left and created; the expiring one stands out', async ({
    renderUi,
  }) => {
    const app = await openScale(renderUi);
    const frame = app.frame();
    for (const header of ['HOST NAME', 'STATUS', 'VERIFIED AT', 'TLS EXPIRY', 'CREATED']) {
      expect(frame).toContain(header);
    }
    expect(frame).toMatch(
      /www\.acme-shop\.com\s+verified\s+\d{4}-\d\d-\d\d\s+\d{4}-\d\d-\d\d \d+d\s+\d{4}-\d\d-\d\d/,
    );
    expect(frame).toMatch(/api\.acme-shop\.com\s+pending\s+-\s+-/);
    // The oldest domain's certificate expires within 14 days: it is on the last page.
    for (let i = 0; i < 5 && !app.frame().includes('last page'); i++) {
      await app.press('n');
      await app.waitForFrame((f) => !f.includes('Loading'));
    }
    expect(app.frame()).toMatch(/mail\.globex\.org\s+verified\s+\S+\s+\S+ (\d|1[0-3])d/);
  });

  it('counts the rows of all 45 once every domain is loaded, not "≥"', async ({ renderUi }) => {
    const app = await openScale(renderUi);
    const frame = await app.waitForFrame(/^45 domains · /m);
    const size = Number(pageLine(frame)?.[2]);
    expect(frame).toContain(`page 1 · rows 1–${size} of 45 · ${size} per page`);
    await app.press('n');
    const second = await app.waitForFrame(/page 2 · /);
    expect(second).toContain(`page 2 · rows ${size + 1}–${2 * size} of 45 · `);
  });

  it("no frame of its first moments shows a wrong count: the numbers are the project's, or said to be those loaded so far, or not there yet", async ({
    renderUi,
  }) => {
    const TOTALS = '45 domains · 30 verified · 15 pending · 1 expiring ≤ 14 d · 0 failing DNS';
    // As a real start draws it (the first page asked for before the UI loads), and without.
    for (const prefetched of [true, false]) {
      const app = await renderUi({
        prefetched,
        flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
      });
      await app.waitForFrame(TOTALS);
      // Every frame drawn: the line under the title, each time it was drawn.
      const lines = plainText(app.written()).split('\n');
      const summaries = lines.flatMap((line, i) =>
        line.startsWith('Domains of Demo Scale') ? [lines[i + 1]?.trim() ?? ''] : [],
      );
      expect(summaries.at(-1)).toBe(TOTALS);
      for (const summary of summaries) {
        if (summary === '' || summary === 'counting every domain…' || summary === TOTALS) continue;
        const partial =
          /^(\d+) loaded so far… · of those (\d+) verified · (\d+) pending · \d+ expiring ≤ 14 d · 0 failing DNS$/.exec(
            summary,
          );
        expect(partial, `prefetched: ${prefetched}; a frame's summary: ${summary}`).not.toBeNull();
        const [loaded, verified, pending] = (partial ?? []).slice(1).map(Number);
        expect(loaded).toBeGreaterThan(0);
        expect(loaded).toBeLessThanOrEqual(45);
        expect((verified ?? 0) + (pending ?? 0)).toBe(loaded);
      }
      await app.cleanup();
    }
  });

  it('names the sort of the pages in the header: created, newest first', async ({ renderUi }) => {
    const app = await openScale(renderUi);
    const header =
      app
        .frame()
        .split('\n')
        .find((line) => line.includes('HOST NAME')) ?? '';
    expect(header).toMatch(/CREATED ↓$/);
    // s steps to the host names: the arrow goes with the sort.
    await app.press('s');
    const sorted = await app.waitForFrame('sorted by host');
    const sortedHeader = sorted.split('\n').find((line) => line.includes('HOST NAME')) ?? '';
    expect(sortedHeader).toMatch(/^ {2}HOST NAME ↑ .*CREATED$/);
  });

  it('moves the selection with arrows and j/k, and Enter opens the details', async ({
    renderUi,
  }) => {
    const app = await openScale(renderUi);
    expect(app.frame()).toMatch(/› www\.acme-shop\.com/);
    await app.press('j', 'down');
    expect(app.frame()).toMatch(/› app\.acme-shop\.com/);
    await app.press('k');
    expect(app.frame()).toMatch(/› api\.acme-shop\.com/);
    await app.press('enter');
    const details = await app.waitForFrame('DNS records');
    expect(details).toContain('api.acme-shop.com · pending');
    await app.press('esc');
    await app.waitForFrame('HOST NAME');
    expect(app.frame()).toMatch(/› api\.acme-shop\.com/);
  });

  it('has an empty state of its own, and r shows a domain added meanwhile', async ({
    renderUi,
  }) => {
    // Its own server: the other tests count on the demo data as seeded.
    const own = await startTestServer();
    let ui: UiHandle | undefined;
    try {
      ui = await renderUi({
        flags: { baseUrl: own.url, token: TESTER_KEY, project: 'prj_demo_enterprise' },
      });
      await ui.waitForFrame('No domains yet: press a to add one.');
      const client = createApiClient({ baseUrl: own.url, token: TESTER_KEY });
      await client.addDomain('prj_demo_enterprise', 'refresh-test.example.org');
      await ui.press('r');
      const frame = await ui.waitForFrame('refresh-test.example.org');
      expect(frame).toMatch(/› refresh-test\.example\.org\s+pending/);
    } finally {
      // The app ends before its server does.
      await ui?.cleanup();
      await own.close();
    }
  });

  it('on page 2, a domain added with the form is counted and found once back, and r counts one added by anyone', async ({
    renderUi,
  }) => {
    // Its own server: the other tests count on the demo data as seeded.
    const own = await startTestServer();
    let ui: UiHandle | undefined;
    try {
      ui = await renderUi({
        flags: { baseUrl: own.url, token: TESTER_KEY, project: 'prj_demo_scale', watchInterval: 0 },
      });
      await ui.waitForFrame(/^45 domains · /m);
      await ui.press('n');
      await ui.waitForFrame(/page 2 · rows \d+–\d+ of 45 · /);
      await ui.press('a');
      await ui.waitForFrame('Add a custom domain');
      await ui.press('z1.newco.com', 'enter');
      await ui.waitForFrame('✓ Added.');
      await ui.press('esc');
      // Page 2 again, and every domain counted again.
      const back = await ui.waitForFrame(/page 2 · rows \d+–\d+ of 46 · /);
      expect(back).toMatch(/^46 domains · /m);
      await ui.press('/');
      await ui.press('newco');
      const found = await ui.waitForFrame('1 match for "newco" of 46 loaded');
      expect(found).toMatch(/› z1\.newco\.com\s+pending/);
      // Esc ends the typing, Esc clears the filter: back in the pages, on page 2.
      await ui.press('esc', 'esc');
      await ui.waitForFrame(/page 2 · rows \d+–\d+ of 46 · /);

      // Added by someone else: r on page 2 reloads the page and counts every domain again.
      const client = createApiClient({ baseUrl: own.url, token: TESTER_KEY });
      await client.addDomain('prj_demo_scale', 'z2.newco.com');
      await ui.press('r');
      const refreshed = await ui.waitForFrame(/page 2 · rows \d+–\d+ of 47 · /);
      expect(refreshed).toMatch(/^47 domains · /m);
    } finally {
      // The app ends before its server does.
      await ui?.cleanup();
      await own.close();
    }
  });

  it('on the last page, a domain added with the form: the pages are cut again, so the rows line counts what the summary counts, after r too, and b shows the rows just before', async ({
    renderUi,
  }) => {
    // Its own server: the other tests count on the demo data as seeded.
    const own = await startTestServer();
    let ui: UiHandle | undefined;
    try {
      ui = await renderUi({
        flags: { baseUrl: own.url, token: TESTER_KEY, project: 'prj_demo_scale', watchInterval: 0 },
      });
      await ui.waitForFrame(/^45 domains · /m);
      // Typed ahead in one read: each n waits for the page before it, then turns the next.
      await ui.pressTogether('n', 'n', 'n');
      await ui.waitForFrame('page 4 · rows 43–45 of 45 · ');
      await ui.press('a');
      await ui.waitForFrame('Add a custom domain');
      await ui.press('z3.newco.com', 'enter');
      await ui.waitForFrame('✓ Added.');
      await ui.press('esc');
      // The new domain is the first of page 1: the three oldest are now the 44th to the 46th,
      // and the pages, cut again, tile the list: the last one holds the 43rd to the 46th.
      await ui.waitForFrame(/^46 domains · /m);
      await ui.waitForFrame('page 4 · rows 43–46 of 46 · ');
      // r asks for every domain again (one page of 100) and for this page.
      const asked = () =>
        own.requests.filter((r) => r === 'GET /v1/projects/prj_demo_scale/domains 200').length;
      const before = asked();
      await ui.press('r');
      const reloaded = await ui.waitForFrame(
        (f) => asked() >= before + 2 && /^46 domains · /m.test(f),
      );
      expect(reloaded).toContain('page 4 · rows 43–46 of 46 · ');
      // The page before it ends where it starts: no row skipped.
      await ui.press('b');
      await ui.waitForFrame('page 3 · rows 29–42 of 46 · ');
    } finally {
      // The app ends before its server does.
      await ui?.cleanup();
      await own.close();
    }
  });

  it('shows a spinner while a page loads', async ({ renderUi }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    });
    // The first frame is drawn before any answer can have come back.
    expect(ui.frame()).toContain('Loading page 1');
  });

  it('explains a 403: the custom-domains preview feature', async ({ renderUi }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: OUTSIDER_KEY, project: 'prj_demo_scale' },
    });
    const frame = oneLine(await ui.waitForFrame('HTTP 403 feature_not_enabled'));
    expect(frame).toContain('preview feature');
    expect(frame).toContain('`custom-domains` feature flag');
  });

  it('explains a 401 by pointing at the token', async ({ renderUi }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: 'dk_not_a_key', project: 'prj_demo_scale' },
    });
    const frame = oneLine(await ui.waitForFrame('HTTP 401 unauthorized'));
    expect(frame).toContain(
      'The token came from the --token flag (it wins over DOMAINCTL_TOKEN and the profile): check it.',
    );
  });

  it('explains a 404 for a project the caller cannot see', async ({ renderUi }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_other' },
    });
    const frame = await ui.waitForFrame('HTTP 404 not_found');
    expect(oneLine(frame)).toContain('not a member of its organisation');
    expect(oneLine(frame)).toContain('pick another project (p)');
  });

  it('explains a network error by pointing at the base URL', async ({ renderUi }) => {
    const gone = await startTestServer();
    await gone.close();
    const ui = await renderUi({
      flags: { baseUrl: gone.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    });
    const frame = await ui.waitForFrame('Cannot reach the API', 15_000);
    expect(oneLine(frame)).toContain(`Check the base URL ${gone.url}`);
  });

  it('keeps the table readable at 60 columns: the least important columns go', async ({
    renderUi,
  }) => {
    const app = await openScale(renderUi);
    await app.resize(60);
    const frame = await app.waitForFrame((f) => !f.includes('CREATED'));
    const lines = frame.split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    expect(frame).toContain('HOST NAME');
    expect(frame).toContain('STATUS');
    expect(frame).toContain('TLS EXPIRY');
    expect(frame).not.toContain('VERIFIED AT');
    // Every row is one line: host, status and expiry side by side.
    expect(frame).toMatch(/› www\.acme-shop\.com\s+verified\s+\d{4}-\d\d-\d\d \d+d/);
    // Where the page stands, whole on one line; the page size gave way to the watch's note.
    expect(frame).toMatch(/^page 1 · rows 1–\d+ of (≥ \d+|45) · watching \d+ pending domains$/m);
    // And back to a wide terminal: all columns again.
    await app.resize(100);
    await app.waitForFrame('CREATED');
  });

  it('p goes to the projects and Enter on another project opens its domains', async ({
    renderUi,
  }) => {
    const app = await openScale(renderUi);
    await app.press('p');
    await app.waitForFrame('Demo Enterprise');
    await app.press('j');
    await app.press('enter');
    // Another project's domains: the one below Demo Scale, and nothing of Demo Scale left.
    const frame = await app.waitForFrame('Domains of Demo Enterprise');
    expect(frame).not.toContain('Demo Scale');
  });
});
