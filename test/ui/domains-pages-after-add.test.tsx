import { describe, expect } from 'vitest';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { hostsIn } from '../helpers/domain-table.js';
import { allDomains } from '../helpers/many-domains.js';
import { TESTER_KEY } from '../helpers/server.js';
import { pasted } from '../helpers/ui.js';

// The pages of the domains table after an add: the new domains land on page 1 (newest first),
// so every page after it holds other rows than when it was walked through. A walkthrough's
// finding: from page 3, three added, then b b showed rows 18–31 and 1–14, never 15–17.
const PROJECT = 'prj_demo_scale';
const server = seededServerForFile();

describe('the pages after an add from page 3', () => {
  it('still show every domain once going back with b, on the domain that was selected', async ({
    renderUi,
  }) => {
    const app = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
    });
    const before = (await allDomains(server, PROJECT)).map((d) => d.domain);
    await app.waitForFrame(`${before.length} domains ·`);
    const size = hostsIn(app.frame()).length;
    await app.press('n');
    await app.waitForFrame(`page 2 · rows ${size + 1}–`);
    await app.press('n', 'j');
    const third = await app.waitForFrame(`page 3 · rows ${2 * size + 1}–`);
    const chosen = hostsIn(third)[1];

    await app.press('a');
    await app.waitForFrame('Add a custom domain');
    await app.press(
      pasted('one.pages-after-add.test\ntwo.pages-after-add.test\nthree.pages-after-add.test'),
    );
    await app.waitForFrame('3 host names');
    await app.press('enter');
    await app.waitForFrame('3 added (201)');
    await app.press('esc');

    const after = (await allDomains(server, PROJECT)).map((d) => d.domain);
    expect(after).toHaveLength(before.length + 3);
    // Back on the domain selected, on the page that holds it now, the pages cut again.
    const at = after.indexOf(String(chosen));
    const page = Math.floor(at / size) + 1;
    const back = await app.waitForFrame(
      (f) =>
        new RegExp(`^› ${String(chosen).replaceAll('.', '\\.')} `, 'm').test(f) &&
        f.includes(
          `page ${page} · rows ${(page - 1) * size + 1}–${page * size} of ${after.length}`,
        ),
    );
    expect(hostsIn(back)).toEqual(after.slice((page - 1) * size, page * size));
    // b to page 1: each page the rows just before, none skipped or shown twice.
    for (let p = page - 1; p >= 1; p--) {
      await app.press('b');
      const shown = await app.waitForFrame(`page ${p} · rows ${(p - 1) * size + 1}–${p * size} of`);
      expect(hostsIn(shown)).toEqual(after.slice((p - 1) * size, p * size));
    }
  });
});
