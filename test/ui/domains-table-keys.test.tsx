import { beforeAll, describe, expect } from 'vitest';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { allDomains } from '../helpers/many-domains.js';
import { TESTER_KEY } from '../helpers/server.js';
import type { UiHandle, RenderAppOptions } from '../helpers/ui.js';
import { hostsIn } from '../helpers/domain-table.js';
import { domainsPageSize, screenBodyHeight } from '../../src/ui/app/layout.js';

// The domains table's long moves: g / Home and G / End to the ends, PgUp / PgDn a screenful (in
// the pages, the page before or after, on the same row), and S, the sort the other way.
const PROJECT = 'prj_demo_scale';
const server = seededServerForFile();
/** Every host of the project, in the API's order (newest first). */
let hosts: string[];
beforeAll(async () => {
  hosts = (await allDomains(server, PROJECT)).map((d) => d.domain);
});

async function open(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  const ui = await renderUi({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
  });
  // Every domain loaded, so the sorts hold them all.
  await ui.waitForFrame(`${hosts.length} domains ·`);
  return ui;
}

const at = (host: string | undefined) =>
  new RegExp(`^› ${String(host).replaceAll('.', '\\.')} `, 'm');
const selected = (frame: string) => /^› (\S+)/m.exec(frame)?.[1];

describe('in the pages', () => {
  it('g G Home End go to the ends of the page; PgDn PgUp turn the page on the same row', async ({
    renderUi,
  }) => {
    const app = await open(renderUi);
    const size = hostsIn(app.frame()).length;
    const pages = Math.ceil(hosts.length / size);
    expect(pages).toBeGreaterThan(2);

    await app.press('G');
    await app.waitForFrame(at(hosts[size - 1]));
    await app.press('g');
    await app.waitForFrame(at(hosts[0]));
    await app.press('end');
    await app.waitForFrame(at(hosts[size - 1]));
    await app.press('home');
    await app.waitForFrame(at(hosts[0]));

    // The third row, then a page down: the third row of page 2, a page of rows further.
    await app.press('j', 'j');
    await app.waitForFrame(at(hosts[2]));
    await app.press('pagedown');
    const second = await app.waitForFrame(at(hosts[size + 2]));
    expect(second).toContain(`page 2 · rows ${size + 1}–${2 * size} of`);
    await app.press('pageup');
    await app.waitForFrame(at(hosts[2]));
    expect(app.frame()).toContain(`page 1 · rows 1–${size} of`);
    // No page before the first: the first row.
    await app.press('pageup');
    await app.waitForFrame(at(hosts[0]));

    // PgDn to the last page, and once more there: its last row.
    for (let page = 2; page <= pages; page++) {
      await app.press('pagedown');
      await app.waitForFrame(`page ${page} · rows`);
    }
    await app.press('pagedown');
    const last = await app.waitForFrame(at(hosts.at(-1)));
    expect(last).toContain('last page');
  });

  it('PgDn, n and the row keys typed ahead across pages land on the page and the row the same keys typed one by one do', async ({
    renderUi,
  }) => {
    const app = await open(renderUi);
    const size = hostsIn(app.frame()).length;
    expect(Math.ceil(hosts.length / size)).toBe(4);
    const on = async (page: number, host: string | undefined) => {
      const frame = await app.waitForFrame(at(host));
      expect(frame).toContain(`page ${page} · rows`);
    };

    // The third row; then, in one read, two pages down and a row up: each PgDn turns the page on
    // the row the one before left, and k waits for the page it moves in.
    await app.press('j', 'j');
    await on(1, hosts[2]);
    await app.pressTogether('pagedown', 'pagedown', 'k');
    await on(3, hosts[2 * size + 1]);
    // n opens a page not seen yet on its first row and j moves there; b goes back to page 3 and
    // n again finds page 4's row as j left it.
    await app.pressTogether('n', 'j', 'b', 'n');
    await on(4, hosts[3 * size + 1]);
  });
  it('j on the last row goes on to the first row of the next page, k on the first row back to the last row of the page before, typed ahead too', async ({
    renderUi,
  }) => {
    const app = await open(renderUi);
    const size = hostsIn(app.frame()).length;
    const on = async (page: number, host: string | undefined) => {
      const frame = await app.waitForFrame(at(host));
      expect(frame).toContain(`page ${page} · rows`);
    };

    await app.press('G');
    await on(1, hosts[size - 1]);
    await app.press('j');
    await on(2, hosts[size]);
    await app.press('k');
    await on(1, hosts[size - 1]);
    // In one read: on to page 2 and two rows down it; then back across to page 1.
    await app.pressTogether('j', 'j', 'j');
    await on(2, hosts[size + 2]);
    await app.pressTogether('g', 'k', 'k');
    await on(1, hosts[size - 2]);
    await app.pressTogether('down', 'down', 'down');
    await on(2, hosts[size + 1]);
  });
});

