import { describe, expect } from 'vitest';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// A write sent from the raw screen (x) marks what the screens below it show out of date: back on
// the domains list, the count, the pages and their row numbers are the API's as it is now. Before,
// they were the ones from before the write until r: a domain added there left page 2 starting at
// a row page 1 had shown already ("rows 14–27 of 46").
const server = seededServerForFile();
const CTRL_U = '\u0015';

describe('a domain added on the raw screen', () => {
  it('is counted on the domains list once back, and the pages follow', async ({ renderUi }) => {
    const app = await renderUi({
      flags: {
        baseUrl: server.url,
        token: TESTER_KEY,
        project: 'prj_demo_scale',
        watchInterval: 0,
      },
    });
    await app.waitForFrame('45 domains ·');
    await app.press('x');
    await app.waitForFrame('Raw request');
    // POST (one j down the method list), the project's domains, and a body.
    await app.pressTogether('shift-tab', 'j', 'enter');
    await app.waitForFrame(/• POST/);
    await app.pressTogether(CTRL_U, '/v1/projects/prj_demo_scale/domains', 'enter');
    await app.waitForFrame(/Body\s+› /);
    await app.pressTogether('{"domain": "raw-added.example.com"}', 'enter');
    await app.waitForFrame(/^201 Created /m);
    await app.press('esc');
    const frame = await app.waitForFrame('46 domains ·', 10_000);
    expect(frame).toMatch(/^page 1 · rows 1–(\d+) of 46/m);
    // The next page starts right after this one's last row.
    const last = Number(/rows 1–(\d+) of 46/.exec(frame)?.[1]);
    await app.press('n');
    await app.waitForFrame(new RegExp(`^page 2 · rows ${last + 1}–\\d+ of 46`, 'm'));
  });
});
