import { beforeAll, describe, expect } from 'vitest';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { addManyDomains } from '../helpers/many-domains.js';
import { TESTER_KEY } from '../helpers/server.js';

// A resize taller and back while deep in the pages of a large project. A walkthrough's finding:
// on page 26 of 425 the UI stopped taking keys and ended with React's "too many re-renders".
const PROJECT = 'prj_demo_enterprise';
const server = seededServerForFile();
beforeAll(async () => {
  await addManyDomains(server, PROJECT, 420);
}, 60_000);

describe('the pages of 425 domains', () => {
  it('survive a resize taller and back on page 26, on the same domain', async ({ renderUi }) => {
    const app = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
    });
    await app.resize(80, 24);
    await app.waitForFrame(/^page 1 · rows 1–14 of /m);
    await app.pressTogether(...Array<string>(25).fill('n'));
    const deep = await app.waitForFrame(/^page 26 · rows 351–364 of /m, 20_000);
    const chosen = /^› (\S+)/m.exec(deep)?.[1];
    await app.resize(80, 50);
    await app.waitForFrame((f) => /per page/.test(f) && !/14 per page/.test(f), 20_000);
    await app.resize(80, 24);
    const back = await app.waitForFrame(
      (f) => /14 per page/.test(f) && f.includes(`› ${String(chosen)} `),
      20_000,
    );
    expect(back.split('\n').length).toBeLessThanOrEqual(24);
    await app.press('b');
    await app.waitForFrame(/page \d+ · rows/);
  }, 90_000);
});
