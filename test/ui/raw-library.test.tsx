import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { ProfileStore } from '../../src/config/profile-store.js';
import { everyFile } from '../helpers/files.js';
import { it } from '../helpers/fixtures.js';
import { TESTER_KEY, type TestServer } from '../helpers/server.js';
import { oneLine, pasted, type UiHandle } from '../helpers/ui.js';

// The raw screen's history, saved requests, copies, pastes and read-only profiles, against the
// real server, with the files where a user's would be (DOMAINCTL_CONFIG_DIR's data and requests):
// the `configDir` fixture, which outlives each app as a user's folder does between runs.
// The tests of each group run together, each in a config folder of its own and with its test's own
// `expect`; the groups one after the other, so that the paste's POST lands while no read-only
// test counts what was sent, and the one about colour alone, last: a colour terminal sets
// chalk's level for the process while its app lives (test/helpers/ui.tsx).
const PROJECT = 'prj_demo_scale';
const CTRL_R = '\u0012';
const CTRL_S = '\u0013';
const CTRL_O = '\u000f';
const CTRL_U = '\u0015';

/** The text of the last OSC 52 the UI wrote (the copy). */
function copied(app: UiHandle): string {
  const written = app.written();
  const start = written.lastIndexOf('\u001b]52;c;') + '\u001b]52;c;'.length;
  const end = written.indexOf('\u0007', start);
  return Buffer.from(written.slice(start, end), 'base64').toString('utf8');
}

