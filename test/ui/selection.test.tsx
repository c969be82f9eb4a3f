import { describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { moveSelection, selectedRow } from '../../src/ui/components/selection.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import type { RenderAppOptions, UiHandle } from '../helpers/ui.js';

const server = seededServerForFile();

/** The first cell of the selected row (the one with ›). */
const selected = (frame: string) => /^› (.+?)(?:\s{2,}|\s*$)/m.exec(frame)?.[1];
const client = () => createApiClient({ baseUrl: server.url, token: TESTER_KEY });

async function openScale(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  const ui = await renderUi({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
  });
  await ui.waitForFrame((f) => selected(f) !== undefined && f.includes('HOST NAME'));
  return ui;
}

/** Moves the selection down, a row at a time, until it is on `host`. */
async function select(app: UiHandle, host: string) {
  for (let i = 0; i < 20; i++) {
    const before = selected(app.frame());
    if (before === host) return;
    await app.press('j');
    await app.waitForFrame((f) => selected(f) !== before);
  }
  expect(selected(app.frame())).toBe(host);
}

describe('the selection is an item, not a row number', () => {
  it('domains: a domain added by another client above the selected one, then r: the same domain stays selected', async ({
    renderUi,
  }) => {
    const app = await openScale(renderUi);
    await select(app, 'app.acme-shop.com');
    const added = `selection-${Date.now()}.example.com`;
    await client().addDomain('prj_demo_scale', added);
    await app.press('r');
    // The new domain is listed first, above; the selection did not move with the rows.
    const frame = await app.waitForFrame(added);
    expect(selected(frame)).toBe('app.acme-shop.com');
  });

  it('domains: the row shown first is the selected domain too, once a key is pressed', async ({
    renderUi,
  }) => {
    const app = await openScale(renderUi);
    const first = selected(app.frame());
    await app.press('a');
    await app.waitForFrame(/Host name\s+›/);
    const added = `selection-form-${Date.now()}.example.com`;
    await app.press(added, 'enter');
    await app.waitForFrame('✓ Added');
    // Back to the list, which reloads with the new domain on top.
    await app.press('esc');
    const frame = await app.waitForFrame(added);
    expect(selected(frame)).toBe(first);
  });

  it('domains: going to the next page and back finds the domain left selected', async ({
    renderUi,
  }) => {
    const app = await openScale(renderUi);
    await select(app, 'shop.acme-shop.com');
    await app.press('n');
    await app.waitForFrame(/page 2/);
    await app.press('b');
    // Page 1 with its rows drawn (a busy machine can show the status line before the table).
    const frame = await app.waitForFrame((f) => /page 1/.test(f) && selected(f) !== undefined);
    expect(selected(frame)).toBe('shop.acme-shop.com');
  });

  it('projects: after p the list puts recent projects first, and the one opened stays selected', async ({
    renderUi,
  }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    await ui.press('j', 'j');
    await ui.waitForFrame((f) => selected(f) === 'Demo Free');
    await ui.press('enter');
    await ui.waitForFrame('Domains of Demo Free');
    await ui.press('p');
    // Demo Free is listed first now, as recent: the selection went with it.
    const frame = await ui.waitForFrame(/^[› ] Demo Free · recent/m);
    expect(selected(frame)).toBe('Demo Free · recent');
  });
});

describe('selectedRow and moveSelection', () => {
  it('find the item by id wherever it is, and the nearest row when it is gone', () => {
    const rows = ['a', 'b', 'c', 'd'];
    const onC = moveSelection(rows, { index: 0 }, 2);
    expect(onC).toEqual({ id: 'c', index: 2 });
    expect(selectedRow(['new', ...rows], onC)).toBe(3);
    expect(selectedRow(['c', 'a', 'b', 'd'], onC)).toBe(0);
    // c is gone: the row where it was.
    expect(selectedRow(['a', 'b', 'd'], onC)).toBe(2);
    expect(selectedRow(['a'], onC)).toBe(0);
    expect(moveSelection(['new', ...rows], onC, 1)).toEqual({ id: 'd', index: 4 });
    expect(moveSelection(rows, onC, 5)).toEqual({ id: 'd', index: 3 });
  });
});
