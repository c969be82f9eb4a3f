import { expect } from 'vitest';

/**
 * What a hostile (or broken) API could put in any string to drive the user's terminal: retitle
 * the window (OSC 2), write the clipboard (OSC 52), clear the screen (CSI), the same as C1
 * controls (CSI, OSC, ST as single characters), a bell, and a CR and backspace that would
 * overwrite what came before.
 */
export const EVIL =
  '\u001b]2;pwned\u0007\u001b]52;c;ZWNobyBvd25lZA==\u0007\u001b[2J\u009b31m\u009d0;t\u009c\u0007\r\b';

/** EVIL as domainctl shows it: every control as its JSON escape, the rest as it was. */
export const EVIL_SHOWN =
  '\\u001b]2;pwned\\u0007\\u001b]52;c;ZWNobyBvd25lZA==\\u0007\\u001b[2J\\u009b31m\\u009d0;t\\u009c\\u0007\\u000d\\u0008';

/** A value with the hostile sequences after it. */
export const evil = (text: string) => `${text}${EVIL}`;
/** How domainctl shows evil(text). */
export const shown = (text: string) => `${text}${EVIL_SHOWN}`;

/** A string as a RegExp that matches exactly it. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The C1 controls a reason phrase or header value can carry (they travel as latin1 bytes). */
export const EVIL_LATIN1 = 'x\u009b2J\u009d0;t\u009c';
export const EVIL_LATIN1_SHOWN = 'x\\u009b2J\\u009d0;t\\u009c';

/**
 * Asserts that bytes written to a terminal hold nothing it would obey: no C0 control but the
 * line feed, the tab (which only moves along the line) and a CR right before a line feed, no DEL, no C1 control (as UTF-8, the only way Node writes one), and valid UTF-8
 * throughout (so no lone byte can pass for a C1 control either). `allow` names escape sequences
 * domainctl itself writes on purpose (the clipboard's OSC 52), cut out before the check.
 */
export function expectNothingObeyed(bytes: Buffer | string, allow: string[] = []): void {
  let text = typeof bytes === 'string' ? bytes : bytes.toString('utf8');
  if (typeof bytes !== 'string') {
    expect(Buffer.from(text, 'utf8').equals(bytes), 'the output is not valid UTF-8').toBe(true);
  }
  for (const sequence of allow) text = text.replaceAll(sequence, '');
  // A CR right before a line feed only ends the line (a text body's CRLF, kept as it came).
  text = text.replaceAll('\r\n', '\n');
  // eslint-disable-next-line no-control-regex -- finding raw control characters is the point
  const found = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.exec(text);
  expect(
    found &&
      `${JSON.stringify(found[0])} at ${found.index}: ${JSON.stringify(text.slice(Math.max(0, found.index - 40), found.index + 40))}`,
  ).toBeNull();
}
