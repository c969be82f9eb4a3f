import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { everyFile } from '../helpers/files.js';
import { it } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { pasted } from '../helpers/ui.js';

// Header values that look like credentials are shown on the raw screen as `--debug` shows them
// (`****1234`), and kept that way in the history and the saved files; only the line being typed
// shows what is typed.
const SECRET = 'sk-live-abcdef-9876';
const CTRL_J = '\n';
const CTRL_S = '\u0013';

describe('credential-looking headers on the raw screen', () => {
  it('are masked once typed, on screen, in the history and in a saved file', async ({
    openRaw,
    server,
    configDir,
  }) => {
    const app = await openRaw();
    await app.pressTogether('/v1/regions', 'down', `X-Api-Key: ${SECRET}`);
    // The line being typed shows what is typed.
    await app.waitForFrame(`X-Api-Key: ${SECRET}`);
    // A new line: the one before is masked.
    await app.pressTogether(CTRL_J, 'X-Trace: visible');
    let frame = await app.waitForFrame(/Headers › X-Api-Key: \*\*\*\*9876\n.* X-Trace: visible/);
    expect(frame).not.toContain(SECRET);
    // Out of the field, every line is.
    await app.press('up', 'up');
    frame = await app.waitForFrame(/Path\s+› \/v1\/regions/);
    expect(frame).toMatch(/Headers\s+X-Api-Key: \*\*\*\*9876/);
    expect(frame).not.toContain(SECRET);
    await app.press('enter');
    frame = await app.waitForFrame('200 OK');
    expect(frame).not.toContain(SECRET);
    // Sent, with the header as typed.
    expect(server.requests).toContain('GET /v1/regions 200');
    await app.press(CTRL_S);
    await app.pressTogether('keyed', 'enter');
    frame = await app.waitForFrame('✓ Saved');
    expect(frame).not.toContain(SECRET);
    const files = everyFile(configDir);
    expect(files).toContain('X-Api-Key: ****9876');
    expect(files).not.toContain(SECRET);
    expect(files).not.toContain(TESTER_KEY);
  });

  it('pasted in a curl, are masked in the form and in the answer line', async ({
    openRaw,
    server,
  }) => {
    const app = await openRaw();
    const curl = `curl '${server.url}/v1/regions?api_key=${SECRET}' -H 'X-Auth-Token: ${SECRET}'`;
    await app.pressTogether(pasted(curl));
    let frame = await app.waitForFrame('Read from the pasted curl command');
    expect(frame).toMatch(/Headers\s+X-Auth-Token: \*\*\*\*9876/);
    await app.press('enter');
    // The API refuses the parameter; its line above the answer is what matters here.
    frame = await app.waitForFrame(/400 Bad Request .* GET \/v1\/regions\?api_key=\*\*\*\*9876/);
    // Only the path field, being edited, shows it as typed.
    expect(frame.split('\n').filter((l) => l.includes(SECRET))).toEqual([
      expect.stringMatching(/^• GET\s+Path\s+› /),
    ]);
  });

  it('outside the headers, make Ctrl+S refuse to save, and nothing is written', async ({
    openRaw,
    configDir,
  }) => {
    const app = await openRaw();
    await app.pressTogether('/v1/projects/dk_live_abcd1234', CTRL_S);
    await app.waitForFrame(/Save as\s+› /);
    await app.pressTogether('keyed', 'enter');
    const frame = await app.waitForFrame('✗ Not saved');
    expect(frame.replace(/\s+/g, ' ')).toContain(
      '✗ Not saved: the request holds a credential (in the path), and a saved request, meant to be shared, never keeps one: nothing was saved',
    );
    expect(everyFile(join(configDir, 'requests'))).toBe('');
  });
});
