import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { evil, expectNothingObeyed, shown } from '../helpers/hostile.js';
import { PLANTED_PROJECT, plantHostileRows } from '../helpers/planted.js';
import { TESTER_KEY } from '../helpers/server.js';
import { renderApp, type UiHandle } from '../helpers/ui.js';

// The UI on the real reference server: a project name with escape sequences cannot be created
// through the API, and one already in the database is drawn with its controls made visible;
// nothing the app writes to the terminal would be obeyed.

const server = seededServerForFile();
let ui: UiHandle | undefined;
beforeAll(async () => {
  await plantHostileRows(server);
});
afterEach(async () => {
  if (ui) expectNothingObeyed(ui.written());
  await ui?.cleanup();
  ui = undefined;
});

async function openProjects() {
  ui = await renderApp({ flags: { baseUrl: server.url, token: TESTER_KEY } });
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

  it('projects: a stored name is shown with its controls made visible', async () => {
    const app = await openProjects();
    expect(app.frame()).toContain(PLANTED_PROJECT);
    expect(app.frame()).not.toContain('Evil Corp');
  });

  it('domains: the title and a stored host name, made visible', async () => {
    const app = await openProjects();
    await app.press('enter');
    const frame = await app.waitForFrame('planted.example.com\\u001b]2;pwned');
    expect(frame).toContain(`Domains of ${shown('Planted')} (${PLANTED_PROJECT})`);
    expect(frame).toMatch(/planted\.example\.com\\u001b\]2;pwned\S* +pending/);
  });

  it('raw request: a stored database name in the response, made visible', async () => {
    const app = await openProjects();
    await app.press('enter');
    await app.waitForFrame('planted.example.com');
    await app.press('x');
    await app.waitForFrame('Raw request');
    await app.press(`/v1/projects/${PLANTED_PROJECT}/databases`, 'enter');
    const frame = await app.waitForFrame('200 OK');
    expect(frame).toContain('"name": "warehouse\\u001b]2;pwned\\u0007\\u001b]52;');
  });
});
