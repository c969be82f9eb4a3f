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

export function wholeNumber(min: number, max: number) {
  return (value: string): number => {
    if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    }
    return Number(value);
  };
}

/** Collects a repeatable option (`-H a -H b`) into a list. */
export const collect = (value: string, previous: string[]) => [...previous, value];

/** `--max-response-size`: bytes, or a number with K, M or G (1024, 1024², 1024³) after it. */
export function byteSize(value: string): number {
  const bytes = parseByteSize(value);
  if (bytes === undefined) {
    throw new InvalidArgumentError('expected a size: bytes, or a number with K, M or G (e.g. 64M)');
  }
  return bytes;
}
