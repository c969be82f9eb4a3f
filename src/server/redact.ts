import { CREDENTIAL_SHAPE } from '../core/mask.js';

// Credentials sent in the wrong place (a path, a field) are still credentials: an API key or
// something shaped like a JWT, by the shape the clients mask what they store by (core/mask.ts).
const CREDENTIAL = CREDENTIAL_SHAPE;

const REDACTED = '[redacted]';

/**
 * Replaces anything that looks like a credential with "[redacted]", however it is
 * percent-encoded (`x%2Fdk_…`, `%64k_…`, `%252F`, `%2f`): a path is logged as it came, encoded,
 * and a key in it must go whichever way a reader (or a server) would decode it. Every line the
 * server logs and every error message it answers with passes through here, so a key pasted into
 * a URL is written nowhere and echoed to no one.
 */
export function redactCredentials(text: string): string {
  // Most text (every request's path is logged) holds none of these.
  const encoded = text.includes('%');
  if (!encoded && !text.includes('dk_') && !text.includes('eyJ')) return text;
  return (encoded ? redactDecoded(text) : text).replace(CREDENTIAL, REDACTED);
}

/** The value of a hex digit's character code, or -1. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/**
 * Finds credentials in the text as it reads once every %XX is decoded, and decoded again as long
 * as decoding makes a new one (%2564 is %64 is "d"), and replaces the text they came from. Each
 * decoded character remembers where its span of the original starts (the spans follow each
 * other), so what is left stays as it was sent. Bytes of 0x80 and above stand for a character
 * that is neither a letter nor a digit, as any decoding of them would be: a key right after one
 * is still a key. One pass, so a target encoded a thousand times over costs no more to read.
 */
/** Whether the first n decoded codes hold "dk_" or "eyJ", where every credential starts. */
function holdsStart(n: number): boolean {
  for (let k = 2; k < n; k++) {
    const [a, b, c] = [codes[k - 2], codes[k - 1], codes[k]];
    if ((a === 100 && b === 107 && c === 95) || (a === 101 && b === 121 && c === 74)) return true;
  }
  return false;
}

// Scratch space for redactDecoded, kept between calls (it runs to completion, never interleaved).
let codes = new Uint16Array(2048);
let from = new Uint32Array(2048);

function redactDecoded(text: string): string {
  if (codes.length < text.length) {
    codes = new Uint16Array(text.length * 2);
    from = new Uint32Array(text.length * 2);
  }
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    codes[n] = text.charCodeAt(i);
    from[n++] = i;
    // Decoding only ever completes at the end: each character may close a %XX, and what that
    // decodes to may close another one (%%34 + 1: "%" "4" "1" is %41, "A").
    while (n >= 3 && codes[n - 3] === 37) {
      const high = hexValue(codes[n - 2] as number);
      const low = hexValue(codes[n - 1] as number);
      if (high === -1 || low === -1) break;
      const byte = high * 16 + low;
      n -= 2;
      codes[n - 1] = byte < 0x80 ? byte : 0x80;
    }
  }
  if (!holdsStart(n)) return text;
  let decoded = '';
  for (let k = 0; k < n; k++) decoded += String.fromCharCode(codes[k] as number);
  let out = '';
  let done = 0;
  for (const match of decoded.matchAll(CREDENTIAL)) {
    const end = match.index + match[0].length;
    out += `${text.slice(done, from[match.index])}${REDACTED}`;
    done = end < n ? (from[end] as number) : text.length;
  }
  return out + text.slice(done);
}
