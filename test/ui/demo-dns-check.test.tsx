import { describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { createApiClient } from '../../src/client/api-client.js';
import { api } from '../helpers/api.js';
import { TESTER_KEY } from '../helpers/server.js';
import { oneLine } from '../helpers/ui.js';

describe('d in `domainctl demo`', () => {
  it("asks the demo's own DNS, which has the records of a domain added in the demo", async ({
    renderUi,
  }) => {
    const ui = await renderUi({ demo: true, flags: { project: 'prj_demo_scale' } });
    const header = await ui.waitForFrame(/127\.0\.0\.1:\d+/);
    const url = `http://${/127\.0\.0\.1:\d+/.exec(header)?.[0] ?? ''}`;
    const added = await api({ url }, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      body: { domain: 'shop.example.com' },
    });
    expect(added.status).toBe(201);
    await ui.press('r');
    // Listed first; the selection stays on the domain it was on, so up one to the new one.
    await ui.waitForFrame(/^ {2}shop\.example\.com/m);
    await ui.press('k');
    await ui.waitForFrame('› shop.example.com');
    await ui.press('enter');
    await ui.waitForFrame('DNS records');
    await ui.press('d');
    const text = oneLine(await ui.waitForFrame(/All 3 records are right|not right yet|could not/));
    expect(text).toMatch(/✓ ok.*✓ ok.*✓ ok/);
    expect(text).toMatch(/the demo's DNS at 127\.0\.0\.1:\d+/);
  });

  it('d asks the API for the domain again: one the verifier verified meanwhile shows verified', async ({
    renderUi,
  }) => {
    const ui = await renderUi({ demo: true, flags: { project: 'prj_demo_scale' } });
    const header = await ui.waitForFrame(/127\.0\.0\.1:\d+/);
    const url = `http://${/127\.0\.0\.1:\d+/.exec(header)?.[0] ?? ''}`;
    await ui.waitForFrame('› www.acme-shop.com');
    await ui.press('a');
    await ui.waitForFrame('Add a custom domain');
    await ui.press('z2.newco.com', 'enter');
    const added = await ui.waitForFrame('✓ Added.');
    expect(added).toContain('z2.newco.com · pending');
    // The demo's verifier finds the records in its own DNS within seconds; the screen is not
    // told, and shows pending until d.
    const client = createApiClient({ baseUrl: url, token: TESTER_KEY });
    await expect
      .poll(async () => (await client.findDomain('prj_demo_scale', 'z2.newco.com'))?.verified, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe(true);
    expect(ui.frame()).toContain('z2.newco.com · pending');
    await ui.press('d');
    const text = oneLine(await ui.waitForFrame('All 3 records are right'));
    const checked = await ui.waitForFrame('z2.newco.com · verified');
    expect(checked).toMatch(/Status\s+verified at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(checked).toMatch(/Stages\s+✓ DNS › ✓ verified › ✓ certificate/);
    expect(oneLine(checked)).not.toContain('the TXT record has not been seen yet');
    expect(text).not.toContain('Could not ask the API');
  });

  it("finds the records of the demo's own verified domains, and not those of its pending ones", async ({
    renderUi,
  }) => {
    const ui = await renderUi({ demo: true, flags: { project: 'prj_demo_scale' } });
    // The API's order, newest first: www, api (pending), app (verified).
    await ui.waitForFrame('› www.acme-shop.com');
    await ui.press('j');
    await ui.press('j');
    await ui.waitForFrame('› app.acme-shop.com');
    await ui.press('enter');
    await ui.waitForFrame('DNS records');
    await ui.press('d');
    const verified = oneLine(
      await ui.waitForFrame(/All 3 records are right|not right yet|could not/),
    );
    expect(verified).toContain('All 3 records are right');
    await ui.press('esc');
    await ui.waitForFrame('› app.acme-shop.com');
    await ui.press('k');
    await ui.waitForFrame('› api.acme-shop.com');
    await ui.press('enter');
    await ui.waitForFrame('DNS records');
    await ui.press('d');
    const pending = oneLine(
      await ui.waitForFrame(/All 3 records are right|not right yet|could not/),
    );
    expect(pending).toContain('3 of 3 not right yet');
  });
});
