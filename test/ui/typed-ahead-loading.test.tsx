import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { type RawServer, startRawServer } from '../helpers/raw-server.js';
import { TESTER_KEY } from '../helpers/server.js';
import type { RenderAppOptions, UiHandle } from '../helpers/ui.js';

// Keys typed ahead while a screen's list loads are for that list, as they would be typed once it
// showed: `p⏎jj` in one read opens the projects screen, opens a project from its list and moves
// two rows down its domains. Before, the ⏎ met the projects screen's "Loading" and was lost, and
// the j's moved a list nobody meant. An API that answers a list after 300 ms makes sure the keys
// come while it loads.
const server = seededServerForFile();
let slow: RawServer;
beforeAll(async () => {
  slow = await startRawServer((req, res) => {
    const target = new URL(req.url ?? '/', server.url);
    const delay = req.method === 'GET' && /\/(projects|domains)$/.test(target.pathname) ? 300 : 0;
    setTimeout(() => {
      const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      // A request still delayed when the file's server has closed ends here, not as an uncaught
      // error in whichever file runs next in this worker.
      upstream.on('error', () => res.destroy());
      upstream.end();
    }, delay);
  });
});
afterAll(() => slow?.close());

const selected = (frame: string) => /^› (\S+)/m.exec(frame)?.[1];

async function openDomains(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  const ui = await renderUi({
    flags: { baseUrl: slow.url, token: TESTER_KEY, project: 'prj_demo_scale', watchInterval: 0 },
  });
  await ui.waitForFrame('HOST NAME');
  return ui;
}

/** The screen's title line and the row selected. */
const place = (frame: string) => ({ title: frame.split('\n')[0], selected: selected(frame) });

/** Where `keys` typed one at a time end, each once the screen has loaded. */
async function typedSlowly(ui: UiHandle, keys: string[]) {
  for (const key of keys) {
    await ui.waitForFrame((f) => !/Loading/.test(f), 10_000);
    await ui.press(key);
  }
  return place(await ui.waitForFrame((f) => !/Loading/.test(f), 10_000));
}

/** The same keys in one read end in the same place (the screens load meanwhile). */
async function typedAhead(ui: UiHandle, keys: string[], end: ReturnType<typeof place>) {
  await ui.pressTogether(...keys);
  const frame = await ui.waitForFrame(
    (f) => !/Loading/.test(f) && place(f).title === end.title && selected(f) === end.selected,
    10_000,
  );
  expect(place(frame)).toEqual(end);
}

describe('keys typed ahead while a list loads', () => {
  it('p⏎jj in one read opens a project and moves down its domains, as typed one by one', async ({
    renderUi,
  }) => {
    const keys = ['p', 'enter', 'j', 'j'];
    const slowly = await typedSlowly(await openDomains(renderUi), keys);
    expect(slowly.title).toContain('(prj_');
    await typedAhead(await openDomains(renderUi), keys, slowly);
  });

  it('j⏎ on the projects list as it loads opens the second project, as typed one by one', async ({
    renderUi,
  }) => {
    const start = async () => {
      const ui = await renderUi({ flags: { baseUrl: slow.url, token: TESTER_KEY } });
      await ui.waitForFrame('Loading projects');
      return ui;
    };
    const keys = ['j', 'enter'];
    const slowly = await typedSlowly(await start(), keys);
    expect(slowly.title).toContain('(prj_');
    await typedAhead(await start(), keys, slowly);
  });
});
