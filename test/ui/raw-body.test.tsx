import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { bodyTemplate } from '../../src/contract/body-template.js';
import { test } from '../helpers/fixtures.js';
import { TESTER_KEY, type TestServer } from '../helpers/server.js';
import { pasted } from '../helpers/ui.js';

// The raw screen's body (several lines, pasted, from $EDITOR) and its DELETE question, against
// the real server.
const PROJECT = 'prj_demo_scale';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'domainctl-editor-'));
  // An editor as a script: it keeps what it was handed (SEEN), writes BODY_TEXT in its place and
  // ends with EDITOR_EXIT. The UI runs it as it runs any $EDITOR, through the shell.
  writeFileSync(
    join(dir, 'editor.sh'),
    '#!/bin/sh\ncp "$1" "$SEEN"\nprintf \'%s\\n\' "$BODY_TEXT" > "$1"\nexit "${EDITOR_EXIT:-0}"\n',
  );
  chmodSync(join(dir, 'editor.sh'), 0o755);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const client = (server: TestServer) => createApiClient({ baseUrl: server.url, token: TESTER_KEY });
const databaseNames = async (server: TestServer) =>
  (await client(server).listDatabases(PROJECT)).databases.map((d) => d.name);

/** `postDatabases(env?)`: the raw screen with POST chosen and the databases path typed, the focus in the body. */
const it = test.extend(
  'postDatabases',
  async ({ openRaw }) =>
    async (env: NodeJS.ProcessEnv = {}) => {
      const ui = await openRaw({ env });
      await ui.pressTogether('shift-tab', 'down', 'enter', '/v1/projects/{project_id}/databases');
      await ui.waitForFrame('→ createDatabase');
      await ui.press('enter');
      await ui.waitForFrame(/Body\s+› /);
      return ui;
    },
);

const editorEnv = (body: string, extra: NodeJS.ProcessEnv = {}) => ({
  VISUAL: '',
  EDITOR: join(dir, 'editor.sh'),
  SEEN: join(dir, 'seen.json'),
  BODY_TEXT: body,
  ...extra,
});