describe('history and saved requests', () => {
  it.concurrent(
    'keeps what was sent across runs, newest first; / filters and Enter loads it',
    async ({ openRaw, configDir, expect }) => {
      let app = await openRaw();
      await app.pressTogether('/v1/regions', 'enter');
      await app.waitForFrame('200 OK');
      await app.pressTogether(CTRL_U, `/v1/projects/${PROJECT}`, 'down', 'X-Trace: abc', 'enter');
      await app.waitForFrame(/200 OK .* GET \/v1\/projects\/prj_demo_scale$/m);
      await app.cleanup();
      // A new run on the same files.
      app = await openRaw();
      await app.press(CTRL_R);
      let frame = await app.waitForFrame('History, newest first · 2');
      const lines = frame.split('\n');
      const regions = lines.findIndex((l) => /GET +\/v1\/regions/.test(l));
      const project = lines.findIndex((l) => /GET +\/v1\/projects\/prj_demo_scale/.test(l));
      expect(project).toBeLessThan(regions);
      expect(lines[regions]).toMatch(/UTC · 200 in \d+ ms/);
      await app.pressTogether('/', 'regions');
      await app.waitForFrame('History, newest first · 1 of 2');
      await app.press('enter');
      frame = await app.waitForFrame(/Path\s+› \/v1\/regions/);
      expect(frame).toContain('✓ Loaded from the history');
      // The project's request came back with its header.
      await app.pressTogether(CTRL_R, 'enter');
      frame = await app.waitForFrame(/Headers\s+X-Trace: abc/);
      expect(frame).toMatch(/Path\s+› \/v1\/projects\/prj_demo_scale/);
      expect(everyFile(configDir)).not.toContain(TESTER_KEY);
      expect(everyFile(configDir)).not.toContain('Bearer');
    },
  );

  it.concurrent(
    'keeps the selected request by identity: a filter narrowed or cleared; keys that come together',
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      await app.pressTogether('/v1/regions', 'enter');
      await app.waitForFrame(/200 OK .* GET \/v1\/regions$/m);
      await app.pressTogether(CTRL_U, '/v1/projects', 'enter');
      await app.waitForFrame(/200 OK .* GET \/v1\/projects$/m);
      await app.pressTogether(CTRL_U, `/v1/projects/${PROJECT}`, 'enter');
      await app.waitForFrame(/200 OK .* GET \/v1\/projects\/prj_demo_scale$/m);
      await app.press(CTRL_R);
      await app.waitForFrame('History, newest first · 3');
      await app.waitForFrame(/› GET +\/v1\/projects\/prj_demo_scale/);
      // Two Downs in one read: two rows, to the oldest.
      await app.pressTogether('down', 'down');
      await app.waitForFrame(/› GET +\/v1\/regions {2}/);
      await app.press('up');
      await app.waitForFrame(/› GET +\/v1\/projects {2}/);
      // A filter that keeps it: it stays selected, though it is now on another row.
      await app.pressTogether('/', 'projects');
      let frame = await app.waitForFrame('History, newest first · 2 of 3');
      expect(frame).toMatch(/› GET +\/v1\/projects {2}/);
      // Esc clears the filter: the same request, not the row it had under the filter.
      await app.press('esc');
      frame = await app.waitForFrame('History, newest first · 3');
      expect(frame).toMatch(/› GET +\/v1\/projects {2}/);
      await app.press('enter');
      frame = await app.waitForFrame('✓ Loaded from the history');
      expect(frame).toMatch(/Path\s+› \/v1\/projects\s*$/m);
    },
  );

  it.concurrent(
    "the history's columns line up (method, path, time, status), at 80 columns and wider",
    async ({ openRaw, expect }) => {
      const app = await openRaw();
      await app.pressTogether('/v1/regions', 'enter');
      await app.waitForFrame(/200 OK .* GET \/v1\/regions$/m);
      // DELETE, the longest method, after GET: four j down the method list, and its question.
      await app.pressTogether('shift-tab', 'j', 'j', 'j', 'j', 'enter');
      // Six keys, each after the frame of the one before: seconds when the machine is busy.
      await app.waitForFrame(/• DELETE/, 20_000);
      await app.pressTogether(CTRL_U, '/v1/regions/nowhere-at-all', 'enter');
      await app.waitForFrame('? Send DELETE');
      await app.press('y');
      await app.waitForFrame(/^40\d /m);
      await app.pressTogether(CTRL_U, `/v1/projects/${PROJECT}/domains?page_size=100`);
      await app.pressTogether('shift-tab', 'k', 'k', 'k', 'k', 'enter');
      await app.waitForFrame(/• GET/, 20_000);
      await app.press('enter');
      await app.waitForFrame(/200 OK .* GET \/v1\/projects\/prj_demo_scale\/domains/);
      for (const columns of [80, 120]) {
        await app.resize(columns, 24);
        await app.press(CTRL_R);
        const frame = await app.waitForFrame('History, newest first · 3');
        const rows = frame.split('\n').filter((line) => /^[› ] (GET|DELETE) .* UTC /.test(line));
        expect(rows, frame).toHaveLength(3);
        // Each column starts where the row above has it.
        const starts = (pattern: RegExp) => new Set(rows.map((row) => row.search(pattern)));
        expect(starts(/\/v1\//)).toEqual(new Set([9]));
        expect(starts(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/).size).toBe(1);
        expect(starts(/ · \d{3} in \d+ ms$/).size).toBe(1);
        for (const row of rows) expect(row).toMatch(/ · \d{3} in \d+ ms$/);
        for (const row of rows) expect(row.length).toBeLessThanOrEqual(columns);
        await app.press('esc');
        await app.waitForFrame((f) => !f.includes('History, newest first'));
      }
    },
  );

  it.concurrent(
    'keeps nothing with DOMAINCTL_HISTORY=off, as api request does',
    async ({ openRaw }) => {
      const app = await openRaw({ env: { DOMAINCTL_HISTORY: 'off' } });
      await app.pressTogether('/v1/regions', 'enter');
      await app.waitForFrame('200 OK');
      await app.press(CTRL_R);
      await app.waitForFrame('Nothing sent with this profile yet.');
    },
  );

  it.concurrent(
    "the demo saves into a temporary folder of its own, never the user's, and says so",
    async ({ renderUi, configDir, expect, onTestFinished }) => {
      const temp = mkdtempSync(join(tmpdir(), 'domainctl-tmp-'));
      onTestFinished(() => rmSync(temp, { recursive: true, force: true }));
      const app = await renderUi({
        demo: true,
        configDir,
        env: { TMPDIR: temp },
        flags: { project: PROJECT },
      });
      await app.waitForFrame('HOST NAME');
      await app.press('x');
      await app.waitForFrame('Raw request');
      await app.pressTogether('/v1/regions');
      await app.press(CTRL_S);
      await app.waitForFrame(/Save as\s+› /);
      await app.pressTogether('regions', 'enter');
      const said = await app.waitForFrame(
        "✓ Saved in the demo's temporary folder, gone when it ends:",
      );
      const [folder] = readdirSync(temp);
      const path = join(temp, folder as string, 'regions.json');
      expect(readFileSync(path, 'utf8')).toContain('/v1/regions');
      // Nothing in the user's folder, and no command that would send it through a real profile.
      expect(readdirSync(configDir)).not.toContain('requests');
      expect(said).not.toContain('api request --saved');
      await app.cleanup();
      expect(readdirSync(temp)).toEqual([]);
    },
  );

  it.concurrent(
    'saves the request under a name as a file, lists the saved ones and loads one',
    async ({ openRaw, configDir, expect }) => {
      const app = await openRaw();
      await app.pressTogether(
        '/v1/projects/{project_id}/domains',
        'down',
        'X-Api-Key: sk-secret-1234',
      );
      await app.press(CTRL_S);
      await app.waitForFrame(/Save as\s+› /);
      await app.pressTogether('bad name', 'enter');
      await app.waitForFrame('✗ Not saved: "bad name" cannot name a saved request');
      // The name stays to be put right.
      await app.pressTogether(CTRL_U, 'domains', 'enter');
      const file = join(configDir, 'requests', 'domains.json');
      await app.waitForFrame(`✓ Saved ${file}: domainctl api request --saved domains`);
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      expect(saved).toMatchObject({ method: 'GET', path: '/v1/projects/{project_id}/domains' });
      expect(everyFile(configDir)).not.toContain('sk-secret-1234');
      expect(everyFile(configDir)).not.toContain(TESTER_KEY);
      // Cleared, then loaded back from the list: the masked key is named, not sent as a mask.
      await app.pressTogether('up', CTRL_U, CTRL_O);
      await app.waitForFrame('Saved requests · 1');
      const frame = await app.waitForFrame(
        /› domains {2}GET {4}\/v1\/projects\/\{project_id\}\/domains/,
      );
      expect(frame.split('\n').find((l) => l.includes('› domains'))).not.toContain('sk-');
      await app.press('enter');
      await app.waitForFrame(/Path\s+› \/v1\/projects\/\{project_id\}\/domains/);
      await app.waitForFrame('! Loaded');
      expect(app.frame()).toContain('X-Api-Key kept only masked: type it again');
    },
  );

  it.concurrent(
    'asks before it replaces a saved request, and a prompt closed with Esc takes its message with it',
    async ({ openRaw, configDir, expect }) => {
      // A walkthrough's findings: a second save under a name replaced the file unasked, and
      // "✗ Not saved" stayed once Esc had closed the prompt it was about.
      const app = await openRaw();
      await app.pressTogether('/v1/regions');
      await app.press(CTRL_S);
      await app.pressTogether('bad name', 'enter');
      await app.waitForFrame('✗ Not saved:');
      await app.press('esc');
      await app.waitForFrame((f) => !f.includes('Save as'));
      expect(app.frame()).not.toContain('✗ Not saved');

      const file = join(configDir, 'requests', 'twice.json');
      await app.press(CTRL_S);
      await app.pressTogether('twice', 'enter');
      await app.waitForFrame(`✓ Saved ${file}`);
      const first = readFileSync(file, 'utf8');
      await app.pressTogether(CTRL_U, '/v1/projects');
      await app.press(CTRL_S);
      await app.pressTogether('twice', 'enter');
      await app.waitForFrame((f) =>
        oneLine(f).includes(`? twice is saved already (${file}): Enter replaces it, Esc keeps it`),
      );
      expect(readFileSync(file, 'utf8')).toBe(first);
      // Esc keeps it; asked again, Enter twice replaces it.
      await app.press('esc');
      await app.waitForFrame((f) => !f.includes('is saved already'));
      expect(readFileSync(file, 'utf8')).toBe(first);
      await app.press(CTRL_S);
      await app.pressTogether('twice', 'enter');
      await app.waitForFrame('is saved already');
      await app.press('enter');
      await app.waitForFrame(`✓ Replaced ${file}`);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ path: '/v1/projects' });
    },
  );
  it.concurrent(
    'keeps saved requests in the folder --requests-dir names, before DOMAINCTL_REQUESTS_DIR',
    async ({ openRaw, configDir, expect }) => {
      const flagDir = join(configDir, 'team-requests');
      const envDir = join(configDir, 'env-requests');
      const app = await openRaw({
        flags: { requestsDir: flagDir },
        env: { DOMAINCTL_REQUESTS_DIR: envDir },
      });
      await app.press(CTRL_O);
      await app.waitForFrame(`No saved request yet: Ctrl+S saves one (in ${flagDir}).`);
      await app.press('esc');
      await app.pressTogether('/v1/regions', CTRL_S);
      await app.waitForFrame(/Save as\s+› /);
      await app.pressTogether('regions', 'enter');
      // The command it offers finds the file: it names the folder too.
      const frame = await app.waitForFrame('✓ Saved');
      expect(frame.replace(/\s+/g, ' ')).toContain(
        `✓ Saved ${join(flagDir, 'regions.json')}: domainctl api request --saved regions --requests-dir ${flagDir}`,
      );
      expect(readdirSync(flagDir)).toEqual(['regions.json']);
      await app.pressTogether(CTRL_U, CTRL_O);
      await app.waitForFrame(/› regions {2}GET {4}\/v1\/regions/);
      expect(() => readdirSync(envDir)).toThrow(/ENOENT/);
    },
  );
});

