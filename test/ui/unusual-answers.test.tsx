import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { type FakeApi, startFakeApi } from '../helpers/fake-api.js';
import type { UiHandle, RenderAppOptions } from '../helpers/ui.js';
import {
  fortyDaysOn,
  UNUSUAL_PROJECT,
  unusualPending,
  unusualVerified,
} from '../helpers/unusual-domains.js';

// The UI against answers the API's description allows but the reference server never writes:
// times with offsets, without milliseconds or with microseconds; nullable times left out; a UUID
// token; ids and page tokens with `+/=`; fields the client does not know. Every screen shows them.

const PROJECT = UNUSUAL_PROJECT;
const EXPIRY_MS = fortyDaysOn();
const EXPIRY_DAY = new Date(EXPIRY_MS).toISOString().slice(0, 10);
// The expiry written at -03:00, so its text holds another (local) time than the UTC one shown.
const EXPIRY = `${new Date(EXPIRY_MS - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;

const verified = unusualVerified(EXPIRY, {
  updated_at: '2026-03-02T12:15:30+02:00',
  labels: { team: 'web' },
});
const pending = (n: number) =>
  unusualPending(
    `pending${n}.example.test`,
    `dom_Zm9v+${n}/`,
    `c0ffee00-0000-4000-8000-00000000000${n}`,
  );
const domains = [verified, ...Array.from({ length: 6 }, (_, i) => pending(i + 1))];

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi({
    projects: [
      {
        id: PROJECT,
        name: 'Unusual Inc',
        organization_id: 'org_+/=',
        region_id: 'eu-west',
        plan: 'scale',
        created_at: '2026-03-02T10:15:30Z',
        updated_at: '2026-03-02T10:15:30.5+00:00',
        billing: { seats: 3 },
      },
    ],
    domains: { [PROJECT]: domains },
    // Five a page whatever the UI asks for: the UI must page with the API's own tokens.
    maxPageSize: 5,
    token: (n) => `eyJvIjo${n}fQ==+/`,
    pageExtra: { total_count: domains.length },
    added: { status: 201, body: { ...pending(9), domain: 'new.example.test' } },
  });
});
afterAll(() => api.close());

async function openProjects(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  const ui = await renderUi({ flags: { baseUrl: api.url, token: 'dk_test' } });
  await ui.waitForFrame('Unusual Inc');
  return ui;
}

describe('the UI against valid but unusual answers', () => {
  it('projects and domains: the list, every time as its UTC date, paged with +/= tokens', async ({
    renderUi,
  }) => {
    const app = await openProjects(renderUi);
    expect(app.frame()).toMatch(/Unusual Inc +prj_unusual +scale +yes +org_\+\/=/);
    await app.press('enter');
    const first = await app.waitForFrame('verified.example.test');
    expect(first).toMatch(
      new RegExp(`verified\\.example\\.test +verified +2026-03-02 +${EXPIRY_DAY} 40d +2026-03-02`),
    );
    expect(first).toMatch(/pending1\.example\.test +pending +- +- +2026-03-02/);
    await app.press('n');
    const second = await app.waitForFrame('pending6.example.test');
    expect(second).toContain('page 2');
    expect(api.asked().at(-1)).toContain(`page_token=${encodeURIComponent('eyJvIjo2fQ==+/')}`);
  });

  it('domain: every field, the times in UTC, and the records copy', async ({ renderUi }) => {
    const app = await openProjects(renderUi);
    await app.press('enter');
    await app.waitForFrame('verified.example.test');
    await app.press('enter');
    const frame = await app.waitForFrame('DNS records');
    expect(frame).toMatch(/ID +dom_AbC\+\/=9x==/);
    expect(frame).toMatch(/Status +verified at 2026-03-02 10:15 UTC/);
    expect(frame).toMatch(new RegExp(`TLS expiry +${EXPIRY_DAY} \\d\\d:\\d\\d UTC · 40 days left`));
    expect(frame).toMatch(/Token +8d9f5a4e-3b2c-4d1e-9f0a-1b2c3d4e5f60/);
    expect(frame).toMatch(/Created +2026-03-02 10:15 UTC/);
    expect(frame).toMatch(/Updated +2026-03-02 10:15 UTC/);
    await app.press('c');
    await app.waitForFrame('✓ Copied the CNAME value');
    const osc52 = `\u001b]52;c;${Buffer.from('prj-unusual.edge.example.test').toString('base64')}\u0007`;
    expect(app.written()).toContain(osc52);
  });

  it('domain: a pending domain without verified_at or tls_cert_expiry', async ({ renderUi }) => {
    const app = await openProjects(renderUi);
    await app.press('enter');
    await app.waitForFrame('pending1.example.test');
    await app.press('down', 'enter');
    const frame = await app.waitForFrame('DNS records');
    expect(frame).toContain('pending1.example.test · pending');
    expect(frame).toMatch(/TLS expiry +no certificate yet/);
    expect(frame).toMatch(/Created +2026-03-02 04:30 UTC/);
  });

  it('add domain: an answer in that form opens the new domain with its records', async ({
    renderUi,
  }) => {
    const app = await openProjects(renderUi);
    await app.press('enter');
    await app.waitForFrame('verified.example.test');
    await app.press('a');
    await app.waitForFrame('Add a custom domain');
    await app.press('new.example.com', 'enter');
    const frame = await app.waitForFrame('✓ Added.');
    expect(frame).toContain('new.example.test · pending');
    expect(frame).toContain('_v.pending9.example.test');
  });
});
