/**
 * The most bytes one API answer may have, decoded (after gzip, deflate or br), unless
 * --max-response-size or DOMAINCTL_MAX_RESPONSE_SIZE says otherwise. The largest page the
 * contract allows (100 domains) is well under 1 MiB; 64 MiB leaves room for any API of this
 * kind while a runaway or hostile answer stops long before it costs the machine its memory.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 ** 2;

// Binary units whichever way they are written, as curl's --max-filesize and most tools read
// them: one meaning for "64M", "64MB" and "64MiB", and no surprise of 5 % either way.
const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
const SIZE = /^([0-9]+)\s*(?:([kmg])(?:i?b)?|b)?$/i;

/**
 * A size as people write it: `65536`, `512K`, `64M`, `64MB`, `64MiB`, `1G` (K, M and G are 1024,
 * 1024², 1024³). Undefined for anything else, zero included.
 */
export function parseByteSize(text: string): number | undefined {
  const match = SIZE.exec(text.trim());
  if (!match) return undefined;
  const bytes = Number(match[1]) * (UNITS[(match[2] ?? '').toLowerCase()] ?? 1);
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** `64 MiB`, `512 KiB`, `1.5 GiB`, `100 bytes`: a size for messages. */
export function formatByteSize(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${Number.isInteger(value) ? value : Number(value.toFixed(1))} ${unit}`;
    }
  }
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}