describe('copies and pastes', () => {
  it.concurrent(
    'says which variables a copy reads a typed credential from, and never copies the credential',
    async ({ openRaw, expect }) => {
      // A walkthrough's finding: the secret was gone from the copy, and nothing said where to.
      const app = await openRaw();
      await app.pressTogether('/v1/regions', 'down', 'X-Api-Key: secret-9876', 'enter');
      await app.waitForFrame('200 OK');
      // c and C with the focus on the answer, out of the text fields.
      await app.pressTogether('down', 'c');
      await app.waitForFrame(
        '✓ Copied the request as a domainctl command line (reading $X_API_KEY)',
      );
      expect(copied(app)).toContain('-H "X-Api-Key: $X_API_KEY"');
      expect(copied(app)).not.toContain('secret-9876');
      await app.press('C');
      // A public route: no token is sent, so none is read (it said "the token is
      // $DOMAINCTL_TOKEN" before, of a curl that had none).
      await app.waitForFrame('✓ Copied the request as curl (reading $X_API_KEY) ');
      expect(copied(app)).not.toContain('secret-9876');
    },
  );

  it.concurrent(
    'copies the request as a command line and as a curl that gives the same answer',
    async ({ openRaw, server, expect }) => {
      const app = await openRaw();
      await app.pressTogether('/v1/projects/{project_id}/domains?page_size=3', 'enter');
      await app.waitForFrame('200 OK');
      // c and C work with the focus out of the text fields: ↓↓ to the answer.
      await app.pressTogether('down', 'down', 'c');
      await app.waitForFrame('✓ Copied the request as a domainctl command line');
      expect(copied(app)).toBe(
        `domainctl api request GET '/v1/projects/{project_id}/domains?page_size=3' --project ${PROJECT}`,
      );
      await app.press('C');
      // The message names the variable the copy reads the token from.
      await app.waitForFrame('✓ Copied the request as curl (reading $DOMAINCTL_TOKEN)');
      const curl = copied(app);
      expect(curl.toLowerCase()).toContain('"authorization: bearer $domainctl_token"');
      expect(curl).not.toContain(TESTER_KEY);
      const run = await promisify(execFile)('sh', ['-c', `${curl} --silent`], {
        env: { PATH: process.env.PATH, DOMAINCTL_TOKEN: TESTER_KEY },
      });
      const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
      const page = await client.listDomains(PROJECT, { pageSize: 3 });
      expect(
        (JSON.parse(run.stdout) as { domains: { id: string }[] }).domains.map((d) => d.id),
      ).toEqual(page.domains.map((d) => d.id));
    },
  );

  it.concurrent(
    'reads a pasted curl with a JSON body into the form, and refuses one for another host',
    async ({ openRaw, server, expect }) => {
      const app = await openRaw();
      const curl = [
        `curl '${server.url}/v1/projects/${PROJECT}/databases' \\`,
        "  -X POST -H 'Content-Type: application/json' -H 'X-Trace: pasted' \\",
        `  --data-raw '{"name":"from-curl"}'`,
      ].join('\n');
      await app.pressTogether(pasted(curl));
      const frame = await app.waitForFrame(/• POST/);
      expect(frame).toMatch(/Path\s+› \/v1\/projects\/prj_demo_scale\/databases/);
      expect(frame).toContain('X-Trace: pasted');
      expect(frame).toMatch(/Body\s+\{"name":"from-curl"\}/);
      expect(frame).toContain('Read from the pasted curl command');
      // Enter in the path of a POST goes to the body; there it sends.
      await app.pressTogether('enter', 'enter');
      await app.waitForFrame('201 Created');
      await app.pressTogether(
        'shift-tab',
        'shift-tab',
        CTRL_U,
        pasted('curl https://api.example.com/v1/regions'),
      );
      await app.waitForFrame('✗ Not read:');
      expect(app.frame()).toContain('api.example.com');
    },
  );
});

