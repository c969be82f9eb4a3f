import { describe, expect } from 'vitest';
import { binding, helpKeys } from '../../src/ui/app/keymap.js';
import { test } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { HELP_POSITION, helpPages } from '../helpers/ui.js';

/** `open(project?)`: the app on the file's server, on a project's domains or on the projects. */
const it = test.extend('open', async ({ server, renderUi }) => async (project?: string) => {
  const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY, project } });
  await ui.waitForFrame(project ? 'HOST NAME' : 'prj_demo_free');
  return ui;
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The help of a screen, as it must read: every key and what it does, on one of its pages (its own
 * scroll key listed only where it scrolls).
 */
function expectHelpOf(pages: string[], screen: Parameters<typeof helpKeys>[0]) {
  const scrolls = pages.some((page) => HELP_POSITION.test(page));
  for (const id of helpKeys(screen).filter((id) => scrolls || id !== 'help.scroll')) {
    const { keys, help } = binding(id);
    // In one column, or (when they do not fit one under the other) in two side by side.
    const pattern = new RegExp(
      `(^|\\s{2})\\s*${escapeRegExp(keys)}\\s+${escapeRegExp(help.slice(0, 24))}`,
    );
    const line = pages.flatMap((page) => page.split('\n')).find((l) => pattern.test(l));
    expect(line, `${keys} ${help}`).toBeDefined();
  }
}

describe('the shell', () => {
  it('shows profile, API host and project in the header, and the main keys in the footer', async ({
    open,
    server,
  }) => {
    const app = await open('prj_demo_scale');
    const frame = await app.waitForFrame('Demo Scale (prj_demo_scale)');
    const [header] = frame.split('\n');
    expect(header).toContain('domainctl');
    expect(header).toContain(new URL(server.url).host);
    expect(header).toContain('Demo Scale (prj_demo_scale)');
    // The keys that work now: on the first page there is no previous one, and nothing to go
    // back to from the first screen.
    expect(frame).toMatch(
      /Enter details {3}\/ filter {3}s sort {3}n → next page {3}a add {3}x raw request/,
    );
    expect(frame).not.toContain('b ← previous');
    expect(frame).toMatch(/\? help(?: {3}|\n)q quit/);
    await app.press('n');
    await app.waitForFrame(/n → next page {3}b ← previous {3}a add/);
  });

  it('? lists the keys of the domains screen, and ? or Esc closes the help', async ({ open }) => {
    const app = await open('prj_demo_scale');
    await app.press('?');
    const pages = await helpPages(app, 'Keys: Domains');
    expectHelpOf(pages, 'domains');
    for (const page of pages) expect(page).not.toContain('HOST NAME');
    await app.press('?');
    await app.waitForFrame('HOST NAME');
    await app.press('?');
    await app.waitForFrame('Keys: Domains');
    await app.press('esc');
    await app.waitForFrame('HOST NAME');
    // Esc closed the help and did nothing else: still the domains.
    expect(app.frame()).toContain('Domains of');
  });

  it('? lists the keys of each screen it is pressed on', async ({ open }) => {
    const app = await open();
    await app.press('?');
    expectHelpOf(await helpPages(app, 'Keys: Projects'), 'projects');
    await app.press('esc', 'enter');
    await app.waitForFrame('HOST NAME');
    await app.press('enter');
    await app.waitForFrame('DNS records');
    await app.press('?');
    expectHelpOf(await helpPages(app, 'Keys: Domain'), 'domain');
  });

  it('keys of the help do not reach the screen below it', async ({ open }) => {
    const app = await open('prj_demo_scale');
    await app.press('?', 'n', 'a');
    await app.press('esc');
    const frame = await app.waitForFrame('HOST NAME');
    expect(frame).toContain('page 1 ·');
  });

  it('q quits where no field has focus', async ({ open }) => {
    const app = await open('prj_demo_scale');
    await app.press('q');
    await app.exited();
  });

  it('q quits with the help open, on the projects and on the domains', async ({ open }) => {
    const projects = await open();
    await projects.press('?');
    await projects.waitForFrame('Keys: Projects');
    await projects.press('q');
    await projects.exited();

    const domains = await open('prj_demo_scale');
    await domains.press('?');
    await domains.waitForFrame('Keys: Domains');
    await domains.press('q');
    await domains.exited();
  });

  it('keys typed with the help open over a text field are not typed into it', async ({ open }) => {
    const app = await open('prj_demo_scale');
    await app.press('a');
    await app.waitForFrame('Host name ›');
    await app.press('\u001bOP');
    await app.waitForFrame('Keys: Add a domain');
    await app.press('x', '\u001bOP');
    await app.waitForFrame('Host name ›');
    expect(app.frame()).not.toContain('Host name › x');
    await app.press('\u001bOP', 'q');
    await app.exited();
  });

  it('q and ? are text in a field; Ctrl+C quits even there', async ({ open }) => {
    const app = await open('prj_demo_scale');
    await app.press('a');
    await app.waitForFrame('Host name ›');
    await app.press('q', '?');
    await app.waitForFrame('Host name › q?');
    expect(app.frame()).toContain('Ctrl+C quit');
    await app.press('ctrl-c');
    await app.exited();
  });

  it('Esc goes back, and does nothing on the first screen', async ({ open }) => {
    const app = await open();
    await app.press('enter');
    await app.waitForFrame('HOST NAME');
    await app.press('esc');
    await app.waitForFrame('prj_demo_free');
    await app.press('esc');
    expect(app.frame()).toContain('prj_demo_free');
  });
});
