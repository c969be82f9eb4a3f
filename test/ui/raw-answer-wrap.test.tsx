import { describe } from 'vitest';
import { tryJq } from '../../src/core/jq-engine.js';
import { visible } from '../../src/core/sanitize.js';
import { test } from '../helpers/fixtures.js';
import { oneLine } from '../helpers/ui.js';

// The raw screen's answer at 80 columns, the narrowest the UI is made for: a JSON line wider
// than the screen wraps between its tokens, and jq's message wraps rather than being cut.
// Against the real server; each test in an app of its own, so they run together with their own
// `expect`.

/** `regionsAt80()`: the raw screen at 80x24 with /v1/regions answered, the focus on the answer. */
const it = test.extend('regionsAt80', async ({ openRaw }) => async () => {
  const ui = await openRaw();
  await ui.resize(80, 24);
  await ui.press('/v1/regions', 'enter');
  await ui.waitForFrame('200 OK');
  await ui.press('down', 'down');
  await ui.waitForFrame(/^› \{$/m);
  return ui;
});

describe('the answer of the raw screen at 80 columns', () => {
  it.concurrent(
    'wraps a line between its tokens: a value that fits a row is never split',
    async ({ regionsAt80, expect }) => {
      const app = await regionsAt80();
      const key = 'key_of_forty_characters_or_thereabouts_x';
      const value = 'a-value-of-forty-characters-or-about-it';
      // `  "key": "value"` is 87 columns: more than the 76 an answer's row has here.
      await app.pressTogether('f', `{"${key}": "${value}", "n": 1}`, 'enter');
      const frame = await app.waitForFrame(`"${key}": `);
      // (Ink drops the space a row ends with.)
      expect(frame).toMatch(new RegExp(`^ {4}"${key}": ?$`, 'm'));
      // The value's row starts two columns past the key's indentation (the answer's margin is 2).
      expect(frame).toMatch(new RegExp(`^ {6}"${value}",$`, 'm'));
      for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    },
  );

  it.concurrent(
    "wraps jq's message whole under the answer, never cut",
    async ({ regionsAt80, expect }) => {
      const app = await regionsAt80();
      const expression =
        '.regions[] | select(.id == "eu-west") | .name | ascii_downcase | ltrimstr(';
      const outcome = await tryJq('{}', expression);
      if (outcome.ok) throw new Error('the expression was meant to fail');
      await app.pressTogether('f', expression, 'enter');
      const frame = await app.waitForFrame((f) =>
        oneLine(f).includes('(the whole answer is shown)'),
      );
      const message = `✗ jq ${expression}: ${visible(outcome.message)} (the whole answer is shown)`;
      expect(oneLine(frame)).toContain(oneLine(message));
      for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
      // The answer keeps the rows left: its first line, and the status line above it.
      expect(frame).toContain('200 OK');
      expect(frame).toMatch(/^› \{$/m);
    },
  );
});
