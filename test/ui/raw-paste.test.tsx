import { describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { SavedRequests } from '../../src/config/saved-requests.js';
import { it } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { oneLine, pasted, type UiHandle } from '../helpers/ui.js';

// A `domainctl api request …` line or a curl pasted into the raw screen's path fills the form with
// every part of the request it carries (-f/-F into the body or the query, -H, -d, --project), and
// says on screen what the form cannot hold (--paginate, --arg, -F k=@file, output options).
const PROJECT = 'prj_demo_scale';
const CTRL_O = '\u000f';

const paste = (app: UiHandle, text: string) => app.pressTogether(pasted(text));

describe('a pasted command line fills the form', () => {
  it('-f and -F become the JSON body of a POST, -H a header; --paginate is said to be left out', async ({
    openRaw,
  }) => {
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

  it("a GET's fields go into the query string, and the request sends them", async ({
    openRaw,
    server,
  }) => {
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

  it('says what it cannot write: a file field, fields of a DELETE; --project goes into the path', async ({
    openRaw,
  }) => {
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

  it('a saved request made with -f/-F loads with its fields as the body', async ({
    openRaw,
    configDir,
  }) => {
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

  it('refuses a pasted line of either kind with a Host header, and fills nothing', async ({
    openRaw,
    server,
  }) => {
    const app = await openRaw();
    const before = server.requests.length;
    await paste(app, `domainctl api request GET /v1/projects -H 'Host: evil.test'`);
    const refused =
      "✗ Not read: the Host header is refused: it routes the request, and a front that routes by it could take the token to another site; domainctl sends to the profile's base URL only";
    expect(oneLine(await app.waitForFrame('Not read'))).toContain(refused);
    // A line that is read, between, so that the curl's refusal is a notice of its own.
    await paste(app, '\u0015domainctl api request GET /v1/regions -H "X-Trace: 1"');
    await app.waitForFrame('Read from the pasted command line');
    await paste(app, `\u0015curl -H 'Host: evil.test' ${server.url}/v1/projects`);
    expect(oneLine(await app.waitForFrame('Not read'))).toContain(refused);
    expect(app.frame()).not.toMatch(/Headers\s+Host/);
    expect(server.requests.slice(before)).toEqual([]);
  });
});
