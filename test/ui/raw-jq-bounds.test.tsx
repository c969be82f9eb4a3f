import { describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';

// The raw screen's jq filter runs in the same bounded worker as --jq: a filter that outgrows its
// memory bound is said on the screen, and the answer is kept. Before, it ran on the main thread
// and took the process to V8's out-of-memory death.
describe("the raw screen's jq filter", () => {
  it('says so when a filter outgrows its memory bound, and keeps the whole answer', async ({
    openRaw,
  }) => {
    const ui = await openRaw();
    await ui.press('/v1/regions', 'enter');
    await ui.waitForFrame('200 OK');
    // ↓ past the path, and past the (empty) headers, goes down to the answer.
    await ui.press('down', 'down');
    await ui.waitForFrame(/^› \{$/m);
    await ui.pressTogether('f', '"x" * 1e9', 'enter');
    // jq's worker starts and compiles its WebAssembly with the first filter: seconds on a machine
    // running the whole suite, hence the longer waits.
    const frame = await ui.waitForFrame(
      '✗ jq "x" * 1e9: the expression needed more than 64 MiB of memory',
      30_000,
    );
    expect(frame).toContain('"regions": [');
    // The next filter runs as usual.
    await ui.pressTogether('f', '\u0015', '.regions | length', 'enter');
    await ui.waitForFrame(/^› 3$/m, 30_000);
  }, 60_000);
});
