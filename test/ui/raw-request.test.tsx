import { describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { oneLine } from '../helpers/ui.js';

const server = seededServerForFile();

describe('the raw request screen', () => {
  // The tests run together, each on an app and a config folder of its own and with its test's own
  // `expect`; the one that counts the server's requests runs after them, alone.
  it.concurrent(
    'sends GET /v1/regions and shows status, time and formatted JSON',
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      await app.press('/v1/regions');
      await app.waitForFrame('→ listRegions GET /v1/regions · public');
      await app.press('enter');
      const frame = await app.waitForFrame(/200 OK · \d+ ms · .* · GET \/v1\/regions/);
      expect(frame).toContain('"regions": [');
      expect(frame).toContain('    {');
      expect(frame).toContain('"id": "ap-south",');
      expect(server.requests).toContain('GET /v1/regions 200');
    },
  );

  it.concurrent(
    'sends a POST with a JSON body, checked before sending',
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      // Method: up to the picker, down to POST, Enter picks it and returns to the path.
      await app.press('shift-tab');
      await app.waitForFrame(/› GET/);
      await app.press('down', 'enter');
      await app.waitForFrame(/• POST/);
      await app.press('/v1/projects/{project_id}/databases');
      const matched = await app.waitForFrame('→ createDatabase');
      expect(matched).toContain('project_id = prj_demo_scale');
      // Enter in the path of a POST goes on to the body.
      await app.press('enter');
      await app.waitForFrame(/Body\s+›/);
      await app.press('{"name": "cache"');
      await app.waitForFrame('✗ not JSON');
      await app.press('enter');
      await app.waitForFrame('Not sent: the body is not valid JSON');
      await app.press('}');
      await app.waitForFrame('✓ valid JSON');
      await app.press('enter');
      const frame = await app.waitForFrame(
        /201 Created · \d+ ms · .* · POST \/v1\/projects\/prj_demo_scale\/databases/,
      );
      expect(frame).toContain('"name": "cache"');
      expect(frame).toMatch(/"id": "db_/);
      const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
      const { databases } = await client.listDatabases('prj_demo_scale');
      expect(databases.map((d) => d.name)).toContain('cache');
    },
  );

  it.concurrent(
    'completes the path from the route table with Tab, {project_id} filled in',
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      await app.press('/v1/r', 'tab');
      await app.waitForFrame(/Path\s+› \/v1\/regions/);
      await app.press('shift-tab', 'tab');
      await app.press(...Array<string>(7).fill('backspace'), 'p', 'tab');
      await app.waitForFrame(/Path\s+› \/v1\/projects$/m);
      await app.press('/', 'tab');
      await app.waitForFrame(/Path\s+› \/v1\/projects\/prj_demo_scale$/m);
      await app.press('/', 'tab');
      // Three routes go on from here: Tab completes what they share, then shows each in turn.
      await app.waitForFrame(/Path\s+› \/v1\/projects\/prj_demo_scale\/d$/m);
      const path = (f: string) => /Path\s+› (\S*)$/m.exec(f)?.[1];
      const shown: (string | undefined)[] = [];
      for (let i = 0; i < 3; i++) {
        await app.press('tab');
        shown.push(
          path(
            await app.waitForFrame(
              (f) => !shown.includes(path(f)) && path(f) !== '/v1/projects/prj_demo_scale/d',
            ),
          ),
        );
      }
      expect(shown.sort()).toEqual([
        '/v1/projects/prj_demo_scale/databases',
        '/v1/projects/prj_demo_scale/databases/',
        '/v1/projects/prj_demo_scale/domains',
      ]);
    },
  );

  it.concurrent(
    'shows the matched route live, and warns about a path no route matches',
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      await app.press('/v1/projects/prj_demo_scale/domains');
      const frame = oneLine(
        await app.waitForFrame('→ listDomains GET /v1/projects/{project_id}/domains · bearer'),
      );
      expect(frame).toContain('project_id = prj_demo_scale');
      await app.press('x');
      await app.waitForFrame('No route of the API matches');
      // A parameter that breaks its pattern is named.
      await app.press(...Array<string>(9).fill('backspace'));
      await app.waitForFrame(/Path\s+› \/v1\/projects\/prj_demo_scale$/m);
      await app.press('!');
      await app.waitForFrame('! project_id "prj_demo_scale!" does not');
      // A method the path does not take.
      await app.press('backspace', '/domains', 'shift-tab', 'down', 'down', 'down');
      await app.waitForFrame(/PUT is not a method of this path: it takes (GET, POST|POST, GET)/);
    },
  );

  it.concurrent(
    'recalls earlier requests with ↑ in the path field',
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      await app.press('/v1/regions', 'enter');
      await app.waitForFrame('200 OK');
      await app.press(...Array<string>(11).fill('backspace'), '/v1/projects', 'enter');
      await app.waitForFrame(/200 OK · \d+ ms · .* · GET \/v1\/projects\b/);
      await app.press(...Array<string>(12).fill('backspace'));
      await app.waitForFrame(/Path\s+› \/v1\/…/);
      await app.press('up');
      await app.waitForFrame(/Path\s+› \/v1\/projects$/m);
      await app.press('up');
      await app.waitForFrame(/Path\s+› \/v1\/regions$/m);
      await app.press('down', 'down');
      await app.waitForFrame(/Path\s+› \/v1\/…/);
      // ↓ past what was typed goes down to the headers, then the answer: its first line has the
      // cursor.
      await app.press('down', 'down');
      await app.waitForFrame(/^› \{$/m);
      expect(app.frame()).not.toMatch(/Path\s+›/);
    },
  );

  it.concurrent(
    'scrolls a long response with PgDn/PgUp, and the arrows once Shift+Tab reaches it',
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      await app.press('/v1/openapi.json', 'enter');
      const top = await app.waitForFrame(/200 OK .* lines 1–\d+ of \d+/);
      const total = Number(/of (\d+)/.exec(top)?.[1]);
      expect(total).toBeGreaterThan(100);
      await app.press('pagedown');
      const paged = await app.waitForFrame(/lines (?!1–)\d+–\d+ of/);
      const start = Number(/lines (\d+)–/.exec(paged)?.[1]);
      expect(start).toBeGreaterThan(1);
      // The response is the field before the method list: Shift+Tab twice from the path. Its
      // cursor is on the page's first line; ↓ moves it, and the view once it reaches the foot.
      await app.press('shift-tab', 'shift-tab');
      const cursorLine = (f: string) => f.split('\n').findIndex((l) => l.startsWith('› '));
      // Under the status line: the method list on the way has a cursor of its own ("› GET").
      const statusLine = (f: string) => f.split('\n').findIndex((l) => l.startsWith('200 OK'));
      const first = cursorLine(await app.waitForFrame((f) => cursorLine(f) > statusLine(f)));
      await app.press('down');
      await app.waitForFrame((f) => cursorLine(f) === first + 1);
      await app.pressTogether(...Array<string>(40).fill('down'));
      await app.waitForFrame(new RegExp(`lines (?!${start}–)\\d+–`));
      await app.pressTogether(...Array<string>(6).fill('pageup'));
      await app.waitForFrame('lines 1–');
    },
  );

  it.concurrent(
    "offers the body of the matched route's request schema as the body's placeholder",
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      await app.press('shift-tab', 'down', 'enter');
      await app.waitForFrame(/• POST/);
      await app.press('/v1/projects/{project_id}/domains');
      await app.waitForFrame('→ addDomain');
      await app.press('enter');
      const domains = await app.waitForFrame(/Body\s+› /);
      expect(domains).toMatch(/Body\s+› \{"domain": "…"\}/);
      await app.press('shift-tab', 'shift-tab', '\u0015', '/v1/projects', 'enter');
      await app.waitForFrame('→ createProject');
      await app.waitForFrame(/Body\s+› \{"name": "…", "organization_id": "…"\}/);
    },
  );

  it.concurrent(
    'F1 shows the help while a field has focus, where ? is text; the footer says F1',
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      await app.press('/v1/regions?');
      const typing = await app.waitForFrame(/Path\s+› \/v1\/regions\?/);
      expect(typing).toContain('F1 help');
      expect(typing).not.toContain('Keys: Raw request');
      await app.press('\u001bOP');
      const help = await app.waitForFrame('Keys: Raw request');
      expect(help).toMatch(/Tab\s+in the path: complete it/);
      expect(help).toMatch(/F1\s+show or hide the keys of/);
      // The text fields' own keys are listed too.
      expect(help).toMatch(/Ctrl\+U K W Y\s+in a text field: delete/);
      await app.press('\u001bOP');
      await app.waitForFrame((f) => !f.includes('Keys: Raw request'));
      // The field kept its text and its focus.
      await app.press('x');
      await app.waitForFrame(/Path\s+› \/v1\/regions\?x/);
    },
  );

  it.concurrent(
    'Tab on an empty path offers the routes in turn and inserts nothing else',
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      await app.waitForFrame(/Path\s+› \/v1\/… \(or paste a curl command\)/);
      await app.press('tab');
      const path = (f: string) => /Path\s+› (\S*)$/m.exec(f)?.[1];
      const first = path(await app.waitForFrame((f) => path(f)?.startsWith('/v1/') === true));
      expect(app.frame()).not.toContain('No route of the API matches');
      await app.press('tab');
      const second = path(await app.waitForFrame((f) => path(f) !== first));
      expect(second).toMatch(/^\/\S+/);
      expect(second).not.toBe('/');
    },
  );

  it.concurrent(
    'Tab with nothing to complete stays in the path field and says so',
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      await app.press('/v1/regions', 'tab');
      const frame = await app.waitForFrame('Tab: no route of the API goes on from this path');
      expect(frame).toMatch(/Path\s+› \/v1\/regions/);
      // Still typing into the path.
      await app.press('/x');
      await app.waitForFrame(/Path\s+› \/v1\/regions\/x/);
      expect(app.frame()).not.toContain('no route of the API goes on');
    },
  );

  it.concurrent(
    "Tab goes on from another project's ID typed whole, and the candidates show how they differ",
    async ({ openRaw, expect }) => {
      // A walkthrough's findings: "no route goes on" after another project's ID without its
      // slash, and candidates cut at 80 columns before the part that differs.
      const app = await openRaw();
      await app.resize(80, 24);
      await app.press('/v1/projects/prj_demo_enterprise', 'tab');
      const frame = await app.waitForFrame(/Path\s+› \/v1\/projects\/prj_demo_enterprise\/d$/m);
      expect(frame).toContain('Tab: …/databases  …/domains  …/databases/');
      expect(frame).not.toContain('no route of the API goes on');
    },
  );

  it.concurrent(
    'Tab stops before a value to type, and says so there, never inserting {database_id}',
    async ({ openRaw, expect }) => {
      // A walkthrough's finding: Tab filled a literal {database_id}, which no request can take.
      const app = await openRaw();
      await app.press('/v1/projects/prj_demo_scale/databases/', 'tab');
      const frame = await app.waitForFrame('Tab: type the database_id here');
      expect(frame).toMatch(/Path\s+› \/v1\/projects\/prj_demo_scale\/databases\/$/m);
      expect(frame).not.toContain('{database_id}');
    },
  );

  it.concurrent('Esc goes back to the domains', async ({ openRaw }) => {
    const app = await openRaw();
    await app.press('esc');
    await app.waitForFrame('HOST NAME');
  });
  it('refuses a path without a leading slash before sending anything', async ({ openRaw }) => {
    const app = await openRaw();
    const before = server.requests.length;
    await app.press('v1/regions', 'enter');
    await app.waitForFrame('Not sent: path must start with /');
    expect(server.requests).toHaveLength(before);
  });
});
