import { describe, expect } from 'vitest';
import { type ActionId, binding, helpKeys } from '../../src/ui/app/keymap.js';
import { test as it } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { HELP_POSITION, helpIn, helpPages } from '../helpers/ui.js';

/** The help of each key as the pages show it, its "(not now)" mark left off. */
const helpsIn = (pages: string[], ids: ActionId[]) =>
  ids.map((id) => {
    const { keys, help } = binding(id);
    const found = pages
      .map((page) => helpIn(page, keys, help.slice(0, 10))?.replace(/ \(not now\)$/, ''))
      .find((text) => text === help);
    return { id, help: found };
  });

const everyHelp = (ids: ActionId[]) => ids.map((id) => ({ id, help: binding(id).help }));

describe('the help at 80x24', () => {
  it('on the domains screen: every help whole, the keys below the first page a PgDn away', async ({
    server,
    renderUi,
  }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    });
    await ui.waitForFrame('HOST NAME');
    await ui.resize(80, 24);
    await ui.press('?');
    const pages = await helpPages(ui, 'Keys: Domains');
    expect(pages.length).toBeGreaterThan(1);
    expect(helpsIn(pages, helpKeys('domains'))).toEqual(everyHelp(helpKeys('domains')));
    for (const line of pages.join('\n').split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    // PgUp goes back a screenful at a time, as far as the first key (the pages' walk ended on
    // the last screenful, which need not start where a screenful would).
    await ui.press('pageup', 'pageup', 'pageup');
    await ui.waitForFrame(/^keys 1–/m);
  });

  it('on the projects screen: every key, none pushed off the bottom by a wrapped help', async ({
    server,
    renderUi,
  }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    await ui.resize(80, 24);
    await ui.press('?');
    const help = await ui.waitForFrame('Keys: Projects');
    // It fits: no scrolling, and no scroll key listed.
    expect(help).not.toMatch(HELP_POSITION);
    const ids = helpKeys('projects').filter((id) => id !== 'help.scroll');
    expect(helpsIn([help], ids)).toEqual(everyHelp(ids));
  });

  it('on the raw screen: every one of its keys whole, ↓ and PgDn scroll it', async ({
    openRaw,
  }) => {
    const ui = await openRaw();
    await ui.resize(80, 24);
    // F1: `?` is text in the path field, which has the focus.
    await ui.press('\u001bOP');
    const first = await ui.waitForFrame('Keys: Raw request');
    expect(HELP_POSITION.exec(first)?.[3]).toBe(String(helpKeys('raw').length));
    expect(first).toMatch(/ · ↑↓ j k PgUp PgDn scroll$/m);
    // ↓ (or j) moves by one key.
    await ui.press('down');
    await ui.waitForFrame(/^keys 2–/m);
    await ui.press('k');
    await ui.waitForFrame(/^keys 1–/m);
    const pages = await helpPages(ui, 'Keys: Raw request');
    expect(helpsIn(pages, helpKeys('raw'))).toEqual(everyHelp(helpKeys('raw')));
    for (const line of pages.join('\n').split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });
});

describe('what the help dims', () => {
  it("only the keys that do nothing now, by the footer's facts: the filter's keys until it is typed, the letters while it is", async ({
    server,
    renderUi,
  }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    });
    await ui.waitForFrame('HOST NAME');
    await ui.resize(200, 50);
    const notNow = (page: string, id: ActionId) => {
      const { keys, help } = binding(id);
      const shown = helpIn(page, keys, help.slice(0, 10));
      expect(shown, `${id} in\n${page}`).toBeDefined();
      return shown?.endsWith('(not now)');
    };
    // The table: Enter opens a domain, s sorts, q quits; the filter's own keys wait for /.
    await ui.press('?');
    let help = await ui.waitForFrame('Keys: Domains');
    expect(notNow(help, 'domains.open')).toBe(false);
    expect(notNow(help, 'domains.sort')).toBe(false);
    expect(notNow(help, 'app.quit')).toBe(false);
    expect(notNow(help, 'domains.filterKeep')).toBe(true);
    expect(notNow(help, 'domains.filterMove')).toBe(true);
    expect(notNow(help, 'domains.previousPage')).toBe(true);
    await ui.press('esc');
    await ui.waitForFrame((f) => !f.includes('Keys: Domains'));
    // Typing the filter: its keys work, the letters are text (q, s), F1 and Ctrl+C still work.
    await ui.press('/', 'a');
    await ui.waitForFrame(/Filter\s+› a/);
    await ui.press('\u001bOP');
    help = await ui.waitForFrame('Keys: Domains');
    expect(notNow(help, 'domains.filterKeep')).toBe(false);
    expect(notNow(help, 'domains.filterMove')).toBe(false);
    expect(notNow(help, 'app.forceQuit')).toBe(false);
    expect(notNow(help, 'app.helpAnywhere')).toBe(false);
    expect(notNow(help, 'domains.sort')).toBe(true);
    expect(notNow(help, 'domains.open')).toBe(true);
    expect(notNow(help, 'app.quit')).toBe(true);
  });
});

describe('closing the help', () => {
  it('with Esc over a text field gives the field its keys back, as F1 does', async ({
    server,
    renderUi,
  }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    });
    await ui.waitForFrame('HOST NAME');
    await ui.press('a');
    await ui.waitForFrame('Add a custom domain');
    await ui.press('s', 'h', 'o', 'p');
    // F1 opens the help over the field (where ? is text); Esc closes it.
    await ui.press('\u001bOP');
    await ui.waitForFrame(/Keys: /);
    await ui.press('esc');
    await ui.waitForFrame((f) => !/Keys: /.test(f));
    // The field still has the keys: q is a letter of the name, not quit.
    await ui.press('q', '.', 'e', 'x');
    await ui.waitForFrame('shopq.ex');
  });
});