/** Profile "prod" in the config dir: the file's server, its tester key and PROJECT, then `settings`. */
function saveProd(
  server: TestServer,
  configDir: string,
  settings: Parameters<ProfileStore['update']>[1],
): ProfileStore {
  const store = ProfileStore.open({ DOMAINCTL_CONFIG_DIR: configDir });
  store.save('prod', { base_url: server.url, token: TESTER_KEY, project: PROJECT });
  store.update('prod', settings);
  return store;
}

describe('a read-only profile', () => {
  it.concurrent(
    'is labelled on every screen, and the raw screen and the add form send nothing that changes',
    async ({ renderUi, server, configDir, expect }) => {
      saveProd(server, configDir, {
        read_only: true,
        label: 'production',
        color: 'red',
      });
      const ui = await renderUi({ flags: { profile: 'prod' }, configDir });
      let frame = await ui.waitForFrame('HOST NAME');
      expect(frame).toMatch(/^domainctl \[production\] read-only profile prod/m);
      const before = server.requests.length;
      await ui.press('x');
      await ui.waitForFrame('Raw request');
      expect(ui.frame()).toContain('[production] read-only');
      await ui.pressTogether(
        'shift-tab',
        'down',
        'enter',
        '/v1/projects/{project_id}/databases',
        'enter',
        '{}',
        'enter',
      );
      frame = await ui.waitForFrame('✗ Not sent:');
      expect(frame).toContain('profile "prod" is read-only: POST requests are not sent');
      await ui.pressTogether('esc');
      await ui.waitForFrame('HOST NAME');
      await ui.press('a');
      await ui.pressTogether('shop.example.org', 'enter');
      frame = await ui.waitForFrame('read-only');
      expect(frame).toContain('[production] read-only');
      await ui.waitForFrame('POST requests are not sent');
      expect(server.requests.slice(before).filter((r) => !r.startsWith('GET'))).toEqual([]);
    },
  );

  it.concurrent(
    'refuses PATCH and PUT on the raw screen, sending nothing',
    async ({ renderUi, server, configDir, expect }) => {
      saveProd(server, configDir, { read_only: true });
      const before = server.requests.length;
      // The method list: GET, POST, PATCH, PUT, DELETE. Enter in the path goes to the body; Enter
      // there sends.
      for (const [method, downs] of [
        ['PATCH', 2],
        ['PUT', 3],
      ] as const) {
        // A run of its own for each method, on the same profile.
        const ui = await renderUi({ flags: { profile: 'prod' }, configDir });
        await ui.waitForFrame('HOST NAME');
        await ui.press('x');
        await ui.waitForFrame('Raw request');
        await ui.pressTogether(
          'shift-tab',
          ...Array<'down'>(downs).fill('down'),
          'enter',
          '/v1/projects/{project_id}',
          'enter',
          '{"name":"never"}',
          'enter',
        );
        const frame = await ui.waitForFrame('✗ Not sent:');
        expect(frame.split('\n').join(' ')).toContain(
          `✗ Not sent: profile "prod" is read-only: ${method} requests are not sent`,
        );
        await ui.cleanup();
      }
      expect(server.requests.slice(before).filter((r) => !r.startsWith('GET'))).toEqual([]);
    },
  );

  // The refusal ends with the command that lifts it: cut at the terminal's width, the line lost
  // exactly the part a person has to type.
  it.concurrent(
    'prints the refusal whole on the raw screen, the command that lifts it included',
    async ({ renderUi, server, configDir, expect }) => {
      saveProd(server, configDir, { read_only: true });
      const ui = await renderUi({ flags: { profile: 'prod' }, configDir });
      await ui.waitForFrame('HOST NAME');
      await ui.press('x');
      await ui.waitForFrame('Raw request');
      await ui.pressTogether(
        'shift-tab',
        'down',
        'down',
        'down',
        'down',
        'enter',
        '/v1/projects/x',
      );
      await ui.pressTogether('enter');
      const frame = await ui.waitForFrame('✗ Not sent:');
      expect(frame.split('\n').join(' ')).toContain(
        '✗ Not sent: profile "prod" is read-only: DELETE requests are not sent (allow them with: domainctl profile set prod --no-read-only)',
      );
      expect(frame.split('\n').length).toBeLessThanOrEqual(24);
    },
  );

  // Editing the name cannot get a domain past a read-only profile: the add form says why it
  // sends nothing and how to change that, not "correct it and try again".
  it.concurrent(
    'refuses on the add form with the way out, not a hint to edit the name',
    async ({ renderUi, server, configDir, expect }) => {
      saveProd(server, configDir, { read_only: true });
      const ui = await renderUi({ flags: { profile: 'prod' }, configDir });
      await ui.waitForFrame('HOST NAME');
      await ui.press('a');
      await ui.waitForFrame('Host name');
      await ui.pressTogether('shop.example.org', 'enter');
      const frame = await ui.waitForFrame('✗ Not sent:');
      expect(frame.split('\n').join(' ')).toContain(
        '✗ Not sent: profile "prod" is read-only: POST requests are not sent (allow them with: domainctl profile set prod --no-read-only)',
      );
      expect(frame).not.toContain('try again');
    },
  );

  it('colours the profile name in the header when the profile has a colour and no label', async ({
    renderUi,
    server,
    configDir,
  }) => {
    const store = saveProd(server, configDir, { color: 'red' });
    let ui = await renderUi({ flags: { profile: 'prod' }, configDir, colorTerminal: true });
    const frame = await ui.waitForFrame('HOST NAME');
    expect(frame).toMatch(/^domainctl profile prod · /m);
    // Bold red (SGR 1 and 31) around the name, and only around it.
    expect(ui.written()).toContain(
      '\u001b[1m\u001b[31mprofile prod\u001b[39m\u001b[22m · 127.0.0.1:',
    );
    // With a label, the label carries the colour and the name is plain.
    await ui.cleanup();
    store.update('prod', { label: 'production' });
    ui = await renderUi({ flags: { profile: 'prod' }, configDir, colorTerminal: true });
    await ui.waitForFrame('HOST NAME');
    expect(ui.written()).toContain('\u001b[31m [production]\u001b[39m\u001b[22m profile prod · ');
  });
});
