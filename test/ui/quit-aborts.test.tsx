import { describe, expect, onTestFinished } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { ALL_MAX_PROJECTS } from '../../src/ui/projects/ProjectsScreen.js';
import { type FakeApi, fakeDomain, startFakeApi } from '../helpers/fake-api.js';
import { TESTER_KEY } from '../helpers/server.js';
import { helpIn, helpPages, oneLine } from '../helpers/ui.js';

// APIs that never finish a list, or keep an answer: quitting or leaving a screen ends what it
// had in flight; M stops at its bound; a page token handed out again stops the domains.

/**
 * A fake API for this test alone, closed once the test is over: after the renderUi fixture has
 * ended the test's apps (onTestFinished runs after the fixtures' cleanup).
 */
async function startApi(options: Parameters<typeof startFakeApi>[0]): Promise<FakeApi> {
  const api = await startFakeApi(options);
  onTestFinished(() => api.close());
  return api;
}

const project = (n: number) => ({
  id: `prj_n${n}`,
  name: `Endless ${n}`,
  plan: 'scale',
  organization_id: 'org_demo',
});

/** Projects for ever: every page holds `size` more and points to the next. */
const endlessProjects = (size: number) => (token: string | undefined) => {
  const page = token === undefined ? 0 : Number(token.slice(1));
  return {
    items: Array.from({ length: size }, (_, i) => project(page * size + i)),
    next: `p${page + 1}`,
  };
};

const domain = (n: number) => fakeDomain(n, 'prj_loop');

describe('what is in flight ends with the UI, or with the screen that asked', () => {
  it('q while M loads every page: the page in flight is abandoned and the app exits', async ({
    renderUi,
  }) => {
    const api = await startApi({ projectPage: endlessProjects(20) });
    const ui = await renderUi({ flags: { baseUrl: api.url, token: TESTER_KEY } });
    await ui.waitForFrame('20 loaded, more on the server');
    // The fifth page is kept: M is still loading when q comes.
    const held = api.hold((request) => request.includes('page_token=p5'));
    await ui.press('M');
    await held.arrived;
    await ui.waitForFrame('Loading every page…');
    await ui.press('q');
    await ui.exited();
    await held.abandoned;
    const asked = api.asked().length;
    held.release();
    // Nothing asked after the quit.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.asked()).toHaveLength(asked);
  });

  it('Ctrl+C while a page loads: the request is abandoned', async ({ renderUi }) => {
    const api = await startApi({ projectPage: endlessProjects(20) });
    const held = api.hold((request) => request.startsWith('GET /v1/projects'));
    const ui = await renderUi({ flags: { baseUrl: api.url, token: TESTER_KEY } });
    await held.arrived;
    await ui.waitForFrame('Loading projects…');
    await ui.press('ctrl-c');
    await ui.exited();
    await held.abandoned;
    held.release();
  });

  it('Esc from a domains page that is loading: its request is abandoned, the projects stay', async ({
    renderUi,
  }) => {
    const api = await startApi({
      projectPage: () => ({ items: [project(1), project(2)], next: '' }),
      domains: { prj_n1: [domain(1)] },
    });
    const ui = await renderUi({ flags: { baseUrl: api.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_n1');
    const held = api.hold((request) => request.startsWith('GET /v1/projects/prj_n1/domains'));
    await ui.press('enter');
    await held.arrived;
    await ui.waitForFrame('Loading page 1 of the domains…');
    await ui.press('esc');
    await held.abandoned;
    const frame = await ui.waitForFrame('prj_n2');
    expect(frame).toContain('Projects');
    held.release();
  });
});

describe('lists that never end', () => {
  it(`M stops at ${ALL_MAX_PROJECTS} projects and says so; m still loads a page`, async ({
    renderUi,
  }) => {
    const api = await startApi({ projectPage: endlessProjects(100) });
    const ui = await renderUi({ flags: { baseUrl: api.url, token: TESTER_KEY } });
    await ui.waitForFrame('100 loaded, more on the server');
    await ui.press('M');
    const frame = await ui.waitForFrame(`${ALL_MAX_PROJECTS} loaded, the most M loads`, 20_000);
    expect(api.asked()).toHaveLength(ALL_MAX_PROJECTS / 100);
    // At 80 columns the line wraps, whole (its end says what to do), and the table makes room.
    await ui.resize(80, 24);
    const narrow = ui.frame();
    expect(oneLine(narrow)).toContain(
      `${ALL_MAX_PROJECTS} loaded, the most M loads; more on the server: m loads the next page, / filters, i opens one by ID`,
    );
    expect(narrow.split('\n').length).toBeLessThanOrEqual(23);
    expect(narrow).toMatch(/q quit/);
    // M is not offered again; m is.
    expect(frame).toMatch(/m more/);
    await ui.press('?');
    const pages = await helpPages(ui, 'Keys: Projects');
    expect(pages.map((page) => helpIn(page, 'M', 'load every page')).find(Boolean)).toBe(
      'load every page of projects (up to 10,000) (not now)',
    );
    expect(pages.map((page) => helpIn(page, 'm', 'load the next page')).find(Boolean)).toBe(
      'load the next page of projects',
    );
    await ui.press('?', 'm');
    await ui.waitForFrame(`${ALL_MAX_PROJECTS + 100} loaded`);
  }, 30_000);

  it('domains: a page token handed out again stops the list with a clear line, and no n', async ({
    renderUi,
  }) => {
    const api = await startApi({
      domainPage: (_project, token) => ({ items: [domain(token ? 2 : 1)], next: 'again' }),
      projects: [project(1)],
    });
    const ui = await renderUi({
      flags: { baseUrl: api.url, token: TESTER_KEY, project: 'prj_n1' },
    });
    await ui.waitForFrame('d1.example.com');
    await ui.press('n');
    const frame = await ui.waitForFrame('handed out the page token "again" again');
    expect(frame).toContain('d2.example.com');
    expect(frame).toContain("The API's paging is broken");
    expect(frame).not.toContain('n → next page');
    expect(frame).toContain('last page');
    const asked = api.asked().length;
    await ui.press('n');
    expect(api.asked()).toHaveLength(asked);
  });
});
