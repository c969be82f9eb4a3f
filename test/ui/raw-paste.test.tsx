import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { SavedRequests } from '../../src/config/saved-requests.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { oneLine, renderApp, type UiHandle } from '../helpers/ui.js';

// A `domainctl api request …` line or a curl pasted into the raw screen's path fills the form with
// every part of the request it carries (-f/-F into the body or the query, -H, -d, --project), and
// says on screen what the form cannot hold (--paginate, --arg, -F k=@file, output options).
const PROJECT = 'prj_demo_scale';
const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';
const CTRL_O = '\u000f';

let server: TestServer;
let ui: UiHandle | undefined;
let configDir: string;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configDir = mkdtempSync(join(tmpdir(), 'domainctl-paste-'));
});
afterEach(async () => {
  await ui?.cleanup();
  ui = undefined;
  rmSync(configDir, { recursive: true, force: true });
});

async function openRaw() {
  ui = await renderApp({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT },
    configDir,
  });
  await ui.waitForFrame(/HOST NAME|Raw request/);
  await ui.press('x');
  await ui.waitForFrame('Raw request');
  return ui;
}

const paste = (app: UiHandle, text: string) =>
  app.pressTogether(`${PASTE_START}${text}${PASTE_END}`);

describe('a pasted command line fills the form', () => {
  it('-f and -F become the JSON body of a POST, -H a header; --paginate is said to be left out', async () => {
    const app = await openRaw();
    await paste(
      app,
      `domainctl api request POST '/v1/projects/{project_id}/databases' -f name=pasted-fields -F replicas=2 -F primary=true -H 'X-Trace: 7' --paginate`,
    );
    const frame = await app.waitForFrame('Read from the pasted command line');
    expect(frame).toMatch(/• POST/);
    expect(frame).toMatch(/Path\s+› \/v1\/projects\/\{project_id\}\/databases/);
    expect(frame).toMatch(/Headers\s+X-Trace: 7/);
    expect(frame).toMatch(/Body\s+\{"name":"pasted-fields","replicas":2,"primary":true\}/);
    expect(oneLine(frame)).toContain(
      '! Read from the pasted command line: left out: --paginate (this screen shows one page; the command line follows them all)',
    );
  });

  it("a GET's fields go into the query string, and the request sends them", async () => {
    const app = await openRaw();
    await paste(
      app,
      `domainctl api request GET '/v1/projects/{project_id}/domains' -F page_size=2 --jq '.domains[].domain' --arg x y -i`,
    );
    const frame = await app.waitForFrame('Read from the pasted command line');
    expect(frame).toMatch(/Path\s+› \/v1\/projects\/\{project_id\}\/domains\?page_size=2$/m);
    const said = oneLine(frame);
    expect(said).toContain('--jq .domains[].domain: f filters the answer here');
    expect(said).toContain("left out: --arg x y (f's jq has no --arg");
    expect(said).toContain('left out: -i (how the command prints or waits, not what it sends)');
    await app.press('enter');
    await app.waitForFrame(/200 OK .* GET \/v1\/projects\/prj_demo_scale\/domains\?page_size=2/);
    const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
    const page = await client.listDomains(PROJECT, { pageSize: 2 });
    expect(app.frame()).toContain(`"domain": "${page.domains[0]?.domain}"`);
  });

  it('says what it cannot write: a file field, fields of a DELETE; --project goes into the path', async () => {
    const app = await openRaw();
    await paste(
      app,
      `domainctl api request POST '/v1/projects/{project_id}/databases' -f name=x -F notes=@notes.txt --project prj_other`,
    );
    let frame = oneLine(await app.waitForFrame('Read from the pasted command line'));
    expect(frame).toContain(
      'left out: -f name=x -F notes=@notes.txt (-F notes=@notes.txt reads a file, which does not come along: type its text instead)',
    );
    expect(frame).toContain(
      "--project prj_other written into the path (this screen's is prj_demo_scale)",
    );
    expect(app.frame()).toMatch(/Path\s+› \/v1\/projects\/prj_other\/databases/);
    await paste(
      app,
      '\u0015domainctl api request DELETE /v1/projects/{project_id}/domains/dom_x -f force=true',
    );
    frame = oneLine(await app.waitForFrame(/• DELETE/));
    expect(frame).toContain('left out: -f force=true (this screen sends a DELETE without a body)');
  });

  it('a saved request made with -f/-F loads with its fields as the body', async () => {
    SavedRequests.open({ env: { DOMAINCTL_CONFIG_DIR: configDir } }).save('add', {
      method: 'POST',
      path: '/v1/projects/{project_id}/databases',
      fields: [
        { kind: 'raw', text: 'name=saved' },
        { kind: 'typed', text: 'labels[tier]=1' },
      ],
    });
    const app = await openRaw();
    await app.pressTogether(CTRL_O, 'enter');
    const frame = await app.waitForFrame('✓ Loaded');
    expect(frame).toMatch(/Body\s+\{"name":"saved","labels":\{"tier":1\}\}/);
  });
});
