import { describe } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { oneLine } from '../helpers/ui.js';

/** The raw screen's fields' column: right of the method list and the fields' labels. */
const fieldsColumn = (frame: string) =>
  oneLine(
    frame
      .split('\n')
      .map((line) => line.slice(22))
      .join('\n'),
  );

// A message is read whole: at 80 columns a status or notice line that is longer than the
// terminal wraps (the lines it takes come out of the room below it), never cut with "…".
describe('messages at 80 columns wrap rather than being cut', () => {
  it.concurrent(
    "the raw screen's route messages: no route, a method the path does not take",
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      await app.resize(80, 24);
      await app.press('/v1/nowhere/at/all');
      let frame = await app.waitForFrame('No route of the API matches');
      expect(fieldsColumn(frame)).toContain(
        '! No route of the API matches: it is sent as typed (likely a 404)',
      );
      expect(frame).not.toMatch(/…$/m);
      expect(frame.split('\n').length).toBeLessThanOrEqual(23);
      await app.press('\u0015', '/v1/projects/prj_demo_scale/domains');
      await app.press('shift-tab', 'down', 'down', 'down');
      frame = await app.waitForFrame('PUT is not a method of this path');
      expect(fieldsColumn(frame)).toMatch(
        /! PUT is not a method of this path: it takes (GET, POST|POST, GET) \(the API answers 405\)/,
      );
      expect(frame).not.toMatch(/…$/m);
      expect(frame.split('\n').length).toBeLessThanOrEqual(23);
    },
  );

  it.concurrent(
    "the domains screen's status line: the watch whole, the footer's n giving way, every row kept",
    async ({ server, renderUi, expect }) => {
      const app = await renderUi({
        flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
      });
      await app.waitForFrame('HOST NAME');
      await app.resize(80, 24);
      // Once every domain is loaded: while the load runs, the summary above says "45 loaded so
      // far… · of those …", which is cut at 80 columns (CI caught a frame of it once).
      const frame = await app.waitForFrame(
        (f) => /watching \d+ pending/.test(f) && /^45 domains · /m.test(f),
      );
      // `n next page` is the footer's too: it gives way, and the line fits whole in one.
      expect(frame).toMatch(
        /^page 1 · rows 1–(\d+) of (≥ )?\d+ · \1 per page · watching \d+ pending domains every 10 s$/m,
      );
      expect(frame).toContain('n → next page');
      expect(frame).not.toMatch(/…$/m);
      expect(frame).not.toContain('more below');
      const lines = frame.split('\n');
      expect(lines.length).toBeLessThanOrEqual(23);
      expect(lines.at(-1)).toMatch(/q quit/);
    },
  );
});
