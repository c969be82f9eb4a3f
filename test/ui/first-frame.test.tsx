import { expect } from 'vitest';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { settledWithin } from '../../src/ui/app/prefetch.js';

// runUi starts the first screen's requests before Ink and React load (src/ui/app/prefetch.ts); when
// their answers are in by the time the screen mounts, its first frame shows them: no "Loading"
// frame, and nothing asked twice.
const server = seededServerForFile();

const DOMAINS = 'GET /v1/projects/prj_demo_scale/domains 200';
const PROJECT = 'GET /v1/projects/prj_demo_scale 200';
const flags = { baseUrl: '', token: TESTER_KEY };

it('draws the domains in its first frame and asks nothing twice when the answers came first', async ({
  renderUi,
}) => {
  const before = server.requests.length;
  const ui = await renderUi({
    flags: { ...flags, baseUrl: server.url, project: 'prj_demo_scale' },
    prefetched: true,
  });
  // Asked for before the UI rendered anything.
  expect(server.requests.slice(before).sort()).toEqual([DOMAINS, PROJECT].sort());
  await ui.waitForFrame('www.acme-shop.com');
  expect(ui.written()).not.toContain('Loading');
  // The project's name, from the answer taken, once the screen has told the header.
  await ui.waitForFrame('Domains of Demo Scale (prj_demo_scale)');
  // The screen took those answers: it asked for nothing more but the background load of every
  // domain (for the summary, the filter and the sort), one page of 100.
  await ui.waitForFrame('45 domains ·');
  expect(server.requests.slice(before).sort()).toEqual([DOMAINS, PROJECT, DOMAINS].sort());

  // A refresh asks the API again: the page, and every domain (one page of 100).
  await ui.press('r');
  await ui.waitForFrame(() => server.requests.length >= before + 5);
  await ui.waitForFrame('45 domains ·');
  expect(server.requests.slice(before + 3)).toEqual([DOMAINS, DOMAINS]);
});

it('draws the projects in the first frame when their answer came first', async ({ renderUi }) => {
  const before = server.requests.length;
  const ui = await renderUi({ flags: { ...flags, baseUrl: server.url }, prefetched: true });
  expect(server.requests.slice(before)).toEqual(['GET /v1/projects 200']);
  await ui.waitForFrame('prj_demo_scale');
  expect(ui.written()).not.toContain('Loading');
  expect(server.requests.slice(before)).toEqual(['GET /v1/projects 200']);
});

it('shows "Loading" first without them, as any screen does', async ({ renderUi }) => {
  const ui = await renderUi({
    flags: { ...flags, baseUrl: server.url, project: 'prj_demo_scale' },
  });
  await ui.waitForFrame('www.acme-shop.com');
  expect(ui.written()).toContain('Loading');
});

// runUi waits this way for the first screen's answers once Ink has loaded, before it draws.
it('waits for the answers until they are in, and no longer than it was told', async () => {
  let started = performance.now();
  await settledWithin(Promise.resolve(), 60_000);
  expect(performance.now() - started).toBeLessThan(1_000);

  started = performance.now();
  await settledWithin(new Promise<void>(() => {}), 50);
  expect(performance.now() - started).toBeGreaterThanOrEqual(49);
});
