import { describe, expect } from 'vitest';
import { binding, helpKeys } from '../../src/ui/keymap.js';
import { test as it } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { helpIn } from '../helpers/ui.js';

describe('the help at 80x24', () => {
  it('on the domains screen: wraps the helps of / and r whole in two columns', async ({
    server,
    renderUi,
  }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    });
    await ui.waitForFrame('HOST NAME');
    await ui.resize(80, 24);
    await ui.press('?');
    const help = await ui.waitForFrame('Keys: Domains');
    for (const id of ['domains.filter', 'domains.refresh'] as const) {
      const { keys, help: text } = binding(id);
      expect(helpIn(help, keys, text.slice(0, 10)), keys).toBe(text);
    }
    expect(help).not.toMatch(/filter every domain by host na…|reload this page; with a filte…/);
    // And the last key still shows, in the rows the terminal has (its column as wide as its
    // widest keys).
    expect(help).toMatch(/Ctrl\+C +quit/);
    for (const line of help.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('on the projects screen: every key, none pushed off the bottom by a wrapped help', async ({
    server,
    renderUi,
  }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    await ui.resize(80, 24);
    await ui.press('?');
    const help = await ui.waitForFrame('Keys: Projects');
    for (const id of helpKeys('projects')) {
      const { keys, help: text } = binding(id);
      expect(helpIn(help, keys, text.slice(0, 10))?.replace(/ \(not now\)$/, ''), keys).toBe(text);
    }
  });
});
