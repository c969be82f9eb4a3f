import { describe, expect } from 'vitest';
import { test } from '../helpers/fixtures.js';
import { addManyDomains } from '../helpers/many-domains.js';
import { TESTER_KEY } from '../helpers/server.js';
import type { RenderAppOptions, UiHandle } from '../helpers/ui.js';

// The raw screen's answer as a person reads a long one: search, folds, a jq filter, against the
// real server with a project of 100 domains (the demo's 45 and 55 added).
const PROJECT = 'prj_demo_scale';
const LIST = `/v1/projects/${PROJECT}/domains?page_size=100`;

/** The answer as the API gives it, to count what the screen should find in it. */
let answerText: string;
let answerLines: string[];

/**
 * `listAnswered(options?)`: the raw screen with the 100-domain list answered, the focus on the
 * answer's first line.
 */
const it = test.extend(
  'listAnswered',
  async ({ openRaw }) =>
    async (options: Pick<RenderAppOptions, 'colorTerminal' | 'flags'> = {}) => {
      const ui = await openRaw(options);
      await ui.press(LIST, 'enter');
      await ui.waitForFrame(/200 OK · \d+ ms · .* · GET \/v1\/projects\/prj_demo_scale\/domains/);
      // ↓ past the path, and past the (empty) headers, goes down to the answer.
      await ui.press('down', 'down');
      await ui.waitForFrame(/^› \{$/m);
      return ui;
    },
);

it.beforeAll(async ({ server }) => {
  await addManyDomains(server, PROJECT, 55);
  const res = await fetch(`${server.url}${LIST}`, {
    headers: { authorization: `Bearer ${TESTER_KEY}` },
  });
  answerText = await res.text();
  answerLines = JSON.stringify(JSON.parse(answerText), null, 2).split('\n');
});

const cursorLine = (frame: string) => /^› (.*)$/m.exec(frame)?.[1];

describe('the answer of the raw screen', () => {
  // The tests that read the answer run together, each with its test's own `expect`; the two about
  // colour run after them, one at a time: a colour terminal sets chalk's level for the process
  // while its app lives (test/helpers/ui.tsx), which the others' apps would pick up and keep.
  it.concurrent(
    'shows status, time, size and the lines in view of a 100-domain answer',
    async ({ listAnswered, expect }) => {
      const app = await listAnswered();
      const kib = `${(Buffer.byteLength(answerText) / 1024).toFixed(1)} KiB`;
      const frame = app.frame();
      expect(frame).toContain(`· ${kib.replace('.0 ', ' ')} · lines 1–`);
      expect(frame).toContain(`of ${answerLines.length}`);
      expect(frame).toContain('"domains": [');
    },
  );

  it.concurrent(
    'searches with /, walks the matches with n and N, and Esc clears the search',
    async ({ listAnswered, expect }) => {
      const app = await listAnswered();
      const query = 'northwind-traders';
      const count = answerLines.filter((l) => l.includes(query)).length;
      expect(count).toBeGreaterThan(10);
      // Typed ahead in one read: / opens the search, the text goes into it, Enter finds.
      await app.pressTogether('/', query, 'enter');
      let frame = await app.waitForFrame(`match 1/${count} for "${query}"`);
      expect(cursorLine(frame)).toContain(query);
      const first = cursorLine(frame);
      await app.pressTogether('n', 'n');
      frame = await app.waitForFrame(`match 3/${count}`);
      expect(cursorLine(frame)).toContain(query);
      expect(cursorLine(frame)).not.toBe(first);
      // N goes back, and past the first to the last.
      await app.pressTogether('N', 'N', 'N');
      await app.waitForFrame(`match ${count}/${count}`);
      // Lower case ignores case; a capital letter makes the search exact.
      await app.pressTogether('/', '\u0015', 'NORTHWIND', 'enter');
      await app.waitForFrame('no match for "NORTHWIND"');
      await app.press('esc');
      await app.waitForFrame((f) => !f.includes('no match') && f.includes('200 OK'));
      await app.press('esc');
      await app.waitForFrame('HOST NAME');
    },
  );

  it.concurrent(
    'folds the object or array of the line and unfolds it',
    async ({ listAnswered, expect }) => {
      const app = await listAnswered();
      // j to `"domains": [`, Space folds the whole list: the next line is the page token's.
      await app.pressTogether('j', ' ');
      let frame = await app.waitForFrame('1 folded');
      const items = answerLines.indexOf('  ],') - answerLines.indexOf('  "domains": [') - 1;
      expect(cursorLine(frame)).toBe(`  "domains": [ … ],  ${items} lines folded`);
      expect(frame).toMatch(/"domains": \[ … \],.*\n\s+"next_page_token"/);
      await app.press(' ');
      await app.waitForFrame((f) => !f.includes('folded'));
      // Into the first domain, three lines down: ← folds the object around the line and goes to it.
      await app.pressTogether('j', 'j', 'j', 'j', 'h');
      frame = await app.waitForFrame('1 folded');
      expect(cursorLine(frame)).toMatch(/^ {4}\{ … \},\s+\d+ lines folded$/);
      // ← again on the folded line goes up to the list around it; → unfolds the line under it.
      await app.press('left');
      await app.waitForFrame(/^› {3}"domains": \[$/m);
      await app.pressTogether('j', 'l');
      await app.waitForFrame((f) => !f.includes('folded'));
      // Two domains folded, then E unfolds everything.
      await app.pressTogether('j', 'h');
      await app.waitForFrame('1 folded');
      await app.pressTogether('j', 'j', 'h');
      await app.waitForFrame('2 folded');
      await app.press('E');
      await app.waitForFrame((f) => !f.includes('folded'));
    },
  );

  it.concurrent(
    'filters the answer with jq, as api request --jq does; an error keeps the answer',
    async ({ listAnswered, expect }) => {
      const app = await listAnswered();
      await app.pressTogether('f', '.domains | length', 'enter');
      let frame = await app.waitForFrame(/^› 100$/m);
      expect(frame).toContain('· jq .domains | length ·');
      // Raw strings, one a line, as -r prints them.
      await app.pressTogether('f', '\u0015', '[.domains[].domain] | sort | .[0]', 'enter');
      frame = await app.waitForFrame('· jq [.domains[].domain] | sort | .[0] ·');
      const first = answerLines
        .filter((l) => l.startsWith('      "domain": '))
        .map((l) => JSON.parse(l.slice(16).replace(/,$/, '')) as string)
        .sort()[0];
      expect(frame).toMatch(new RegExp(`^› ${first?.replaceAll('.', '\\.')}$`, 'm'));
      await app.pressTogether('f', '\u0015', '.domains[', 'enter');
      frame = await app.waitForFrame('✗ jq .domains[:');
      expect(frame).toContain('invalid expression: jq: error');
      expect(frame).toContain('"domains": [');
      // Esc clears the filter: the whole answer again.
      await app.pressTogether('f', '\u0015', '.domains | length > 50', 'enter');
      await app.waitForFrame(/^› true$/m);
      await app.press('esc');
      frame = await app.waitForFrame(/^› \{$/m);
      expect(frame).toContain('"domains": [');
      expect(frame).not.toContain('jq .');
    },
  );

  it.concurrent(
    'moves the cursor with keys typed ahead, the view following it, and ↑ goes back up',
    async ({ listAnswered, expect }) => {
      const app = await listAnswered();
      await app.pressTogether(...Array<string>(30).fill('j'));
      // Thirty keys, each applied after the frame of the one before: seconds on a busy machine.
      let frame = await app.waitForFrame((f) => cursorLine(f) === answerLines[30], 20_000);
      expect(frame).toMatch(/lines (?!1–)\d+–31 of/);
      await app.press('G');
      frame = await app.waitForFrame(`–${answerLines.length} of ${answerLines.length}`);
      expect(cursorLine(frame)).toBe('}');
      await app.press('g');
      await app.waitForFrame(/^› \{$/m);
      // ↑ on the first line goes back up to the form: the headers, then the path.
      await app.press('up');
      await app.waitForFrame(/Headers\s+› /);
      await app.press('up');
      await app.waitForFrame(/Path\s+› \/v1\/projects/);
    },
  );

  // A document with every kind of token: the jq filter makes one from the list.
  const EVERY_KIND = '{n: (.domains | length), s: "x", t: true, f: false, z: null}';
  /** What was written for the answer's lines in the last frame, escapes included. */
  const answerWritten = (app: UiHandle) => {
    const written = app.written();
    const start = written.lastIndexOf('"n"');
    return written.slice(written.lastIndexOf('\n', start), written.indexOf('}', start) + 1);
  };

  it('colours each kind of JSON token on a colour terminal: keys, strings, numbers, literals', async ({
    listAnswered,
  }) => {
    const app = await listAnswered({ colorTerminal: true });
    await app.pressTogether('f', EVERY_KIND, 'enter');
    await app.waitForFrame('"n": 100');
    const lines = answerWritten(app);
    const blue = (text: string) => `\u001b[34m${text}\u001b[39m`;
    // Keys blue, strings green, numbers cyan, true and false yellow, null gray (SGR 90);
    // the punctuation between them keeps the terminal's own colour.
    expect(lines).toContain(`${blue('"n"')}: \u001b[36m100\u001b[39m,`);
    expect(lines).toContain(`${blue('"s"')}: \u001b[32m"x"\u001b[39m,`);
    expect(lines).toContain(`${blue('"t"')}: \u001b[33mtrue\u001b[39m,`);
    expect(lines).toContain(`${blue('"f"')}: \u001b[33mfalse\u001b[39m,`);
    expect(lines).toContain(`${blue('"z"')}: \u001b[90mnull\u001b[39m\n`);
  });

  it('colours no token with --no-color', async ({ listAnswered }) => {
    const app = await listAnswered({ colorTerminal: true, flags: { color: false } });
    await app.pressTogether('f', EVERY_KIND, 'enter');
    await app.waitForFrame('"n": 100');
    const lines = answerWritten(app);
    expect(lines).toContain('"n": 100,');
    expect(lines).toContain('"z": null\n');
    // No foreground colour at all (SGR 30–39, 90–97) in the answer's lines.
    // eslint-disable-next-line no-control-regex -- an escape sequence is what is looked for
    expect(lines).not.toMatch(/\u001b\[(3\d|9[0-7])m/);
  });
});
