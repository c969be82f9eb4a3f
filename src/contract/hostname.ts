import { isIP } from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';

export const DEFAULT_EDGE_DOMAIN = 'edge.domainctl.test';
export const DEFAULT_LABEL = 'domainctl';

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

// Any whitespace (\s: Unicode spaces, line and paragraph separators, BOM), C0, DEL and C1.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INSIDE = /[\s\u0000-\u001f\u007f-\u009f]/;
const CHARACTER_NAMES: Record<string, string> = {
  ' ': 'a space',
  '\t': 'a tab',
  '\n': 'a line feed',
  '\r': 'a carriage return',
  '\u00a0': 'a no-break space',
  '\u00ad': 'U+00AD, a soft hyphen',
  '\u200b': 'U+200B, a zero-width space',
  '\u2060': 'U+2060, a word joiner',
};
const describeCharacter = (char: string) =>
  CHARACTER_NAMES[char] ??
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

// A character of a label as typed: anything but whitespace, a dot and what makes a URL, a port
// or a wildcard; and the same but a digit.
const TYPED = String.raw`[^\s./:*@?#%\\\[\]]`;
const TYPED_NOT_DIGIT = String.raw`[^\s./:*@?#%\\\[\]0-9]`;

/**
 * The host-name rules as a JSON Schema pattern, for the OpenAPI document: two labels or more of
 * 1 to 63 characters, no whitespace, no URL, port or wildcard, a last label that is not all
 * digits (no IPv4 address), one trailing dot at most. Letters of any script pass, as the server
 * converts them to punycode; normalizeHostname is what the server checks, and says why.
 */
export const HOST_NAME_PATTERN = String.raw`^(?:${TYPED}{1,63}\.)+(?=${TYPED}*${TYPED_NOT_DIGIT})${TYPED}{1,63}\.?$`;

export type HostnameResult = { ok: true; hostname: string } | { ok: false; reason: string };

/**
 * Normalises a host name the way the server stores it (trimmed, lower-case, one trailing dot
 * dropped, IDN to punycode) or says why it cannot be a custom domain. The server, the add form
 * and `domains add` all use this, so the UI's live validation never disagrees with the API.
 */
export function normalizeHostname(
  input: string,
  edgeDomain: string = DEFAULT_EDGE_DOMAIN,
): HostnameResult {
  let name = input.trim().toLowerCase();
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name === '') return { ok: false, reason: 'domain must not be empty' };
  // Only the ends are trimmed: inside, the URL parser below would drop a tab or a line break
  // silently (ex<TAB>ample.com became example.com) and refuse a space without saying why.
  const odd = INSIDE.exec(name)?.[0];
  if (odd !== undefined) {
    return {
      ok: false,
      reason: `domain must not contain whitespace or control characters (it has ${describeCharacter(odd)} inside)`,
    };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(name) || name.includes('/')) {
    return {
      ok: false,
      reason:
        'domain must be a host name, not a URL: drop the scheme and path (e.g. shop.example.com)',
    };
  }
  const bare = name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
  if (isIP(bare)) return { ok: false, reason: 'domain must be a host name, not an IP address' };
  if (name.includes('*')) {
    return {
      ok: false,
      reason: 'wildcard domains are not supported: add each host name on its own',
    };
  }
  if (name.includes(':')) {
    return { ok: false, reason: 'domain must be a host name without a port' };
  }
  // One trailing dot is gone already, so any empty label left is a typo: ".a.com", "a..com",
  // "a.com..". Said here, in words, rather than later as a label "" with bad characters.
  if (name.split('.').includes('')) {
    return { ok: false, reason: 'domain has an empty label (a leading dot or two dots in a row)' };
  }

  if (/\.[0-9]+$/.test(name)) {
    return { ok: false, reason: 'the last label of a domain may not be all digits' };
  }
  // domainToASCII applies IDNA (punycode) and returns "" for names it cannot encode.
  const ascii = domainToASCII(name);
  if (ascii === '') {
    return { ok: false, reason: 'domain contains characters that are not allowed in a host name' };
  }
  // The URL host parser reads names such as "0x7f.1" as IPv4 addresses.
  if (isIP(ascii)) return { ok: false, reason: 'domain must be a host name, not an IP address' };
  const changed = idnaChange(name, ascii);
  if (changed !== undefined) {
    return {
      ok: false,
      reason: `domain has ${describeCharacter(changed)}, which IDNA would silently drop or change (the name would become ${ascii})`,
    };
  }

  const labels = ascii.split('.');
  if (labels.length < 2) {
    return { ok: false, reason: 'domain needs at least two labels (e.g. example.com)' };
  }
  for (const label of labels) {
    if (label.length > 63) {
      return { ok: false, reason: `label "${label.slice(0, 20)}…" is over 63 characters` };
    }
    if (!LABEL.test(label)) {
      return {
        ok: false,
        reason: `label "${label}" may hold only letters, digits and hyphens, and may not start or end with a hyphen`,
      };
    }
  }
  if (ascii.length > 253) return { ok: false, reason: 'domain is over 253 characters' };
  const edge = edgeDomain.toLowerCase();
  if (ascii === edge || ascii.endsWith(`.${edge}`)) {
    return { ok: false, reason: `domain may not be ${edge} or a name under it` };
  }
  return { ok: true, hostname: ascii };
}

// What IDNA reads as a label separator besides ".": a separator, not a character it changes.
const DOTS = /[.\u3002\uff0e\uff61]/;

/**
 * The first character of a (lower-cased) name that IDNA's mapping dropped or changed on the way
 * to `ascii`, or undefined when every label reads back as it was typed. IDNA drops some
 * characters without a word (U+200B, U+00AD, variation selectors: "a\u200bb" becomes "ab") and
 * maps others to different ones (fullwidth or mathematical letters, "ſ"): the name stored and
 * shown would not be the name typed. Case folding is what a host name means and stays allowed,
 * and so does another encoding of the same accented letter (composed or not: NFC).
 */
function idnaChange(name: string, ascii: string): string | undefined {
  const typed = name.split(DOTS);
  const stored = ascii.split('.');
  for (const [i, label] of typed.entries()) {
    const out = stored[i] ?? '';
    if (typed.length === stored.length && (out === label || readsAs(label, out))) continue;
    const shown = out.startsWith('xn--') ? domainToUnicode(out) : out;
    // The first character the stored label lacks; some other one if it lost none (a reorder).
    return [...label].find((char) => !shown.includes(char)) ?? label;
  }
  return undefined;
}

/** Whether an A-label (or plain label) reads back as the label typed, up to case and NFC. */
function readsAs(typed: string, out: string): boolean {
  const shown = out.startsWith('xn--') ? domainToUnicode(out) : out;
  const composed = typed.normalize('NFC');
  return shown === composed || shown === simpleFold(composed);
}

/**
 * Simple case folding, which toLowerCase leaves undone for a few letters ("ſ" folds to "s"
 * through "S"). A letter whose capital is two letters (the ligature "ﬁ", "ß") is left as it is:
 * folding it into two is a change of spelling, not of case.
 */
const simpleFold = (text: string) =>
  Array.from(text, (char) => {
    const upper = char.toUpperCase();
    return upper.length === char.length ? upper.toLowerCase() : char;
  }).join('');
