import { describe, expect } from 'vitest';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// The footer: the way back on every screen, and one height whatever keys work now, so that no
// screen's size depends on them.

const server = seededServerForFile();

/** The frame's lines from the footer's rule (the last one) down. */
const footerOf = (frame: string) => {
  const lines = frame.split('\n');
  const rule = lines.findLastIndex((line) => line.startsWith('──'));
  return { rule, text: lines.slice(rule + 1).join('\n') };
};

describe('the footer', () => {
  it('on a Free-plan project opened from the projects: Esc back, p, x, r, ? and q', async ({
    renderUi,
  }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    await ui.press('/', 'free', 'enter');
    const { text } = footerOf(
      await ui.waitForFrame('No domains: this project is on the Free plan'),
    );
    for (const key of ['Esc back', 'p projects', 'x raw request', 'r refresh', '? help', 'q quit'])
      expect(text).toContain(key);
    // As it says: Esc goes back to the projects.
    await ui.press('esc');
    await ui.waitForFrame('Filtered by "free"');
  });

  it('on the first screen, a Free-plan project given with --project: p is the way to another', async ({
    renderUi,
  }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_free' },
    });
    const { text } = footerOf(
      await ui.waitForFrame('No domains: this project is on the Free plan'),
    );
    expect(text).toContain('p projects');
    expect(text).toContain('x raw request');
    expect(text).not.toContain('Esc back');
    await ui.press('x');
    await ui.waitForFrame('Raw request');
    expect(footerOf(ui.frame()).text).toContain('Esc back');
  });

  it('starts on the same line of an 80x24 terminal whatever keys work: pages, plans, screens', async ({
    renderUi,
  }) => {
    const rules: Record<string, number> = {};
    const scale = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    });
    await scale.waitForFrame('45 domains');
    await scale.resize(80, 24);
    rules['first page'] = footerOf(scale.frame()).rule;
    // The last page: its rows end with the 45th ("last page" gives way at 80 columns).
    const lastRows = /rows \d+–45 of 45/;
    for (let i = 0; i < 5 && !lastRows.test(scale.frame()); i++) await scale.press('n');
    rules['last page'] = footerOf(await scale.waitForFrame(lastRows)).rule;
    await scale.press('enter');
    rules['a domain'] = footerOf(await scale.waitForFrame('DNS records')).rule;
    await scale.press('esc', 'p');
    rules['the projects'] = footerOf(await scale.waitForFrame('prj_demo_free')).rule;

    const free = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_free' },
    });
    await free.waitForFrame('No domains: this project is on the Free plan');
    await free.resize(80, 24);
    rules['a Free-plan project'] = footerOf(free.frame()).rule;

    // The header (2 lines), the body, the rule and two lines of keys, in 23 lines of 24.
    expect(rules).toEqual({
      'first page': 20,
      'last page': 20,
      'a domain': 20,
      'the projects': 20,
      'a Free-plan project': 20,
    });
  });
});
