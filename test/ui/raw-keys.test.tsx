import { describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { helpPages } from '../helpers/ui.js';

// The raw screen's footer and `?` help name what Enter, Tab and ↑↓ do in the focused field (they
// mean something else in each), and the key then does just that.
const PROJECT = 'prj_demo_scale';
const F1 = '\u001bOP';
const CTRL_J = '\n';
const CTRL_U = '\u0015';

/** The footer's items as shown: the lines under the last rule. */
function footer(frame: string): string {
  const lines = frame.split('\n');
  const rule = lines.findLastIndex((l) => l.startsWith('────'));
  return lines
    .slice(rule + 1)
    .join('   ')
    .replace(/ {3,}/g, ' · ');
}

/** The help's line for these keys and this text (one column: the terminal is tall enough). */
function helpLine(frame: string, keys: string, text: string): string {
  const line = frame.split('\n').find((l) => l.startsWith(`${keys} `) && l.includes(text));
  if (!line) throw new Error(`no help line for ${keys} ${text} in:\n${frame}`);
  return line;
}

describe('the raw screen names what each key does in the focused field', () => {
  it('in the path with no history: Enter sends, Tab completes, ↑↓ move to the field below', async ({
    openRaw,
  }) => {
    const app = await openRaw();
    const keys = footer(app.frame());
    expect(keys).toContain('Enter send');
    expect(keys).toContain('Tab complete');
    expect(keys).toContain('↑↓ line or field');
    expect(keys).not.toContain('↑↓ history');
    expect(keys).not.toContain('next field');
    await app.pressTogether('/v1/r', 'tab');
    await app.waitForFrame(/Path\s+› \/v1\/regions$/m);
    await app.press('down');
    await app.waitForFrame(/Headers › /);
    await app.pressTogether('up', 'enter');
    await app.waitForFrame(/200 OK · \d+ ms · .* · GET \/v1\/regions/);
  });

  it('in the path with a history: ↑↓ history, and ↑ brings the last request back', async ({
    openRaw,
  }) => {
    const app = await openRaw();
    await app.pressTogether('/v1/regions', 'enter');
    await app.waitForFrame('200 OK');
    await app.press(CTRL_U);
    await app.waitForFrame(/Path\s+› \/v1\/… /);
    const keys = footer(app.frame());
    expect(keys).toContain('↑↓ history');
    expect(keys).not.toContain('line or field');
    await app.press('up');
    await app.waitForFrame(/Path\s+› \/v1\/regions$/m);
  });

  it('in the headers: Tab goes to the next field and ↑↓ between lines, as the footer says', async ({
    openRaw,
  }) => {
    const app = await openRaw();
    await app.pressTogether(`/v1/projects/${PROJECT}`, 'down');
    await app.waitForFrame(/Headers › /);
    const keys = footer(app.frame());
    expect(keys).toContain('Enter send');
    expect(keys).toContain('Tab next field');
    expect(keys).toContain('↑↓ line or field');
    expect(keys).not.toContain('Tab complete');
    expect(keys).not.toContain('↑↓ history');
    // ↑ goes a line up: what is typed then lands on the first line.
    await app.pressTogether('X-A: 1', CTRL_J, 'X-B: 2', 'up', '0');
    await app.waitForFrame(/Headers › X-A: 10\n\s+X-B: 2/);
    // The help says the same, the other meanings dim.
    await app.resize(140, 80);
    await app.press(F1);
    const help = await app.waitForFrame('Keys: Raw request');
    expect(helpLine(help, 'Tab', 'next field')).not.toContain('(not now)');
    expect(helpLine(help, 'Tab', 'complete')).toContain('(not now)');
    expect(helpLine(help, '↑↓', 'line up or down')).not.toContain('(not now)');
    expect(helpLine(help, '↑↓', 'earlier requests')).toContain('(not now)');
    expect(helpLine(help, 'Enter', 'send the request')).not.toContain('(not now)');
    await app.press(F1);
    await app.waitForFrame(/Headers › X-A: 10/);
    // Tab: the next field, the method list (a GET has no body and nothing was answered here).
    await app.press('tab');
    await app.waitForFrame(/› GET/);
    // Enter in the headers sends.
    await app.pressTogether('tab', 'down', 'enter');
    await app.waitForFrame(/200 OK · .* · GET \/v1\/projects\/prj_demo_scale$/m);
  });

  it('in the method list: ↑↓ j k choose, Enter uses it, Tab goes to the path', async ({
    openRaw,
    server,
  }) => {
    const app = await openRaw();
    // A path to send, so that an Enter taken for "send" would send it.
    await app.pressTogether(...'/v1/regions');
    await app.waitForFrame('/v1/regions');
    const before = server.requests.length;
    await app.press('shift-tab');
    await app.waitForFrame(/› GET/);
    const keys = footer(app.frame());
    expect(keys).toContain('↑↓ j k choose method');
    expect(keys).toContain('Enter use method');
    expect(keys).toContain('Tab next field');
    expect(keys).not.toContain('Enter send');
    await app.pressTogether('down', 'enter');
    await app.waitForFrame(/• POST/);
    await app.waitForFrame(/Path\s+› /);
    await app.pressTogether('shift-tab', 'tab');
    await app.waitForFrame(/Path\s+› /);
    // Enter in the list picked the method and sent nothing.
    expect(server.requests.slice(before)).toEqual([]);
  });

  it('in the method list (ink-select-input): j k and first letters, typed ahead in one read', async ({
    openRaw,
  }) => {
    const app = await openRaw();
    // GET, POST, PATCH, PUT, DELETE: four j from GET are DELETE; Enter uses it, back in the path.
    await app.pressTogether('shift-tab', 'j', 'j', 'j', 'j', 'enter');
    await app.waitForFrame(/• DELETE/);
    await app.waitForFrame(/Path\s+› /);
    // k goes back one; p goes through POST, PATCH, PUT from where the list is.
    await app.pressTogether('shift-tab', 'k', 'enter');
    await app.waitForFrame(/• PUT/);
    await app.pressTogether('shift-tab', 'p', 'p', 'enter');
    await app.waitForFrame(/• PATCH/);
    await app.pressTogether('shift-tab', 'g', 'd', 'k', 'k', 'enter');
    await app.waitForFrame(/• PATCH/);
    await app.waitForFrame(/Path\s+› /);
    // A digit picks the method with that number: the mark goes with it, and so does the list's
    // cursor (Enter there keeps DELETE rather than going back to PATCH).
    await app.pressTogether('shift-tab', '5');
    await app.waitForFrame(/• DELETE/);
    await app.waitForFrame(/Path\s+› /);
    await app.pressTogether('shift-tab', 'enter');
    await app.waitForFrame(/Path\s+› /);
    expect(app.frame()).toMatch(/• DELETE/);
  });

  it('in the path of a POST: Enter goes to the body; there Enter sends, Tab next field', async ({
    openRaw,
  }) => {
    const app = await openRaw();
    await app.pressTogether('shift-tab', 'down', 'enter');
    await app.waitForFrame(/• POST/);
    await app.pressTogether(CTRL_U, '/v1/projects/{project_id}/databases');
    await app.waitForFrame('→ createDatabase');
    let keys = footer(app.frame());
    expect(keys).toContain('Enter to the body');
    expect(keys).not.toContain('Enter send');
    await app.press('enter');
    await app.waitForFrame(/Body\s+› /);
    keys = footer(app.frame());
    expect(keys).toContain('Enter send');
    expect(keys).toContain('Tab next field');
    expect(keys).toContain('↑↓ line or field');
    expect(keys).toContain('Ctrl+G editor');
    expect(keys).not.toContain('to the body');
    await app.pressTogether('{"name": "keys"}', 'enter');
    await app.waitForFrame(/201 Created · .* · POST \/v1\/projects\/prj_demo_scale\/databases/);
    // Tab from the body: the answer, where Tab is the next field again (the method list).
    await app.press('tab');
    await app.waitForFrame((f) => !/Body\s+› /.test(f) && /^› /m.test(f));
    expect(footer(app.frame())).toContain('Tab next field');
    await app.press('tab');
    await app.waitForFrame(/› POST/);
  });

  it('the help on a 24-line terminal lists the keys that work first, and scrolls to the rest', async ({
    openRaw,
  }) => {
    const app = await openRaw();
    await app.press(F1);
    const help = await app.waitForFrame('Keys: Raw request');
    expect(help).toMatch(/F1\s+show or hide the keys of/);
    expect(help).toMatch(/Tab\s+in the path: complete it/);
    expect(help).not.toContain('(not now)');
    expect(help.split('\n').length).toBeLessThanOrEqual(24);
    const pages = await helpPages(app, 'Keys: Raw request');
    expect(pages.join('\n')).toMatch(/Ctrl\+C\s+quit, from anywhere/);
    expect(pages.at(-1)).toContain('(not now)');
  });

  it('while typing a search in the answer: only the keys the prompt heeds, and Ctrl+R types nothing else', async ({
    openRaw,
  }) => {
    const app = await openRaw();
    await app.pressTogether('/v1/regions', 'enter');
    await app.waitForFrame('200 OK');
    await app.pressTogether('down', 'down', '/');
    await app.waitForFrame(/Search\s+›|\/ ›/);
    const keys = footer(app.frame());
    expect(keys).toContain('Enter apply');
    expect(keys).toContain('Esc cancel');
    expect(keys).not.toContain('Ctrl+R history');
    expect(keys).not.toContain('Ctrl+S save');
    expect(keys).not.toContain('PgUp PgDn');
    await app.press('\u0012');
    expect(app.frame()).not.toContain('History, newest first');
  });
});
