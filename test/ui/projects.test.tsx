import { describe, expect, vi } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { ProfileStore } from '../../src/config/profile-store.js';
import { startFakeApi } from '../helpers/fake-api.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { startTestServer, TESTER_KEY } from '../helpers/server.js';
import type { UiHandle } from '../helpers/ui.js';

const server = seededServerForFile();

const rowOf = (frame: string, id: string) => frame.split('\n').find((line) => line.includes(id));

describe('the projects screen', () => {
  it('lists the projects with name, id, plan, whether they can add domains, and organisation', async ({
    renderUi,
  }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    const frame = await ui.waitForFrame('prj_demo_free');
    expect(frame).toMatch(/NAME\s+ID\s+PLAN\s+DOMAINS\s+ORGANISATION/);
    expect(rowOf(frame, 'prj_demo_scale')).toMatch(
      /Demo Scale\s+prj_demo_scale\s+scale\s+yes\s+org_demo/,
    );
    expect(rowOf(frame, 'prj_demo_enterprise')).toMatch(/enterprise\s+yes/);
    expect(rowOf(frame, 'prj_demo_free')).toMatch(/free\s+no: upgrade/);
    expect(frame).toContain('Custom domains need a project on the Scale or Enterprise plan');
    // The project the demo users cannot see is not there.
    expect(frame).not.toContain('prj_other');
    expect(frame).toContain('+ Type an ID…');
  });

  it('filters as you type with /, and Enter opens the match', async ({ renderUi }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    await ui.press('/');
    await ui.waitForFrame('Filter ›');
    await ui.press('ent');
    const frame = await ui.waitForFrame((f) => !f.includes('prj_demo_free'));
    expect(frame).toContain('prj_demo_enterprise');
    expect(frame).not.toContain('prj_demo_scale');
    expect(frame).toContain('1 match "ent"');
    // q while typing is text, not quit.
    await ui.press('q');
    await ui.waitForFrame('Filter › entq');
    await ui.press('backspace');
    await ui.press('enter');
    await ui.waitForFrame('Domains of Demo Enterprise');
  });

  it('/ starts a new filter in place of the one kept from before; counts say matches', async ({
    renderUi,
  }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    await ui.press('/', 'ent', 'enter');
    await ui.waitForFrame('Domains of Demo Enterprise');
    await ui.press('p');
    await ui.waitForFrame('Filtered by "ent"');
    await ui.press('/', 'ent');
    const frame = await ui.waitForFrame('Filter › ent');
    expect(frame).not.toContain('entent');
    expect(frame).toContain('1 match "ent"');
    expect(frame).toContain('prj_demo_enterprise');
    await ui.press('x');
    expect(await ui.waitForFrame('Filter › entx')).toContain('0 matches "entx"');
    await ui.press('backspace', 'backspace', 'backspace', 'backspace', 'demo');
    expect(await ui.waitForFrame('Filter › demo')).toContain('3 matches "demo"');
  });

  it('Esc clears the filter', async ({ renderUi }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    await ui.press('/', 'free');
    await ui.waitForFrame((f) => !f.includes('prj_demo_scale'));
    await ui.press('esc');
    await ui.waitForFrame((f) => f.includes('prj_demo_scale') && f.includes('prj_demo_free'));
  });

  it('back from a project (p), says the filter it was left with is on, and Esc clears it', async ({
    renderUi,
  }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    // Typed ahead, in one read: the filter, its text and Enter on the match.
    await ui.pressTogether('/', 'ent', 'enter');
    await ui.waitForFrame('Domains of Demo Enterprise');
    await ui.press('p');
    const back = await ui.waitForFrame('Filtered by "ent"');
    // As k9s keeps a view's filter: the list as it was left, and the screen says so and how
    // to undo it; the filter is not a field waiting for text.
    expect(back).toContain('Filtered by "ent" · Esc clears it · / types a new one');
    expect(back).not.toContain('Filter ›');
    expect(back).toContain('3 projects · 1 match "ent"');
    expect(back).not.toContain('prj_demo_scale');
    expect(back).toMatch(/Esc clear filter/);
    expect(back).not.toMatch(/Esc back/);
    // Esc: every project again, the one opened still selected; Esc is then no key here.
    await ui.press('esc');
    const all = await ui.waitForFrame((f) => f.includes('prj_demo_scale'));
    expect(all).not.toContain('Filtered by');
    expect(all).toContain('/ filters · i types a project ID');
    expect(rowOf(all, 'prj_demo_enterprise')).toMatch(/^› /);
    expect(all).not.toMatch(/Esc clear filter/);
    // Keys typed together after it: two rows down, from the project that stayed selected.
    await ui.pressTogether('j', 'j');
    expect(rowOf(ui.frame(), 'prj_demo_free')).toMatch(/^› /);
  });

  it('lists recent projects first, kept per profile in the profile store', async ({
    configDir,
    renderUi,
  }) => {
    const store = ProfileStore.open({ DOMAINCTL_CONFIG_DIR: configDir });
    store.save('work', { base_url: server.url, token: TESTER_KEY });
    store.rememberProject('work', 'prj_demo_free');

    const ui = await renderUi({ flags: { profile: 'work' }, configDir });
    const frame = await ui.waitForFrame('prj_demo_scale');
    const order = ['prj_demo_free', 'prj_demo_scale', 'prj_demo_enterprise'].map((id) =>
      frame.indexOf(id),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(rowOf(frame, 'prj_demo_free')).toContain('recent');
    expect(frame).toMatch(/› Demo Free/);

    // Opening a project makes it the most recent one.
    await ui.press('j', 'enter');
    await ui.waitForFrame('Domains of Demo Scale');
    expect(store.recentProjects('work')).toEqual(['prj_demo_scale', 'prj_demo_free']);
  });

  it("keeps a recent project's name and its mark whole at 80 columns: the organisation gives way first", async ({
    configDir,
    renderUi,
  }) => {
    const store = ProfileStore.open({ DOMAINCTL_CONFIG_DIR: configDir });
    store.save('work', { base_url: server.url, token: TESTER_KEY });
    store.rememberProject('work', 'prj_demo_enterprise');
    const ui = await renderUi({ flags: { profile: 'work' }, configDir });
    await ui.waitForFrame('prj_demo_scale');
    await ui.resize(80, 24);
    // Before: "Demo Enterprise · r…", cut where the organisation column kept its room.
    const frame = await ui.waitForFrame((f) => !f.includes('ORGANISATION'));
    expect(rowOf(frame, 'prj_demo_enterprise')).toMatch(
      /Demo Enterprise · recent\s+prj_demo_enterprise\s+enterprise\s+yes$/,
    );
    await ui.resize(120, 24);
    await ui.waitForFrame('ORGANISATION');
  });

  it('shows a recent project that is not on the loaded page by its name, plan and organisation, asked for by its ID', async ({
    configDir,
    renderUi,
  }) => {
    // Its own server: twenty projects newer than the demo's fill the first page.
    const own = await startTestServer();
    let ui: UiHandle | undefined;
    try {
      const client = createApiClient({ baseUrl: own.url, token: TESTER_KEY });
      for (let i = 1; i <= 20; i++)
        await client.createProject({ name: `Newer ${i}`, organization_id: 'org_demo' });
      const store = ProfileStore.open({ DOMAINCTL_CONFIG_DIR: configDir });
      store.save('work', { base_url: own.url, token: TESTER_KEY });
      // One the demo users cannot see (another organisation's) and one on page 2.
      store.rememberProject('work', 'prj_other');
      store.rememberProject('work', 'prj_demo_scale');

      ui = await renderUi({ flags: { profile: 'work' }, configDir });
      const frame = await ui.waitForFrame((f) => f.includes('Newer 20') && !f.includes('loading…'));
      expect(frame).not.toContain('Demo Enterprise');
      expect(rowOf(frame, 'prj_demo_scale')).toMatch(
        /Demo Scale · recent\s+prj_demo_scale\s+scale\s+yes\s+org_demo/,
      );
      expect(rowOf(frame, 'prj_other')).toMatch(/\(not found\) · recent\s+prj_other/);
      // Asked for once, by its ID, and opened with what was found.
      expect(own.requests.filter((r) => r.startsWith('GET /v1/projects/prj_demo_scale '))).toEqual([
        'GET /v1/projects/prj_demo_scale 200',
      ]);
      await ui.press('enter');
      await ui.waitForFrame('Domains of Demo Scale (prj_demo_scale)');
      await ui.cleanup();

      // As a real start draws it: the first page, then the details of the recent projects it
      // lacks, asked for before the UI loads. The first frame has them, asked for once.
      const before = own.requests.length;
      ui = await renderUi({ flags: { profile: 'work' }, configDir, prefetched: true });
      expect(rowOf(ui.frame(), 'prj_demo_scale')).toMatch(/Demo Scale · recent\s+prj_demo_scale/);
      expect(
        own.requests.slice(before).filter((r) => r.startsWith('GET /v1/projects/prj_demo_scale ')),
      ).toHaveLength(1);
    } finally {
      // The app ends before its server does.
      await ui?.cleanup();
      await own.close();
    }
  });

  it('takes a project ID typed by hand, checked against the pattern', async ({ renderUi }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    await ui.press('i');
    await ui.waitForFrame('Project ID ›');
    await ui.press('prj demo');
    await ui.waitForFrame('may hold only letters, digits');
    await ui.press('enter');
    expect(ui.frame()).toContain('Project ID › prj demo');
    await ui.press('backspace', 'backspace', 'backspace', 'backspace', 'backspace', '_demo_scale');
    await ui.waitForFrame('Enter opens its domains');
    await ui.press('enter');
    await ui.waitForFrame('Domains of Demo Scale (prj_demo_scale)');
  });

  it('remembers a typed ID only once the API knows it: a mistyped one never heads the recent list', async ({
    configDir,
    renderUi,
  }) => {
    const store = ProfileStore.open({ DOMAINCTL_CONFIG_DIR: configDir });
    store.save('work', { base_url: server.url, token: TESTER_KEY });
    const ui = await renderUi({ flags: { profile: 'work' }, configDir });
    await ui.waitForFrame('prj_demo_free');
    await ui.press('i');
    await ui.waitForFrame('Project ID ›');
    await ui.press('prj_nope', 'enter');
    await ui.waitForFrame(/not found|404/i);
    expect(store.recentProjects('work')).toEqual([]);
    await ui.press('esc');
    await ui.waitForFrame('/ filters · i types a project ID');
    await ui.press('i');
    await ui.waitForFrame('Project ID ›');
    // The field keeps what was typed last: Ctrl+U clears it.
    await ui.press('\u0015', 'prj_demo_enterprise', 'enter');
    await ui.waitForFrame('Domains of Demo Enterprise');
    await vi.waitFor(() => expect(store.recentProjects('work')).toEqual(['prj_demo_enterprise']));
  });

  it('has an item for typing an ID, at the end of the list', async ({ renderUi }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    await ui.press('j', 'j', 'j');
    await ui.waitForFrame(/› \+ Type an ID…/);
    await ui.press('enter');
    await ui.waitForFrame('Project ID ›');
    await ui.press('esc');
    await ui.waitForFrame('/ filters · i types a project ID');
  });

  it('loads more pages with m, and all of them with M', async ({ renderUi }) => {
    const own = await startTestServer();
    let ui: UiHandle | undefined;
    try {
      const client = createApiClient({ baseUrl: own.url, token: TESTER_KEY });
      for (let i = 1; i <= 45; i++) {
        await client.createProject({
          name: `Bulk ${String(i).padStart(2, '0')}`,
          organization_id: 'org_demo',
        });
      }
      ui = await renderUi({ flags: { baseUrl: own.url, token: TESTER_KEY } });
      let frame = await ui.waitForFrame('more on the server');
      expect(frame).toContain('20 loaded');
      await ui.press('m');
      frame = await ui.waitForFrame('40 loaded');
      await ui.press('M');
      frame = await ui.waitForFrame('48 projects');
      expect(frame).not.toContain('more on the server');
    } finally {
      // The app ends before its server does.
      await ui?.cleanup();
      await own.close();
    }
  });

  it('r while m is loading: the older page is dropped, never added to the reloaded list', async ({
    renderUi,
  }) => {
    const project = (id: string) => ({ id, name: id.toUpperCase(), plan: 'scale' });
    // The list as it is before r (old) and after (new): another first page, another next page.
    let list: 'old' | 'new' = 'old';
    const api = await startFakeApi({
      projectPage: (token) => {
        if (token === undefined) {
          return list === 'old'
            ? { items: [project('prj_a1'), project('prj_a2')], next: 'old2' }
            : { items: [project('prj_b1'), project('prj_b2')], next: 'new2' };
        }
        if (token === 'old2') return { items: [project('prj_old3')], next: '' };
        return { items: [project('prj_new3')], next: '' };
      },
    });
    let ui: UiHandle | undefined;
    try {
      ui = await renderUi({ flags: { baseUrl: api.url, token: TESTER_KEY } });
      await ui.waitForFrame('2 loaded, more on the server');
      const slow = api.hold((request) => request.includes('page_token=old2'));
      await ui.press('m');
      await slow.arrived;
      await ui.waitForFrame('Loading more…');

      list = 'new';
      await ui.press('r');
      await ui.waitForFrame((f) => f.includes('prj_b1') && f.includes('2 loaded, more'));
      slow.release();
      await slow.sent;
      // The reloaded list's own next page: once it shows, the older answer has come and gone.
      await ui.press('m');
      const frame = await ui.waitForFrame('3 projects');
      expect(frame).toContain('prj_new3');
      expect(frame).not.toContain('prj_old3');
      expect(frame).not.toContain('prj_a1');
    } finally {
      // The app ends before its server does.
      await ui?.cleanup();
      await api.close();
    }
  });

  it('is skipped when --project names one', async ({ renderUi }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    });
    await ui.waitForFrame('Domains of');
    expect(ui.frame()).not.toContain('Type an ID');
  });

  it('is skipped when the profile names a project', async ({ configDir, renderUi }) => {
    ProfileStore.open({ DOMAINCTL_CONFIG_DIR: configDir }).save('work', {
      base_url: server.url,
      token: TESTER_KEY,
      project: 'prj_demo_enterprise',
    });
    const ui = await renderUi({ configDir });
    await ui.waitForFrame('No domains yet');
    expect(ui.frame()).toContain('profile work');
  });
});
