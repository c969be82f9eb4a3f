// @module-tag tmux
import { describe, it } from 'vitest';
import { binding, helpKeys } from '../../src/ui/app/keymap.js';
import { TESTER_KEY } from '../helpers/server.js';
import { terminalForTest, terminalSessionForFile } from '../helpers/terminal-session.js';
import { shellNode, type Terminal } from '../helpers/tmux.js';
import { HELP_POSITION, helpIn } from '../helpers/ui.js';

// The raw-request screen in the smallest terminal the UI is made for, 80x24: the real bin in
// tmux, where what the terminal shows is the point (a line Ink cuts at its end is cut there, and
// a help taller than the terminal has to scroll to be read).
const PROJECT = 'prj_demo_scale';
const session = terminalSessionForFile({ name: 'raw-narrow', columns: 80, rows: 24 });

/** Starts the bin in `term` and goes to its raw-request screen. */
async function startRaw(term: Terminal) {
  const { server } = session;
  await term.waitForScreen('$');
  await term.send(
    {
      text: `${shellNode} bin/domainctl.js --base-url ${server.url} --token ${TESTER_KEY} --project ${PROJECT}; echo EXIT:$?`,
    },
    'Enter',
  );
  await term.waitForScreen('HOST NAME');
  await term.send('x');
  await term.waitForScreen('Raw request');
}

describe.concurrent('the raw-request screen at 80x24', () => {
  it("shows every key's help whole, page after page of a help that scrolls", async ({
    expect,
    onTestFinished,
  }) => {
    const term = terminalForTest(session, onTestFinished, {
      name: 'raw-narrow-help',
      columns: 80,
      rows: 24,
    });
    await startRaw(term);
    // F1: the path field has the focus, where ? is text.
    await term.send('F1');
    const pages = [await term.waitForScreen(HELP_POSITION)];
    for (;;) {
      const at = HELP_POSITION.exec(pages.at(-1) ?? '');
      if (!at || at[2] === at[3]) break;
      await term.send('NPage');
      pages.push(await term.waitForScreen(new RegExp(`^keys (?!${at[1]}–)\\d+–`, 'm')));
    }
    for (const page of pages) {
      for (const line of page.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
      expect(page).not.toContain('…');
    }
    // Each key of the screen's key-map, with its help as the key-map words it, on some page.
    const read = helpKeys('raw').map((id) => {
      const { keys, help } = binding(id);
      const shown = pages
        .map((page) => helpIn(page, keys, help.slice(0, 10))?.replace(/ \(not now\)$/, ''))
        .find((text) => text === help);
      return { id, help: shown };
    });
    expect(read).toEqual(helpKeys('raw').map((id) => ({ id, help: binding(id).help })));
    // Esc closes it, back on the screen.
    await term.send('Escape');
    await term.waitForScreen('Raw request · the same code');
    await term.send('C-c');
    await term.waitForScreen('EXIT:0');
  }, 60_000);

  it('lists the history with each status whole, the path cut instead', async ({
    expect,
    onTestFinished,
  }) => {
    const term = terminalForTest(session, onTestFinished, {
      name: 'raw-narrow-history',
      columns: 80,
      rows: 24,
    });
    await startRaw(term);
    // Two requests whose lines are wider than 80 columns: one answered 200, one 404.
    await term.send({ text: `/v1/projects/${PROJECT}/domains?page_size=100` }, 'Enter');
    await term.waitForScreen('200 OK');
    await term.send('C-u', { text: '/v1/projects/prj_nowhere_to_be_found/domains' }, 'Enter');
    await term.waitForScreen('404 Not Found');
    await term.send('C-r');
    const screen = await term.waitForScreen('History, newest first · 2');
    const lines = screen.split('\n');
    const missing = lines.find((line) => /GET +\/v1\/projects\/prj_nowhere/.test(line));
    const found = lines.find((line) => /GET +\/v1\/projects\/prj_demo_scale/.test(line));
    expect(missing).toMatch(/… {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC · 404 in \d+ ms$/);
    expect(found).toMatch(/… {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC · 200 in \d+ ms$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    await term.send('C-c');
    await term.waitForScreen('EXIT:0');
  }, 60_000);
});
