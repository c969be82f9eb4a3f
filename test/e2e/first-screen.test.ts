// @module-tag tmux
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { TESTER_KEY } from '../helpers/server.js';
import { repoRoot as root, terminalSessionForFile } from '../helpers/terminal-session.js';
import { shellNode } from '../helpers/tmux.js';

// runUi starts the first screen's requests before Ink and React load, and the screen takes their
// answers: each is asked for once, and a refresh asks again.
const session = terminalSessionForFile({ name: 'first-screen', columns: 100, rows: 30 });

it('asks for the first page of domains and the project once, before the UI has loaded', async () => {
  const { server, term } = session;
  const { send, waitForScreen } = term;
  await waitForScreen('$');
  const before = server.requests.length;
  await send(
    {
      text: `cd ${root} && ${shellNode} bin/domainctl.js --base-url ${server.url} --token ${TESTER_KEY} --project prj_demo_scale; echo EXIT:$?`,
    },
    'Enter',
  );
  const page1 = await waitForScreen(/^page 1 · rows 1–\d+ of (?:≥ )?\d+ · \d+ per page/m);
  expect(page1).toContain('www.acme-shop.com');
  // The project's name, from its own request, in the header.
  await waitForScreen('Demo Scale');
  // The log has no query: the page size is the screen's (page 1 · N per page) either way.
  const domains = 'GET /v1/projects/prj_demo_scale/domains 200';
  // Then the background load of every domain (the summary, the filter, the sort): one page of 100.
  await waitForScreen('45 domains ·');
  expect(server.requests.slice(before).sort()).toEqual(
    ['GET /v1/projects/prj_demo_scale 200', domains, domains].sort(),
  );

  // r reloads the page and loads every domain again: the page, and the one page of 100.
  await send('r');
  for (let waited = 0; server.requests.length < before + 5 && waited < 5_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await waitForScreen('45 domains ·');
  expect(server.requests.slice(before + 3)).toEqual([domains, domains]);
  await send('q');
  await waitForScreen('EXIT:0');
});

it('draws the rows in its first frame: no "Loading" frame before them', async () => {
  // Everything the UI writes, escapes and every frame included, as the terminal received it.
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-first-frame-'));
  const written = join(dir, 'pane');
  const { server, term } = session;
  try {
    await clearScreen(term);
    term.tmux('pipe-pane', '-o', '-t', 'first-screen', `cat > '${written}'`);
    await term.send(
      {
        text: `cd ${root} && ${shellNode} bin/domainctl.js --base-url ${server.url} --token ${TESTER_KEY} --project prj_demo_scale; echo EXIT:$?`,
      },
      'Enter',
    );
    await term.waitForScreen('www.acme-shop.com');
    await term.send('q');
    await term.waitForScreen('EXIT:0');
    term.tmux('pipe-pane', '-t', 'first-screen');
    const output = readFileSync(written, 'latin1');
    // Ink marks each frame as one synchronized update (ESC [?2026h … ESC [?2026l).
    const firstFrame = output.split('\u001b[?2026h')[1]?.split('\u001b[?2026l')[0] ?? '';
    expect(firstFrame).toContain('www.acme-shop.com');
    expect(output.slice(0, output.indexOf('www.acme-shop.com'))).not.toContain('Loading');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("never sends a request through Node's fetch: ky's fetch is node:http (undici's first fetch costs 100 ms or more)", async () => {
  // Every call of Node's fetch, by what it asked for, and Node's own list of the modules it has
  // loaded, written as the UI exits. The global is wrapped without being read until a call needs
  // it (reading it loads undici's fetch): a library may still fetch something of its own (a data:
  // URL), but no request to the API may go that way.
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-loaded-'));
  const hook = join(dir, 'hook.mjs');
  const loaded = join(dir, 'loaded');
  writeFileSync(
    hook,
    `import { writeFileSync } from 'node:fs';
const asked = [];
const own = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
const real = () => (own.get ? own.get.call(globalThis) : own.value);
Object.defineProperty(globalThis, 'fetch', { configurable: true, writable: true, value: (input, init) => {
  asked.push(typeof input === 'string' ? input : String(input?.url ?? input));
  return real()(input, init);
} });
process.on('exit', () => writeFileSync(${JSON.stringify(loaded)}, JSON.stringify({ asked, modules: process.moduleLoadList })));`,
  );
  const { server, term } = session;
  try {
    await clearScreen(term);
    await term.send(
      {
        text: `cd ${root} && ${shellNode} --import ${hook} bin/domainctl.js --base-url ${server.url} --token ${TESTER_KEY} --project prj_demo_scale; echo EXIT:$?`,
      },
      'Enter',
    );
    await term.waitForScreen('www.acme-shop.com');
    await term.send('q');
    await term.waitForScreen('EXIT:0');
    const { asked, modules } = JSON.parse(readFileSync(loaded, 'utf8')) as {
      asked: string[];
      modules: string[];
    };
    expect(asked.filter((url) => url.startsWith(server.url))).toEqual([]);
    expect(modules).toContain('NativeModule http');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Clears the screen of the test before: its EXIT:0 must not answer this one's wait. */
async function clearScreen(term: typeof session.term) {
  await term.send({ text: 'clear; echo CLEARED-$((1 + 1))' }, 'Enter');
  await term.waitForScreen('CLEARED-2');
}
