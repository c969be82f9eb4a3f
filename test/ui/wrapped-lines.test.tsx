import { describe, expect } from 'vitest';
import { trimContinuation } from '../../src/ui/components/Paragraph.js';
import { it } from '../helpers/fixtures.js';
import { TESTER_KEY, type TestServer } from '../helpers/server.js';
import { oneLine, type UiHandle } from '../helpers/ui.js';

// Sentences that the terminal's width wraps start every line at the same left edge: Ink's own
// wrapping keeps the space at a break, so a line that a word ends exactly at the width used to
// leave the next one starting with a space (" d checks DNS", " DNS provider."). Each screen is
// drawn at every width from 40 to 100 columns, as a person resizing the terminal would see it.
// Each test resizes an app of its own (its own stdout), so they run together, each with its
// test's own `expect`.

const flags = (server: TestServer) => ({
  baseUrl: server.url,
  token: TESTER_KEY,
  project: 'prj_demo_scale',
});

/**
 * The lines, at each width, that start one column right of the line above them while that line
 * reaches the right edge: a wrapped sentence whose next line kept the space it broke at.
 */
async function raggedLines(app: UiHandle): Promise<string[]> {
  const found: string[] = [];
  for (let columns = 40; columns <= 100; columns++) {
    await app.resize(columns);
    const lines = app.frame().split('\n');
    lines.forEach((line, i) => {
      const above = lines[i - 1] ?? '';
      const indent = (text: string) => text.length - text.trimStart().length;
      const continues =
        line.trim() !== '' &&
        above.trim() !== '' &&
        indent(line) === indent(above) + 1 &&
        above.trimEnd().length >= columns - 1;
      if (/^ \S/.test(line) || continues) found.push(`${columns}: ${line.trim()}`);
    });
  }
  return found;
}

// Each test draws a screen at up to 60 widths: about 4 s alone, 10-16 s while the rest of the
// suite runs on two cores, so the default 20 s is too close.
describe.concurrent('wrapped sentences keep a straight left edge', { timeout: 60_000 }, () => {
  it('the domain screen: its hint, at every width from 40 to 100', async ({
    renderUi,
    server,
    expect,
  }) => {
    const ui = await renderUi({ flags: flags(server) });
    await ui.waitForFrame('www.acme-shop.com');
    await ui.press('enter');
    await ui.waitForFrame('d checks DNS');
    expect(await raggedLines(ui)).toEqual([]);
    // At 60 columns "…z the zone snippet;" fills the line: the next one starts with the key.
    await ui.resize(60);
    expect(ui.frame()).toMatch(/^c copies the selected value, h its host, z the zone snippet;\n/m);
    expect(ui.frame()).toMatch(/^d checks DNS/m);
  });

  it('the add form: its advice, a refused name, and the 409 error', async ({
    renderUi,
    server,
    expect,
  }) => {
    const ui = await renderUi({ flags: flags(server) });
    await ui.waitForFrame('www.acme-shop.com');
    await ui.press('a');
    await ui.waitForFrame('Once added');
    await ui.press('bad..host');
    await ui.waitForFrame('empty label');
    expect(await raggedLines(ui)).toEqual([]);
    await ui.resize(100);
    // Ctrl+U clears the field.
    await ui.press('\u0015', 'www.acme-shop.com', 'enter');
    await ui.waitForFrame('This host name is taken');
    expect(await raggedLines(ui)).toEqual([]);
  });

  it('the welcome screen: its sentences and the choices, whose second line goes under the label', async ({
    renderUi,
    expect,
  }) => {
    const ui = await renderUi({});
    await ui.waitForFrame('Welcome to domainctl');
    expect(await raggedLines(ui)).toEqual([]);
    await ui.resize(40);
    expect(ui.frame()).toMatch(
      /^› Try the demo: a local API with sample\n {2}projects and domains/m,
    );
  });

  it('the help: one column as wide as the terminal, every word of every key shown', async ({
    renderUi,
    server,
    expect,
  }) => {
    const ui = await renderUi({ flags: flags(server) });
    await ui.waitForFrame('www.acme-shop.com');
    await ui.press('enter');
    await ui.waitForFrame('d checks DNS');
    await ui.resize(80, 40);
    await ui.press('?');
    const help = await ui.waitForFrame('Keys: Domain');
    for (const line of help.split('\n')) expect(line.trimEnd().length).toBeLessThanOrEqual(80);
    expect(oneLine(help)).toContain(
      'look the records up in DNS and mark each: ok, missing, wrong (with what was found), error; and ask HTTPS',
    );
    expect(await raggedLines(ui)).toEqual([]);
  });
});

describe('trimContinuation', () => {
  it('drops the spaces that open a line after the first, and keeps its style codes', () => {
    expect(trimContinuation(' d checks DNS', 1)).toBe('d checks DNS');
    expect(trimContinuation('\u001b[2m d checks\u001b[22m', 1)).toBe('\u001b[2md checks\u001b[22m');
    expect(trimContinuation('  first line', 0)).toBe('  first line');
  });
});