describe('the body of a raw request', () => {
  it('takes several lines: Ctrl+J starts one, ↑↓ move between them', async ({
    postDatabases,
    server,
  }) => {
    const app = await postDatabases();
    await app.pressTogether('{', '\n', '"name": "typed"', '\n', '}');
    let frame = await app.waitForFrame('✓ valid JSON');
    expect(frame).toMatch(/Body\s+› \{\n.* {10}"name": "typed"\n.* {10}\}$/m);
    // ↑ to the middle line, Ctrl+E to its end (not the body's), and the name changed there.
    await app.pressTogether('up', '\u0005', 'backspace', '2"');
    frame = await app.waitForFrame('"name": "typed2"');
    expect(frame).toContain('✓ valid JSON');
    // ↑ to the first line; ↑ on the first line goes up to the headers, and on to the path.
    await app.pressTogether('up', 'up', 'up');
    await app.waitForFrame(/Path\s+› \/v1\/projects/);
    await app.pressTogether('down', 'down');
    await app.waitForFrame(/Body\s+› /);
    await app.press('enter');
    await app.waitForFrame('201 Created');
    expect(await databaseNames(server)).toContain('typed2');
  });

  it('keeps the lines of a pasted body', async ({ postDatabases, server }) => {
    const app = await postDatabases();
    await app.pressTogether(pasted('{\r\n  "name": "pasted"\r\n}'));
    const frame = await app.waitForFrame('✓ valid JSON');
    expect(frame).toMatch(/Body\s+› \{\n.* {10}"name": "pasted"\n.* {10}\}$/m);
    await app.press('enter');
    await app.waitForFrame('201 Created');
    expect(await databaseNames(server)).toContain('pasted');
  });

  it('opens in $EDITOR with Ctrl+G and comes back checked, the terminal restored', async ({
    postDatabases,
    server,
  }) => {
    const app = await postDatabases(editorEnv('{\n  "name": "edited"\n}'));
    await app.press('{"name": "before"}');
    await app.waitForFrame('✓ valid JSON');
    const before = app.written().length;
    await app.press('\u0007');
    const frame = await app.waitForFrame('✓ Body from editor.sh');
    expect(frame).toMatch(/Body\s+› \{\n.* {10}"name": "edited"\n.* {10}\}$/m);
    // The editor was handed the body as it was typed.
    expect(readFileSync(join(dir, 'seen.json'), 'utf8')).toBe('{"name": "before"}');
    // The UI left the alternate screen for the editor and came back to it, its frame redrawn.
    const written = app.written().slice(before);
    const left = written.indexOf('\u001b[?1049l');
    const back = written.indexOf('\u001b[?1049h\u001b[H\u001b[?2004h');
    expect(left).toBeGreaterThanOrEqual(0);
    expect(back).toBeGreaterThan(left);
    expect(written.slice(back)).toContain('Raw request');
    await app.press('enter');
    await app.waitForFrame('201 Created');
    expect(await databaseNames(server)).toContain('edited');
  });

  it("opens an empty body in $EDITOR as the route's template the field shows", async ({
    postDatabases,
    server,
  }) => {
    const template = bodyTemplate('createDatabase') ?? '';
    const app = await postDatabases(editorEnv('{"name": "from-template"}'));
    // The empty field shows the template as its placeholder…
    const bodyLine = app
      .frame()
      .split('\n')
      .find((line) => /Body\s+› /.test(line));
    expect(bodyLine?.split('› ')[1]).toBe(template);
    await app.press('\u0007');
    await app.waitForFrame('✓ Body from editor.sh');
    // …and the editor is handed that same text to fill in, not an empty file.
    expect(readFileSync(join(dir, 'seen.json'), 'utf8')).toBe(template);
    await app.press('enter');
    await app.waitForFrame('201 Created');
    expect(await databaseNames(server)).toContain('from-template');
  });

  it("leaves the body empty when the template comes back unchanged (vi's :q)", async ({
    postDatabases,
  }) => {
    const template = bodyTemplate('createDatabase') ?? '';
    const app = await postDatabases(editorEnv(template));
    await app.press('\u0007');
    const frame = await app.waitForFrame('The template is unchanged: the body stays empty');
    expect(readFileSync(join(dir, 'seen.json'), 'utf8')).toBe(template);
    // Still the placeholder, dimmed; not a body whose "…" would be sent as values.
    expect(frame).not.toContain('✓ valid JSON');
    expect(frame).not.toContain('Body from');
  });

  it('keeps what the editor wrote when it is not JSON, and says why', async ({
    postDatabases,
    server,
  }) => {
    const app = await postDatabases(editorEnv('{"name": '));
    await app.press('\u0007');
    const frame = await app.waitForFrame('✗ Kept as editor.sh wrote it, but not JSON:');
    expect(frame).toMatch(/Body\s+› \{"name":\s*$/m);
    const before = server.requests.length;
    await app.press('enter');
    await app.waitForFrame('Not sent: the body is not valid JSON');
    expect(server.requests).toHaveLength(before);
  });

  it('leaves the body as it was when the editor fails, or when there is none', async ({
    postDatabases,
  }) => {
    let app = await postDatabases(editorEnv('{"name": "lost"}', { EDITOR_EXIT: '3' }));
    await app.press('{"name": "kept"}', '\u0007');
    let frame = await app.waitForFrame('ended with exit code 3; the body is as it was');
    expect(frame).toMatch(/Body\s+› \{"name": "kept"\}/);
    await app.cleanup();
    app = await postDatabases({ VISUAL: '', EDITOR: '' });
    await app.press('\u0007');
    frame = await app.waitForFrame('no editor: set $VISUAL or $EDITOR');
    expect(frame).toMatch(/Body\s+› /);
  });
});

describe('DELETE on the raw screen', () => {
  it('asks first: n sends nothing, y (typed ahead with Enter) deletes', async ({
    openRaw,
    server,
  }) => {
    const { id } = await client(server).createDatabase(PROJECT, 'doomed');
    const ui = await openRaw();
    await ui.pressTogether('shift-tab', 'down', 'down', 'down', 'down', 'enter');
    await ui.waitForFrame(/• DELETE/);
    await ui.press(`/v1/projects/{project_id}/databases/${id}`, 'enter');
    const frame = await ui.waitForFrame('? Send DELETE');
    expect(frame).toContain(`Send DELETE /v1/projects/${PROJECT}/databases/${id}? y sends it`);
    expect(frame).toMatch(/y n send the DELETE\?/);
    await ui.press('n');
    await ui.waitForFrame((f) => !f.includes('Send DELETE'));
    expect(server.requests.some((r) => r.startsWith('DELETE'))).toBe(false);
    // Esc says no too, and keeps the screen.
    await ui.press('enter');
    await ui.waitForFrame('? Send DELETE');
    await ui.press('esc');
    await ui.waitForFrame((f) => !f.includes('Send DELETE') && f.includes('Raw request'));
    await ui.pressTogether('enter', 'y');
    await ui.waitForFrame('200 OK');
    expect(server.requests).toContain(`DELETE /v1/projects/${PROJECT}/databases/${id} 200`);
    expect(await databaseNames(server)).not.toContain('doomed');
  });
});
