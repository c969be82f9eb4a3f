// @module-tag tmux
import { describe, it } from 'vitest';
import { TESTER_KEY } from '../helpers/server.js';
import { terminalForTest, terminalSessionForFile } from '../helpers/terminal-session.js';
import { shellNode, type Terminal } from '../helpers/tmux.js';

// The raw-request screen in the smallest terminal the UI is made for, 80x24: the real bin in
// tmux, where what the terminal shows is the point (a line Ink cuts at its end is cut there).
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
    const missing = lines.find((line) => line.includes('GET /v1/projects/prj_nowhere'));
    const found = lines.find((line) => line.includes(`GET /v1/projects/${PROJECT}`));
    expect(missing).toMatch(/… {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC · 404 in \d+ ms$/);
    expect(found).toMatch(/… {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC · 200 in \d+ ms$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    await term.send('C-c');
    await term.waitForScreen('EXIT:0');
  }, 60_000);
});
