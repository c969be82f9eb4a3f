import { describe, expect } from 'vitest';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { helpIn, helpPages, oneLine, type UiHandle, type RenderAppOptions } from '../helpers/ui.js';

// The keys, the footer and the status lines say what the screen can do now, not what it can do
// in general.

const server = seededServerForFile();

/** The footer: the lines under the frame's last rule. */
const footer = (frame: string) => {
  const lines = frame.trimEnd().split('\n');
  const rule = lines.findLastIndex((line) => line.startsWith('──'));
  return lines.slice(rule + 1).join('\n');
};
/** The whole footer, however many lines it wraps to: what is below its rule. */
const footerLines = footer;

async function open(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>, project: string) {
  const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY, project } });
  await ui.waitForFrame(/HOST NAME|No domains|✗/);
  return ui;
}

describe('what the domains screen offers', () => {
  it('offers n on every page but the last, and b on every page but the first', async ({
    renderUi,
  }) => {
    const app = await open(renderUi, 'prj_demo_scale');
    expect(footer(app.frame())).toContain('n → next page');
    expect(footer(app.frame())).not.toContain('b ← previous');
    for (let i = 0; i < 12 && !app.frame().includes('last page'); i++) {
      const before = /page (\d+)/.exec(app.frame())?.[1];
      await app.press('n');
      await app.waitForFrame((f) => /page (\d+)/.exec(f)?.[1] !== before && f.includes('HOST'));
    }
    const last = app.frame();
    expect(last).toContain('last page');
    expect(footer(last)).not.toContain('n → next page');
    expect(footer(last)).toContain('b ← previous');
    expect(last).not.toContain('n next page');
  });

  it('an empty project offers neither n nor Enter, only what it can do: add, refresh…', async ({
    renderUi,
  }) => {
    const app = await open(renderUi, 'prj_demo_enterprise');
    const frame = await app.waitForFrame('No domains yet: press a to add one.');
    expect(footer(frame)).not.toContain('next page');
    expect(footer(frame)).not.toContain('Enter');
    expect(footer(frame)).toContain('a add');
    expect(footer(frame)).toContain('r refresh');
  });

  it('the 404 view offers neither n, a nor Enter; help marks them as not now', async ({
    renderUi,
  }) => {
    const app = await open(renderUi, 'prj_does_not_exist');
    const frame = await app.waitForFrame('✗');
    expect(frame).toContain('404');
    expect(footer(frame)).not.toContain('next page');
    expect(footer(frame)).not.toContain('a add');
    expect(footer(frame)).not.toContain('Enter');
    expect(footer(frame)).toContain('r refresh');
    await app.press('?');
    const pages = await helpPages(app, 'Keys: Domains');
    const help = (keys: string, start: string) =>
      pages.map((page) => helpIn(page, keys, start)).find(Boolean);
    expect(help('n →', 'next page')).toBe('next page (not now)');
    expect(help('a', 'add a domain')).toBe('add a domain (not now)');
    expect(help('r', 'reload this page')).toBe('reload this page and every domain');
  });

  it('Esc goes back from the projects opened with p, as the help says', async ({ renderUi }) => {
    const app = await open(renderUi, 'prj_demo_scale');
    // The first screen: nothing to go back to, so no Esc offered.
    await app.press('?');
    expect((await helpPages(app, 'Keys: Domains')).join('\n')).toMatch(/Esc\s+back \(not now\)/);
    await app.press('?', 'p');
    await app.waitForFrame('prj_demo_free');
    await app.press('?');
    const help = await app.waitForFrame('Keys: Projects');
    expect(helpIn(help, 'Esc', 'back')).toBe('back');
    await app.press('?', 'esc');
    await app.waitForFrame('Domains of Demo Scale');
  });

  it('the footer of the projects offers Esc back exactly where the help says it works', async ({
    renderUi,
  }) => {
    const first = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    // The first screen: Esc does nothing, and neither footer nor help offers it.
    expect(footerLines(await first.waitForFrame('prj_demo_free'))).not.toContain('Esc back');
    await first.press('?');
    expect((await helpPages(first, 'Keys: Projects')).join('\n')).toMatch(/Esc\s+back \(not now\)/);
    await first.cleanup();

    // Opened with p from the domains: Esc goes back, and both say so.
    const app = await open(renderUi, 'prj_demo_scale');
    await app.press('p');
    expect(footerLines(await app.waitForFrame('prj_demo_free'))).toContain('Esc back');
    await app.press('?');
    expect(helpIn(await app.waitForFrame('Keys: Projects'), 'Esc', 'back')).toBe('back');
    await app.press('?', 'esc');
    await app.waitForFrame('Domains of Demo Scale');
  });
});

describe('the domains screen in a short terminal', () => {
  it('says which rows are shown of how many, marks more below, and sizes its page to the terminal', async ({
    renderUi,
  }) => {
    const app = await open(renderUi, 'prj_demo_scale');
    const size = (f: string) => Number(/· (\d+) per page/.exec(f)?.[1]);
    const tall = size(app.frame());
    expect(app.frame()).toMatch(
      // "≥" until the background load has counted all 45.
      new RegExp(`page 1 · rows 1–${tall} of (≥ ${tall}|\\d+) · ${tall} per page`),
    );
    expect(app.frame()).not.toContain('more below');

    // 12 rows: room for fewer rows than the smallest page (5).
    await app.resize(100, 12);
    // Asked again with the smallest page; the table still has fewer lines than that.
    const short = await app.waitForFrame((f) => size(f) === 5 && /↓ \d+ more below/.test(f));
    // ("row 1" where the table has room for one row.)
    const shown = /rows? 1(?:–(\d+))? of (?:≥ )?(\d+)/.exec(short);
    expect(Number(shown?.[1] ?? 1)).toBeLessThan(Number(shown?.[2]));
    // j past the last row shown scrolls, and the mark says what is above too.
    await app.press('j', 'j', 'j', 'j');
    expect(oneLine(await app.waitForFrame(/↑ \d+ more above/))).toMatch(
      /rows? (?:[2-5]–)?5 of (≥ 5|\d+)/,
    );

    // Taller again: a bigger page is asked for, and it all fits.
    await app.resize(100, 40);
    // The page size changes at once; its rows come with the answer.
    const grown = await app.waitForFrame(
      (f) =>
        size(f) > tall &&
        new RegExp(`rows 1–${size(f)} of (≥ ${size(f)}|\\d+) · ${size(f)} per page`).test(f),
    );
    const big = size(grown);
    expect(grown).toMatch(
      new RegExp(`page 1 · rows 1–${big} of (≥ ${big}|\\d+) · ${big} per page`),
    );
    expect(grown).not.toContain('more below');
  });
});
