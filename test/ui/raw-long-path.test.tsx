import { describe } from 'vitest';
import { it } from '../helpers/fixtures.js';

// A path longer than its field wraps there, and the lines it takes come out of the answer's room:
// every line of the answer that the screen says it shows is on screen, above the footer. Before,
// the path's extra lines were not counted, and the answer's last lines fell off the bottom.
describe("the raw screen's path, wider than its field", () => {
  it.concurrent(
    'wraps, and the answer keeps every line it says it shows',
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      // The path's five lines, the route and the headers are taller than the method list beside
      // them; the API's 400 (an unknown query field) is six lines of JSON.
      await app.resize(80, 20);
      await app.press(`/v1/regions?trace=${'x'.repeat(232)}`, 'enter');
      const frame = await app.waitForFrame(/^400 Bad Request /m);
      const lines = frame.split('\n');
      expect(lines.length).toBeLessThanOrEqual(20);
      const status = lines.findIndex((l) => l.startsWith('400 Bad Request '));
      const part = /lines 1–(\d+) of 6/.exec(lines[status] ?? '');
      const shown = part ? Number(part[1]) : 6;
      const footer = lines.findLastIndex((l) => l.startsWith('─'));
      // The answer's lines: from under its status line to the rule above the footer.
      expect(lines.slice(status + 1, footer).filter((l) => l.trim() !== '').length).toBe(shown);
    },
  );
});
