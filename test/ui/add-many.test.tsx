import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { normalizeHostname } from '../../src/contract/hostname.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { oneLine, pasted, type UiHandle, type RenderAppOptions } from '../helpers/ui.js';

// The add form with several host names: each added in turn with its own result, a summary, the
// list kept as typed, and the records of every new domain as one zone snippet.
const PROJECT = 'prj_demo_enterprise';
const server = seededServerForFile();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'domainctl-add-many-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const posts = () => server.requests.filter((line) => line.startsWith('POST'));

async function openForm(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  const ui = await renderUi({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
  });
  await ui.waitForFrame(/No domains yet|HOST NAME/);
  await ui.press('a');
  await ui.waitForFrame('Add a custom domain');
  return ui;
}

describe('adding several domains at once', () => {
  it('pasted one a line: 3 × 201, one 409 and one 400 with the reason, and a summary', async ({
    renderUi,
  }) => {
    const app = await openForm(renderUi);
    const before = posts().length;
    // A bracketed paste of five lines: its line breaks are not Enter.
    await app.press(
      '\u001b[200~one.many.test\ntwo.many.test\rwww.acme-shop.com\nbad_host.many.test\nthree.many.test\u001b[201~',
    );
    await app.waitForFrame('5 host names, 1 not valid: Enter adds each in turn');
    expect(posts()).toHaveLength(before);
    await app.press('enter');
    const frame = await app.waitForFrame(
      '3 added (201), 1 already registered (409), 1 refused (400) of 5 hosts',
    );
    expect(frame).toMatch(/✓ 201\s+one\.many\.test added/);
    expect(frame).toMatch(/✗ 409\s+www\.acme-shop\.com: /);
    expect(frame).toMatch(/✗ 400\s+bad_host\.many\.test: \S+/);
    // One request a host, in turn.
    expect(
      posts()
        .slice(before)
        .map((line) => line.split(' ').at(-1)),
    ).toEqual(['201', '201', '409', '400', '201']);
    // z: the records of the three new domains, as one zone snippet, through OSC 52.
    await app.press('z');
    await app.waitForFrame('Copied the records of 3 new domains as one zone snippet');
    const start = '\u001b]52;c;';
    const written = app.written();
    const from = written.lastIndexOf(start) + start.length;
    const zone = Buffer.from(
      written.slice(from, written.indexOf('\u0007', from)),
      'base64',
    ).toString();
    for (const host of ['one.many.test', 'two.many.test', 'three.many.test']) {
      expect(zone).toContain(`; DNS records for ${host} (domainctl)`);
    }
    expect(zone).not.toContain('acme-shop');
    // e: the list again, as it was typed.
    await app.press('e');
    await app.waitForFrame('5 host names, 1 not valid: Enter adds each in turn');
  });

  it('a host typed again in the list (another case, a final dot, punycode) is named before Enter and sent once', async ({
    renderUi,
  }) => {
    // A walkthrough's finding: the repeats were sent, and their 409s read as if those hosts had
    // been registered before the batch.
    const app = await openForm(renderUi);
    const before = posts().length;
    await app.press(
      pasted(
        'dup.many.test\nDUP.many.test\ndup.many.test.\nxn--bcher-kva.many.test\nbücher.many.test',
      ),
    );
    const typed = await app.waitForFrame('5 host names, 3 typed again: Enter adds each in turn');
    expect(typed).toContain('✗ DUP.many.test: the same host as dup.many.test, above: sent once');
    expect(typed).toContain('✗ dup.many.test.: the same host as dup.many.test, above: sent once');
    expect(typed).toContain(
      '✗ bücher.many.test: the same host as xn--bcher-kva.many.test, above: sent once',
    );
    await app.press('enter');
    const frame = await app.waitForFrame(
      '2 added (201), 0 already registered (409), 0 refused (400), 3 typed again (sent once) of 5 hosts',
    );
    expect(frame).toMatch(/=\s+DUP\.many\.test: the same host as dup\.many\.test, above/);
    // Added as typed, or as the server stored it where that differs: the '=' lines read
    // against what was typed (a walkthrough's finding: "✓ 201 xn--bcher-kva… added" above
    // "= xn--bcher-kva…: the same host as bücher…" read as a host the same as itself).
    expect(frame).toMatch(/✓ 201\s+dup\.many\.test added$/m);
    expect(frame).toMatch(/✓ 201\s+xn--bcher-kva\.many\.test added$/m);
    expect(frame).not.toContain('✗ 409');
    // One request for each host, not for each line.
    expect(
      posts()
        .slice(before)
        .map((line) => line.split(' ').at(-1)),
    ).toEqual(['201', '201']);
  });

  it('says a host added as the server stores it where that differs from what was typed', async ({
    renderUi,
  }) => {
    const app = await openForm(renderUi);
    await app.press(pasted('Shop.Case.many.test\nshop.case.many.test\nother.many.test'));
    await app.waitForFrame('3 host names, 1 typed again');
    await app.press('enter');
    const frame = await app.waitForFrame('2 added (201)');
    expect(frame).toMatch(/✓ 201\s+Shop\.Case\.many\.test added as shop\.case\.many\.test$/m);
    expect(frame).toMatch(
      /=\s+shop\.case\.many\.test: the same host as Shop\.Case\.many\.test, above: sent once$/m,
    );
    expect(frame).toMatch(/✓ 201\s+other\.many\.test added$/m);
  });

  it('names a host the project has already before Enter, once every domain is loaded', async ({
    renderUi,
  }) => {
    const app = await renderUi({
      flags: {
        baseUrl: server.url,
        token: TESTER_KEY,
        project: 'prj_demo_scale',
        watchInterval: 0,
      },
    });
    await app.waitForFrame(/^45 domains · /m);
    await app.press('a');
    await app.waitForFrame('Add a custom domain');
    await app.press('WWW.acme-shop.com');
    await app.waitForFrame(
      '! www.acme-shop.com is in this project already: the API will answer 409',
    );
    await app.press(' fresh-one.many.test');
    await app.waitForFrame('2 host names, 1 in the project already: Enter adds each in turn');
    expect(app.frame()).toContain(
      '✗ WWW.acme-shop.com: in this project already: the API will answer 409',
    );
  });

  it('lines that come as typed (no bracketed paste, or Ctrl+J) stay one host a line', async ({
    renderUi,
  }) => {
    const app = await openForm(renderUi);
    await app.pressTogether('lf-one.many.test\nlf-two.many.test');
    await app.waitForFrame('2 host names: Enter adds each in turn');
    expect(app.frame()).not.toContain('lf-one.many.testlf-two');
    await app.press('enter');
    await app.waitForFrame('2 added (201), 0 already registered (409), 0 refused (400) of 2 hosts');
  });

  it('once added, the footer no longer offers Tab for the URLs among them', async ({
    renderUi,
  }) => {
    const app = await openForm(renderUi);
    await app.pressTogether('https://url-a.many.test/x, url-b.many.test');
    await app.waitForFrame((f) => oneLine(f).includes('Tab host of URL'));
    await app.press('enter');
    const frame = await app.waitForFrame(/added \(201\).* of 2 hosts/);
    expect(oneLine(frame)).not.toContain('host of URL');
  });

  it('names each host that is not valid as it is pasted or typed, with the message one host gets, and sends nothing', async ({
    renderUi,
  }) => {
    const app = await openForm(renderUi);
    const before = posts().length;
    const reason = (host: string) => {
      const check = normalizeHostname(host);
      if (check.ok) throw new Error(`${host} is valid`);
      return check.reason;
    };
    await app.press(
      pasted('one.checked.many.test\nbad_host.many.test\nsinglelabel\ntwo.checked.many.test'),
    );
    const frame = oneLine(
      await app.waitForFrame('4 host names, 2 not valid: Enter adds each in turn'),
    );
    expect(frame).toContain(`✗ bad_host.many.test: ${reason('bad_host.many.test')}`);
    expect(frame).toContain(`✗ singlelabel: ${reason('singlelabel')}`);
    expect(frame).not.toContain('✗ one.checked.many.test');
    // Typed on: the line of a host not valid yet comes as it is typed, and goes once it is.
    await app.press(' three.checked.many.test four');
    await app.waitForFrame((f) => oneLine(f).includes(`✗ four: ${reason('four')}`));
    await app.press('.many.test');
    await app.waitForFrame((f) => !oneLine(f).includes('✗ four'));
    expect(oneLine(app.frame())).toContain('6 host names, 2 not valid: Enter adds each in turn');
    expect(oneLine(app.frame())).toContain('Host name › one.checked.many.test bad_host.many.test');
    expect(posts()).toHaveLength(before);
  });

  it('a paste of a hundred hosts at 80x24 keeps the count and the checks in view: the field shows the lines up to its cursor', async ({
    renderUi,
  }) => {
    // A walkthrough's finding: the field took every line, and the count, the check of the
    // host typed again and the cursor were under the footer.
    const app = await openForm(renderUi);
    await app.resize(80, 24);
    const hosts = [
      ...Array.from({ length: 100 }, (_, i) => `many${i + 1}.paste.test`),
      'MANY1.paste.test',
    ];
    await app.press(pasted(hosts.join('\n')));
    const frame = await app.waitForFrame('101 host names, 1 typed again: Enter adds each in turn');
    expect(frame).toContain('✗ MANY1.paste.test: the same host as many1.paste.test');
    expect(frame).toMatch(/↑ \d+ more lines/);
    // The last host, the cursor after it, and the footer are in view.
    expect(frame).toContain('MANY1.paste.test');
    expect(frame).toContain('Esc back');
    expect(frame.split('\n').length).toBeLessThanOrEqual(23);
  });

  it('a long list of hosts not valid at 80x24: the first few named, a count of the rest', async ({
    renderUi,
  }) => {
    const app = await openForm(renderUi);
    await app.resize(80, 24);
    const bad = Array.from({ length: 9 }, (_, i) => `bad_${i + 1}.many.test`);
    await app.press(pasted(bad.join('\n')));
    const frame = await app.waitForFrame('9 host names, 9 not valid: Enter adds each in turn');
    for (const host of bad.slice(0, 5)) expect(frame).toContain(`✗ ${host}: `);
    expect(frame).not.toContain('✗ bad_6.many.test');
    expect(oneLine(frame)).toContain('✗ 4 more not valid (the API will refuse them)');
    // The footer is still in view.
    expect(frame).toContain('Esc back');
    expect(frame.split('\n').length).toBeLessThanOrEqual(23);
  });

  it('typed with commas and spaces, in one read with Enter', async ({ renderUi }) => {
    const app = await openForm(renderUi);
    await app.pressTogether('four.many.test, five.many.test six.many.test', 'enter');
    await app.waitForFrame('3 added (201), 0 already registered (409), 0 refused (400) of 3 hosts');
  });

  it('Tab keeps only the host name of every pasted URL among several hosts', async ({
    renderUi,
  }) => {
    const app = await openForm(renderUi);
    const before = posts().length;
    await app.press('https://Nine.Many.Test/shop?x=1, ten.many.test eleven.many.test/path');
    const hint = oneLine(await app.waitForFrame('3 host names'));
    expect(hint).toContain(
      '3 host names: Enter adds each in turn · 2 are URLs: Tab keeps only the host names',
    );
    await app.press('tab');
    const cut = await app.waitForFrame(
      'Host name › nine.many.test, ten.many.test eleven.many.test',
    );
    expect(oneLine(cut)).not.toContain('URL');
    await app.press('enter');
    await app.waitForFrame('3 added (201), 0 already registered (409), 0 refused (400) of 3 hosts');
    expect(
      posts()
        .slice(before)
        .map((line) => line.split(' ').at(-1)),
    ).toEqual(['201', '201', '201']);
  });

  it('a long reason wraps under its host at 100 columns, whole, rather than being cut', async ({
    renderUi,
  }) => {
    const app = await openForm(renderUi);
    await app.resize(100);
    await app.pressTogether(
      'wrap-one.many.test https://e.multi.com/path wrap-two.many.test',
      'enter',
    );
    const frame = await app.waitForFrame(
      '2 added (201), 0 already registered (409), 1 refused (400)',
    );
    const lines = frame.split('\n');
    const at = lines.findIndex((line) => line.startsWith('✗ 400   https://e.multi.com/path: '));
    expect(at, frame).toBeGreaterThan(-1);
    // Its lines: the first after the status, the others under the host, none past the edge.
    const more = lines.slice(at + 1).findIndex((line) => !/^ {8}\S/.test(line));
    const own = lines.slice(at, at + 1 + more);
    expect(own.length).toBeGreaterThan(1);
    for (const line of own) expect(line.length).toBeLessThanOrEqual(100);
    expect(own.map((line) => line.slice(8).trim()).join(' ')).toMatch(
      /^https:\/\/e\.multi\.com\/path: .*drop the scheme and path \(e\.g\. shop\.example\.com\)$/,
    );
    expect(frame).not.toContain('…');
  });

  it('more results than rows: the latest, wrapped, with a count of those above and the summary', async ({
    renderUi,
  }) => {
    const app = await openForm(renderUi);
    await app.resize(60, 24);
    const hosts = Array.from({ length: 8 }, (_, i) => `https://u${i}.many.test/path`);
    await app.pressTogether([...hosts, 'last.many.test'].join(' '), 'enter');
    const frame = await app.waitForFrame(
      '1 added (201), 0 already registered (409), 8 refused (400)',
    );
    expect(frame).toMatch(/^… \d+ more above$/m);
    expect(frame).toContain('✓ 201   last.many.test added');
    expect(frame).toContain('e edits the list');
    expect(frame.split('\n').length).toBeLessThanOrEqual(23);
  });

  it('a long pasted list at 80x24: collapsed to one line once added, the results and summary in view', async ({
    renderUi,
  }) => {
    const app = await openForm(renderUi);
    await app.resize(80, 24);
    const hosts = Array.from(
      { length: 12 },
      (_, i) => `customer-number-${String(i + 1).padStart(2, '0')}.storefront.long-list.test`,
    );
    // Pasted one a line: before Enter the field shows every host (a line each at 80 columns).
    await app.press(pasted(hosts.join('\n')));
    await app.waitForFrame('12 host names: Enter adds each in turn');
    await app.press('enter');
    const frame = await app.waitForFrame(
      '12 added (201), 0 already registered (409), 0 refused (400) of 12 hosts',
    );
    // The list is one line now (its count and the start of what was typed), the results below it.
    expect(frame).toMatch(/^Host name {3}12 host names · customer-number-01\S+ /m);
    expect(frame).not.toContain('customer-number-02.storefront.long-list.test\n');
    expect(frame).toMatch(/^… \d+ more above$/m);
    for (const host of hosts.slice(-6)) expect(frame).toContain(`✓ 201   ${host} added`);
    expect(oneLine(frame)).toContain('e edits the list (as typed) · Esc back to the domains');
    expect(frame.split('\n').length).toBeLessThanOrEqual(23);
    // The ones above are a scroll away: PgUp (and k) go back to the first, PgDn to the latest.
    expect(frame).toContain('↑↓ j k PgUp PgDn g G scroll');
    await app.press('pageup', 'pageup');
    const top = await app.waitForFrame(`✓ 201   ${hosts[0]} added`);
    expect(top).not.toMatch(/more above/);
    expect(top).toMatch(/^… \d+ more below$/m);
    expect(top).toContain('12 added (201)');
    expect(top.split('\n').length).toBeLessThanOrEqual(23);
    await app.pressTogether('j', 'pagedown', 'pagedown');
    await app.waitForFrame(
      (f) => f.includes(`✓ 201   ${hosts[11]} added`) && !f.includes('more below'),
    );
    // g to the first, G to the latest; PgDn from the first goes on from the last one shown.
    await app.press('g');
    const firstScreen = await app.waitForFrame(
      (f) => f.includes(`✓ 201   ${hosts[0]} added`) && !f.includes('more above'),
    );
    const added = (f: string) => [...f.matchAll(/✓ 201 {3}(\S+) added/g)].map((m) => m[1]);
    const shownFirst = added(firstScreen);
    await app.press('pagedown');
    const next = await app.waitForFrame((f) => added(f)[0] !== shownFirst[0]);
    // (The results after them, or the last screenful where fewer are left.)
    const size = shownFirst.length;
    expect(added(next)).toEqual(
      hosts.slice(Math.min(size, hosts.length - size), Math.min(size, hosts.length - size) + size),
    );
    await app.press('g');
    await app.waitForFrame((f) => added(f)[0] === hosts[0]);
    await app.press('G');
    await app.waitForFrame(
      (f) => f.includes(`✓ 201   ${hosts[11]} added`) && !f.includes('more below'),
    );
    // Scrolled back to the first, then a taller terminal: the view fills the room it has, down
    // to the latest (a walkthrough's finding: spare lines stayed under "more below").
    await app.press('g');
    await app.waitForFrame('more below');
    await app.resize(80, 40);
    const tall = await app.waitForFrame(
      (f) => f.includes(`✓ 201   ${hosts[11]} added`) && f.includes(`✓ 201   ${hosts[0]} added`),
    );
    expect(tall).not.toMatch(/more (above|below)/);
    await app.resize(80, 24);
    // e: the whole list again, as typed, in the field, which takes keys again.
    await app.press('e');
    await app.waitForFrame('12 host names: Enter adds each in turn');
    await app.press(' x.long-list.test');
    await app.waitForFrame('13 host names: Enter adds each in turn');
  });

  it('@file: the host names of a file, one a line, comments left out', async ({ renderUi }) => {
    const file = join(dir, 'hosts.txt');
    await writeFile(file, '# from the customer\nseven.many.test\n\neight.many.test # the shop\n');
    const app = await openForm(renderUi);
    await app.press(`@${file}`);
    await app.waitForFrame((f) => oneLine(f).includes('one a line: Enter adds each in turn'));
    await app.press('enter');
    await app.waitForFrame('2 added (201), 0 already registered (409), 0 refused (400) of 2 hosts');
  });

  it('@file that is not there: said, nothing sent, the text kept', async ({ renderUi }) => {
    const app = await openForm(renderUi);
    const before = posts().length;
    await app.press(`@${join(dir, 'nope.txt')}`, 'enter');
    const frame = await app.waitForFrame('no such file');
    expect(frame).toContain(`@${join(dir, 'nope.txt')}`);
    expect(posts()).toHaveLength(before);
  });

  it('@file that is binary: said, nothing sent, the text kept', async ({ renderUi }) => {
    const file = join(dir, 'binary.txt');
    await writeFile(file, 'nine.many.test\n\u0000\u0001');
    const app = await openForm(renderUi);
    const before = posts().length;
    await app.press(`@${file}`, 'enter');
    const frame = await app.waitForFrame((f) =>
      oneLine(f).includes('holds a NUL byte (at byte 15)'),
    );
    expect(oneLine(frame)).toContain('it is binary, not a list of host names');
    expect(frame).toContain(`@${file}`);
    expect(posts()).toHaveLength(before);
  });
});
