import { InvalidArgumentError } from 'commander';
import { parseByteSize } from '../core/byte-size.js';

// Commander argument parsers shared by the command definitions. They live apart from the
// actions so that defining a command loads nothing but commander.

export function positiveSeconds(value: string): number {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value) || Number(value) <= 0) {
    throw new InvalidArgumentError('expected a number of seconds greater than 0');
  }
  return Number(value);
}

/** Seconds, 0 included (`--watch-interval 0` turns the watch off). */
export function seconds(value: string): number {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value)) {
    throw new InvalidArgumentError('expected a number of seconds (0 turns it off)');
  }
  return Number(value);
}

export function wholeNumber(min: number, max: number) {
  return (value: string): number => {
    if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    }
    return Number(value);
  };
}

/**
 * Collects a repeatable option (`-H a -H b`) into a list. It has no default (`[]` would show as
 * `(default: [])` in the help): an option never given is undefined.
 */
export const collect = (value: string, previous: string[] | undefined) => [
  ...(previous ?? []),
  value,
];

/** `--max-response-size`: bytes, or a number with K, M or G (1024, 1024², 1024³) after it. */
export function byteSize(value: string): number {
  const bytes = parseByteSize(value);
  if (bytes === undefined) {
    throw new InvalidArgumentError('expected a size: bytes, or a number with K, M or G (e.g. 64M)');
  }
  return bytes;
}

const DURATION_UNITS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

/** `--expiring-within`: a whole number with s, m, h, d or w after it (`14d`, `12h`), in ms. */
export function duration(value: string): number {
  const match = /^([0-9]+)([smhdw])$/.exec(value.trim());
  if (!match || Number(match[1]) === 0) {
    throw new InvalidArgumentError(
      'expected a duration: a whole number with s, m, h, d or w after it (e.g. 14d, 12h)',
    );
  }
  return Number(match[1]) * (DURATION_UNITS[match[2] as string] as number);
}
