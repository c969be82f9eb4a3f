import { formatByteSize } from './byte-size.js';

// A file of host names (`domains add --from-file`, the add form's `@path`): read with a bound on
// its size and on its hosts, and refused when it is not text. It can be anything a path or a pipe
// gives (a binary by mistake, /dev/zero, 300 MB of NULs on stdin): read whole and split, such
// input once cost gigabytes and ended in a crash. Reading stops at the first byte that shows the
// input is not a host list, so junk costs one chunk of memory, whatever its size.

/** The most bytes a host file may have: 10,000 names of the longest kind (253) fit, with room for comments. */
export const HOST_FILE_MAX_BYTES = 4 * 1024 ** 2;

/** The most hosts one file may hold: as many as one run should ask the API to add. */
export const HOST_FILE_MAX_HOSTS = 10_000;

/**
 * The hosts of the file: one a line; blank lines and `#` comments (whole lines, or after a host)
 * left out; surrounding white space trimmed.
 */
export function hostLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line !== '');
}

/**
 * The hosts of a file read from `chunks` (a file's or stdin's stream), named `what` in messages
 * (`the host file hosts.txt`). Throws what `refuse` makes of a one-line reason (each face has its
 * error for refused input), having read no further, as soon as the input passes
 * HOST_FILE_MAX_BYTES or holds a NUL byte or bytes that are not UTF-8; and when it holds more
 * than HOST_FILE_MAX_HOSTS hosts.
 */
export async function readHostFile(
  chunks: AsyncIterable<Buffer | string>,
  what: string,
  refuse: (reason: string) => Error,
): Promise<string[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const texts: string[] = [];
  let total = 0;
  const notUtf8 = () => refuse(`${what} is not UTF-8 text: give a file of host names, one a line`);
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const nul = bytes.indexOf(0);
    if (nul !== -1) {
      throw refuse(
        `${what} holds a NUL byte (at byte ${total + nul}): it is binary, not a list of host names`,
      );
    }
    total += bytes.length;
    if (total > HOST_FILE_MAX_BYTES) {
      throw refuse(
        `${what} is larger than ${formatByteSize(HOST_FILE_MAX_BYTES)}, the most domainctl reads of a host file; split it`,
      );
    }
    try {
      texts.push(decoder.decode(bytes, { stream: true }));
    } catch {
      throw notUtf8();
    }
  }
  try {
    texts.push(decoder.decode());
  } catch {
    throw notUtf8();
  }
  const hosts = hostLines(texts.join(''));
  if (hosts.length > HOST_FILE_MAX_HOSTS) {
    throw refuse(
      `${what} has ${hosts.length.toLocaleString('en-US')} hosts, more than the ${HOST_FILE_MAX_HOSTS.toLocaleString('en-US')} domainctl adds in one run; split it`,
    );
  }
  return hosts;
}
