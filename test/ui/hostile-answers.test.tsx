import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { type FakeApi, startFakeApi } from '../helpers/fake-api.js';
import {
  EVIL,
  EVIL_LATIN1,
  EVIL_LATIN1_SHOWN,
  evil,
  expectNothingObeyed,
  shown,
} from '../helpers/hostile.js';
import type { UiHandle, RenderAppOptions } from '../helpers/ui.js';

// The UI against an API whose every string carries escape sequences and C1 controls. Ink passes
// OSC sequences through to the terminal as they are, so nothing the API says may reach a <Text>
// raw: every screen must show the controls as \u001b, and what the app wrote to the terminal
// must hold none of them.

const PROJECT = evil('prj_evil');
const TIMES = {
  verified_at: '2026-11-21T15:20:00.000Z',
  tls_cert_expiry: '2036-02-19T15:20:00.000Z',
  created_at: '2026-11-21T14:20:00.000Z',
  updated_at: '2026-11-21T15:20:00.000Z',
};
const DOMAIN = {
  id: evil('dom_1'),
  project_id: PROJECT,
  domain: evil('one.example.com'),
  verified: true,
  ...TIMES,
  dns_verification_token: evil('token'),
  dns_instructions: {
    cname_host: evil('one.example.com'),
    cname_target: evil('edge.example.test'),
    txt_host: evil('_v.one.example.com'),
    txt_value: evil('verify=1'),
    acme_cname_host: evil('_acme.one.example.com'),
    acme_cname_target: evil('acme.example.test'),
  },
};

/** Real names in the test DNS, whose TXT answer carries the hostile sequences. */
const CHECKED = {
  ...DOMAIN,
  id: 'dom_2',
  domain: 'checked.example.test',
  dns_instructions: {
    cname_host: 'checked.example.test',
    cname_target: 'edge.example.test',
    txt_host: '_v.checked.example.test',
    txt_value: 'verify=1',
    acme_cname_host: '_acme-challenge.checked.example.test',
    acme_cname_target: 'acme.example.test',
  },
};

let api: FakeApi;
let dns: TestDnsServer;
beforeAll(async () => {
  api = await startFakeApi({
    projects: [
      {
        id: PROJECT,
        name: evil('Evil Corp'),
        organization_id: evil('org'),
        region_id: evil('eu'),
        plan: 'scale',
        ...TIMES,
      },
    ],
    domains: { [PROJECT]: [DOMAIN, CHECKED] },
    added: {
      status: 409,
      statusText: `Conflict${EVIL_LATIN1}`,
      body: { error: { code: evil('domain_already_exists'), message: evil('taken') } },
    },
    routes: {
      'GET /v1/regions': {
        statusText: `OK${EVIL_LATIN1}`,
        body: { regions: [{ id: evil('eu'), name: `Europe ${EVIL_LATIN1}\u007f` }] },
      },
      'GET /text': { headers: { 'content-type': 'text/plain' }, body: `plain${EVIL}\nsecond` },
    },
  });
  dns = await startDnsServer({
    cname: { 'checked.example.test': 'edge.example.test' },
    txt: { '_v.checked.example.test': evil('verify=0') },
  });
});
afterAll(async () => {
  await dns?.stop();
  await api?.close();
});
let ui: UiHandle | undefined;
// Read before the renderUi fixture ends the app, once the test is over.
afterEach(() => {
  if (ui) expectNothingObeyed(ui.written());
  ui = undefined;
});

async function openProjects(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  ui = await renderUi({
    flags: { baseUrl: api.url, token: 'dk_test' },
    env: { DOMAINCTL_DNS_SERVER: dns.address },
  });
  await ui.resize(200, 40);
  await ui.waitForFrame('Evil Corp\\u001b]2;pwned');
  return ui;
}

async function openDomain(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  const app = await openProjects(renderUi);
  await app.press('enter');
  await app.waitForFrame('one.example.com\\u001b]2;pwned');
  await app.press('enter');
  await app.waitForFrame('DNS records');
  return app;
}

