import { describe, expect, onTestFinished } from 'vitest';
import { type FakeApi, startFakeApi } from '../helpers/fake-api.js';
import { it } from '../helpers/fixtures.js';
import { oneLine } from '../helpers/ui.js';

// The raw screen reads answers with the same response-size limit as the commands: one too large
// is cut off at the limit and said in one clear line, never read into memory whole.

const PROJECT = 'prj_big';
/** 2 MiB of JSON: past a 1 MiB limit, well under the 64 MiB default. */
const BIG = 'a'.repeat(2 * 1024 ** 2);

/**
 * A fake API for this test alone, closed once the test is over: after the renderUi fixture has
 * ended the test's apps (onTestFinished runs after the fixtures' cleanup).
 */
async function startApi(options: Parameters<typeof startFakeApi>[0]): Promise<FakeApi> {
  const api = await startFakeApi(options);
  onTestFinished(() => api.close());
  return api;
}

describe('the raw screen and the response-size limit', () => {
  it('stops an answer past DOMAINCTL_MAX_RESPONSE_SIZE with the same clear line', async ({
    renderUi,
  }) => {
    const api = await startApi({
      domains: { [PROJECT]: [] },
      routes: { 'GET /v1/regions': { body: BIG } },
    });
    const ui = await renderUi({
      flags: { baseUrl: api.url, token: 'dk_test', project: PROJECT },
      env: { DOMAINCTL_MAX_RESPONSE_SIZE: '1M' },
    });
    await ui.waitForFrame('Domains of prj_big');
    await ui.press('x');
    await ui.waitForFrame('Raw request');
    await ui.press('/v1/regions', 'enter');
    const frame = await ui.waitForFrame("The API's answer is too large");
    // The line the commands write on stderr, wrapped to the screen.
    expect(oneLine(frame)).toContain(
      `the answer from ${api.url}/v1/regions is larger than 1 MiB, the most domainctl reads of one answer (--max-response-size or DOMAINCTL_MAX_RESPONSE_SIZE); it was not read further`,
    );
    expect(frame).not.toContain('aaaaaaaa');
  });
});
