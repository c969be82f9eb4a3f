import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { oneLine } from '../helpers/ui.js';

// The README's tour sentence, followed word for word in `domainctl demo`: each key is pressed on
// the screen the sentence has the reader on, and does what it says there.

describe("the README's tour of the demo", () => {
  it('is the sentence this test walks', () => {
    const readme = oneLine(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));
    expect(readme).toContain(
      'Pick `Demo Scale`, page with `n`, filter every domain with `/` (`northwind pending`, `Enter` keeps it), sort with `s`, open a domain with `Enter`, copy a record with `c`, go back with `Esc` and add one with `a`: its records open, and `d` looks them up in DNS; `?` lists every key of the screen, `q` quits.',
    );
  });

  it('works key by key as written', async ({ renderUi }) => {
    const app = await renderUi({ demo: true });
    // Pick `Demo Scale`
    await app.waitForFrame('prj_demo_free');
    for (let i = 0; i < 5 && !app.frame().includes('› Demo Scale'); i++) await app.press('j');
    await app.press('enter');
    await app.waitForFrame(/^45 domains · /m);
    // page with `n`
    await app.press('n');
    await app.waitForFrame(/page 2 · /);
    // filter every domain with `/` (`northwind pending`, `Enter` keeps it)
    await app.press('/');
    await app.press('northwind pending');
    await app.waitForFrame('3 matches for "northwind pending"');
    await app.press('enter');
    // sort with `s`
    await app.press('s');
    const sorted = await app.waitForFrame('HOST NAME ↑');
    const host = /› (\S+\.northwind\.io)\s+pending/.exec(sorted)?.[1] ?? 'no row selected';
    // open a domain with `Enter`, copy a record with `c`
    await app.press('enter');
    await app.waitForFrame(`${host} · pending`);
    await app.press('c');
    await app.waitForFrame(`✓ Copied the CNAME value for ${host}`);
    // go back with `Esc` and add one with `a`: its records open
    await app.press('esc');
    await app.waitForFrame('HOST NAME ↑');
    await app.press('a');
    await app.waitForFrame('Add a custom domain');
    await app.press('tour.example.com', 'enter');
    await app.waitForFrame('✓ Added. Now create these records');
    // and `d` looks them up in DNS
    await app.press('d');
    const checked = oneLine(await app.waitForFrame('All 3 records are right'));
    expect(checked).toContain('tour.example.com');
    // `?` lists every key of the screen, `q` quits.
    await app.press('?');
    await app.waitForFrame('Keys: Domain');
    await app.press('q');
    await app.exited();
  });
});