describe('a resize in the pages', () => {
  it('cuts the pages again at the new size, on the same domain: the rows shown, the page line and b walk every row once', async ({
    renderUi,
  }) => {
    const app = await open(renderUi);
    const size = hostsIn(app.frame()).length;
    // Page 2, its third row.
    await app.press('n', 'j', 'j');
    const chosen = hosts[size + 2];
    await app.waitForFrame(at(chosen));
    expect(app.frame()).toContain(`page 2 · rows ${size + 1}–${2 * size} of`);

    for (const rows of [18, 30, 22]) {
      await app.resize(100, rows);
      // As many rows as the terminal shows (the header, the footer, the screen's own lines).
      const cut = domainsPageSize(screenBodyHeight(rows));
      const frame = await app.waitForFrame(
        (f) => at(chosen).test(f) && hostsIn(f).length === cut && /^page \d+ ·/m.test(f),
      );
      // The domain kept, on the page that holds it at the new size, numbered as shown.
      const page = Math.floor((size + 2) / cut) + 1;
      const start = (page - 1) * cut;
      expect(frame).toContain(`page ${page} · rows ${start + 1}–${start + cut} of`);
      expect(hostsIn(frame)).toEqual(hosts.slice(start, start + cut));
      // b to the first page: each page the next rows before, none skipped or shown twice.
      for (let before = page - 1; before >= 1; before--) {
        await app.press('b');
        const shown = await app.waitForFrame(`page ${before} · rows ${(before - 1) * cut + 1}–`);
        expect(hostsIn(shown)).toEqual(hosts.slice((before - 1) * cut, before * cut));
      }
      // And n back to where it was, on the same domain.
      for (let after = 2; after <= page; after++) {
        await app.press('n');
        await app.waitForFrame(`page ${after} · rows ${(after - 1) * cut + 1}–`);
      }
      await app.waitForFrame(at(chosen));
    }
  });
});

describe('the status line of the pages, with the watch on', () => {
  it('fits in one line at 60 and 80 columns, so n shows every row of every page once', async ({
    renderUi,
  }) => {
    // The watch's note ("watching 3 pending domains every 10 s") is on: it made the page line
    // wrap at 80x21 and 60x24, the wrapped line took the last rows of each page out of view, and
    // n went past them (a walkthrough's finding).
    const app = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT },
    });
    await app.waitForFrame(`${hosts.length} domains ·`);
    for (const [columns, rows] of [
      [60, 24],
      [80, 21],
    ] as const) {
      await app.resize(columns, rows);
      const cut = domainsPageSize(screenBodyHeight(rows));
      await app.waitForFrame((f) => /^page 1 · rows 1–/m.test(f) && hostsIn(f).length === cut);
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(hosts.length / cut); page++) {
        if (page > 1) await app.press('n');
        // "rows 43–45", or "row 45" on a last page of one row.
        const frame = await app.waitForFrame(
          new RegExp(`page ${page} · rows? ${(page - 1) * cut + 1}[– ]`),
        );
        const lines = frame.split('\n');
        const at = lines.findIndex((l) => l.startsWith(`page ${page} ·`));
        // The page line whole on one line: blank or the rule under it, nothing wrapped.
        expect(lines[at + 1]).toMatch(/^(─+)?$/);
        expect(frame).not.toContain('more below');
        seen.push(...hostsIn(frame));
      }
      expect(seen).toEqual(hosts);
      await app.press('g');
      for (let page = Math.ceil(hosts.length / cut); page > 1; page--) await app.press('b');
    }
  });
});

