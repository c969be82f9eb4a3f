import { afterEach, beforeAll, describe, expect } from 'vitest';
import { api, expectError } from '../helpers/api.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { evil, expectNothingObeyed, shown } from '../helpers/hostile.js';
import { PLANTED_PROJECT, plantHostileRows } from '../helpers/planted.js';
import { TESTER_KEY } from '../helpers/server.js';
import type { UiHandle, RenderAppOptions } from '../helpers/ui.js';

// The UI on the real reference server: a project name with escape sequences cannot be created
// through the API, and one already in the database is drawn with its controls made visible;
// nothing the app writes to the terminal would be obeyed.

const server = seededServerForFile();
beforeAll(async () => {
  await plantHostileRows(server);
});
let ui: UiHandle | undefined;
// Read before the renderUi fixture ends the app, once the test is over.
afterEach(() => {
  if (ui) expectNothingObeyed(ui.written());
  ui = undefined;
});

async function openProjects(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
  await ui.resize(200, 40);
  await ui.waitForFrame(shown('Planted'));
  return ui;
}

describe('the UI on names with escape sequences', () => {
  it('the API refuses to create such a project (400)', async () => {
    const res = await api(server, 'POST', '/v1/projects', {
      key: TESTER_KEY,
      body: { name: evil('Evil Corp'), organization_id: 'org_demo' },
    });
    expectError(res, 400, 'invalid_request');
  });

  it('projects: a stored name is shown with its controls made visible', async ({ renderUi }) => {
    const app = await openProjects(renderUi);
    expect(app.frame()).toContain(PLANTED_PROJECT);
    expect(app.frame()).not.toContain('Evil Corp');
  });

  it('domains: the title and a stored host name, made visible', async ({ renderUi }) => {
    const app = await openProjects(renderUi);
    await app.press('enter');
    const frame = await app.waitForFrame('planted.example.com\\u001b]2;pwned');
    expect(frame).toContain(`Domains of ${shown('Planted')} (${PLANTED_PROJECT})`);
    expect(frame).toMatch(/planted\.example\.com\\u001b\]2;pwned\S* +pending/);
  });

  it('raw request: a stored database name in the response, made visible', async ({ renderUi }) => {
    const app = await openProjects(renderUi);
    await app.press('enter');
    await app.waitForFrame('planted.example.com');
    await app.press('x');
    await app.waitForFrame('Raw request');
    await app.press(`/v1/projects/${PLANTED_PROJECT}/databases`, 'enter');
    const frame = await app.waitForFrame('200 OK');
    expect(frame).toContain('"name": "warehouse\\u001b]2;pwned\\u0007\\u001b]52;');
  });
});