describe('the UI against an API that answers with escape sequences', () => {
  it('projects: names, ids and organisations are shown with their controls made visible', async ({
    renderUi,
  }) => {
    const app = await openProjects(renderUi);
    const frame = app.frame();
    expect(frame).toContain(shown('Evil Corp'));
    expect(frame).toContain('prj_evil\\u001b]2;');
    expect(frame).toContain('org\\u001b]2;');
  });

  it('domains: the title and the host names', async ({ renderUi }) => {
    const app = await openProjects(renderUi);
    await app.press('enter');
    const frame = await app.waitForFrame('one.example.com\\u001b]2;pwned');
    expect(frame).toContain(`Domains of ${shown('Evil Corp')} (prj_evil\\u001b]2;pwned`);
    expect(frame).toMatch(/one\.example\.com\\u001b\]2;pwned\S* +verified +2026-11-21/);
  });

  it('domain: every field and record in full, made visible', async ({ renderUi }) => {
    const app = await openDomain(renderUi);
    // Wide enough that no host or value wraps.
    await app.resize(400, 40);
    const frame = await app.waitForFrame(shown('_acme.one.example.com'));
    for (const text of [
      'one.example.com',
      'edge.example.test',
      '_v.one.example.com',
      'verify=1',
      'acme.example.test',
      'dom_1',
      'token',
    ]) {
      expect(frame).toContain(shown(text));
    }
  });

  it('domain: refuses to copy a value, a host or the zone that holds control characters', async ({
    renderUi,
  }) => {
    const app = await openDomain(renderUi);
    await app.press('c');
    await app.waitForFrame('✗ Not copied: the CNAME value for one.example.com\\u001b]2;pwned');
    await app.press('h');
    await app.waitForFrame('✗ Not copied: the host one.example.com\\u001b]2;pwned');
    await app.press('z');
    await app.waitForFrame(
      '✗ Not copied: cannot write the zone snippet of this domain: the domain "one.example.com\\u001b]2;pwned',
    );
    // No clipboard write went out at all.
    expect(app.written()).not.toContain('\u001b]52;');
  });

  it('domain: the DNS check shows what the DNS answered, made visible', async ({ renderUi }) => {
    const app = await openProjects(renderUi);
    await app.press('enter');
    await app.waitForFrame('checked.example.test');
    await app.press('down', 'enter');
    await app.waitForFrame('DNS records');
    await app.press('d');
    const frame = await app.waitForFrame('not right yet');
    expect(frame).toMatch(/found +verify=0\\u001b\]2;pwned\\u0007/);
  });

  it('add domain: the error the API answered with, code and message made visible', async ({
    renderUi,
  }) => {
    const app = await openProjects(renderUi);
    await app.press('enter');
    await app.waitForFrame('one.example.com\\u001b]2;pwned');
    await app.press('a');
    await app.waitForFrame('Add a custom domain');
    await app.press('new.example.com', 'enter');
    const frame = await app.waitForFrame(`HTTP 409 ${shown('domain_already_exists')}`);
    expect(frame).toContain(shown('taken'));
  });

  it('raw request: a JSON body with C1 controls, a text body and the status line', async ({
    renderUi,
  }) => {
    const app = await openProjects(renderUi);
    await app.press('enter');
    await app.waitForFrame('one.example.com\\u001b]2;pwned');
    await app.press('x');
    await app.waitForFrame('Raw request');
    await app.press('/v1/regions', 'enter');
    const json = await app.waitForFrame(`200 OK${EVIL_LATIN1_SHOWN}`);
    expect(json).toContain(`"name": "Europe ${EVIL_LATIN1_SHOWN}\\u007f"`);
    // JSON writes C0 controls as escapes of its own: \r, \b.
    expect(json).toContain('"id": "eu\\u001b]2;pwned\\u0007\\u001b]52;');

    for (let i = 0; i < '/v1/regions'.length; i++) await app.press('backspace');
    await app.press('/text', 'enter');
    const text = await app.waitForFrame(`plain${shown('')}`);
    expect(text).toContain('second');
  });
});