describe('under a sort', () => {
  it('g G PgDn PgUp go through every domain, not a page of them', async ({ renderUi }) => {
    const app = await open(renderUi);
    await app.press('s');
    const first = await app.waitForFrame(`all ${hosts.length} loaded · sorted by host name`);
    const byHost = [...hosts].sort();
    const shown = hostsIn(first).length;
    expect(shown).toBeLessThan(hosts.length);

    await app.press('G');
    const end = await app.waitForFrame(at(byHost.at(-1)));
    expect(end).toContain(`rows ${hosts.length - shown + 1}–${hosts.length}`);
    expect(end).toContain(`↑ ${hosts.length - shown} more above`);
    await app.press('g');
    await app.waitForFrame(at(byHost[0]));

    // A screenful down: the rows after those shown, each once, as a pager shows them (it moved
    // the view by one row before, a walkthrough's finding); the selection on the last of them.
    await app.press('pagedown');
    const second = await app.waitForFrame(at(byHost[2 * shown - 1]));
    expect(hostsIn(second)).toEqual(byHost.slice(shown, 2 * shown));
    await app.press('pagedown');
    const third = await app.waitForFrame(at(byHost[3 * shown - 1]));
    expect(hostsIn(third)).toEqual(byHost.slice(2 * shown, 3 * shown));
    // PgUp the screenful before, on the first of them.
    await app.press('pageup');
    const back = await app.waitForFrame(at(byHost[shown]));
    expect(hostsIn(back)).toEqual(byHost.slice(shown, 2 * shown));
  });

  it('k and j move the selection within the rows shown; the rows move only when it leaves them', async ({
    renderUi,
  }) => {
    const app = await open(renderUi);
    await app.press('s');
    await app.waitForFrame(`all ${hosts.length} loaded · sorted by host name`);
    const byHost = [...hosts].sort();
    await app.press('G');
    const end = await app.waitForFrame(at(byHost.at(-1)));
    const rows = hostsIn(end);
    // Before: each k scrolled every row down one, the selection kept on the last line.
    await app.press('k', 'k');
    const up = await app.waitForFrame(at(byHost.at(-3)));
    expect(hostsIn(up)).toEqual(rows);
    // Up to the first row shown, and one more: the rows move by one, under the selection.
    for (let i = 3; i < rows.length; i++) await app.press('k');
    await app.waitForFrame(at(rows[0]));
    expect(hostsIn(app.frame())).toEqual(rows);
    await app.press('k');
    const scrolled = await app.waitForFrame(at(byHost[byHost.length - rows.length - 1]));
    expect(hostsIn(scrolled)).toEqual(byHost.slice(-rows.length - 1, -1));
    // And j back down keeps them until the selection leaves them below.
    await app.press('j', 'j');
    const down = await app.waitForFrame(at(rows[1]));
    expect(hostsIn(down)).toEqual(byHost.slice(-rows.length - 1, -1));
  });
});

describe('under a sort with the watch on, at 60x24', () => {
  it('PgDn and PgUp walk the rows a screenful at a time, none skipped or shown twice: the status line never takes a row', async ({
    renderUi,
  }) => {
    // A walkthrough's finding: the status line wrapped when pending domains came into view
    // (the watch's note), the table lost a row, and PgUp skipped one while PgDn showed one twice.
    const app = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT },
    });
    await app.waitForFrame(`${hosts.length} domains ·`);
    await app.resize(60, 24);
    await app.press('s');
    const first = await app.waitForFrame('sorted by host name');
    const byHost = [...hosts].sort();
    const screens = [hostsIn(first)];
    const size = screens[0]?.length ?? 0;
    while (!(screens.at(-1) ?? []).includes(byHost.at(-1) ?? '')) {
      await app.press('pagedown');
      const before = screens.at(-1) ?? [];
      screens.push(hostsIn(await app.waitForFrame((f) => hostsIn(f)[0] !== before[0])));
      if (screens.length > 10) throw new Error('PgDn never reached the last row');
    }
    for (const [i, shown] of screens.entries()) {
      expect(shown, `screen ${i + 1}`).toHaveLength(size);
      // Each screen starts after the one before ends, but the last, which ends at the last row.
      const start = i === screens.length - 1 ? byHost.length - size : i * size;
      expect(shown).toEqual(byHost.slice(start, start + size));
    }
    await app.press('pageup');
    const back = await app.waitForFrame((f) => hostsIn(f)[0] !== screens.at(-1)?.[0]);
    const top = byHost.length - 2 * size;
    expect(hostsIn(back)).toEqual(byHost.slice(top, top + size));
  });
});

describe('S', () => {
  it('turns the sort the other way; s goes on to the next sort the way it reads', async ({
    renderUi,
  }) => {
    const app = await open(renderUi);
    // On the pages: every domain, oldest first.
    await app.press('S');
    const oldest = await app.waitForFrame('sorted by created, oldest first');
    expect(oldest).toContain('CREATED ↑');
    expect(hostsIn(oldest)).toEqual([...hosts].reverse().slice(0, hostsIn(oldest).length));
    expect(selected(oldest)).toBe(hosts.at(-1));

    await app.press('s');
    const aToZ = await app.waitForFrame('sorted by host name, A to Z');
    expect(aToZ).toContain('HOST NAME ↑');
    const byHost = [...hosts].sort();
    expect(hostsIn(aToZ)).toEqual(byHost.slice(0, hostsIn(aToZ).length));

    await app.press('S');
    const zToA = await app.waitForFrame('sorted by host name, Z to A');
    expect(zToA).toContain('HOST NAME ↓');
    expect(hostsIn(zToA)).toEqual([...byHost].reverse().slice(0, hostsIn(zToA).length));
    expect(selected(zToA)).toBe(byHost.at(-1));

    // The help lists the new keys, whatever the footer has room for.
    await app.press('?');
    const help = await app.waitForFrame('Keys: Domains');
    for (const keys of ['g Home', 'G End', 'PgUp PgDn']) expect(help).toContain(keys);
    expect(help).toMatch(/(^| )S +turn the sort the other way/m);
  });
});
