import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileErrorReason } from '../../src/core/file-errors.js';

/** The error Node throws for `run`, from the real file system. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('fileErrorReason', () => {
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-file-errors-'));
  const file = join(dir, 'file');
  writeFileSync(file, 'x');

  it('says in words what a user can act on, from real errors', () => {
    expect(fileErrorReason(thrownBy(() => readFileSync(join(dir, 'missing'))))).toBe(
      'no such file',
    );
    expect(fileErrorReason(thrownBy(() => readFileSync(dir)))).toBe('it is a directory');
    expect(fileErrorReason(thrownBy(() => readFileSync(join(file, 'below'))))).toBe(
      'a part of the path is not a directory',
    );
  });

  it('lets the caller say what a missing path means, and keeps any other message', () => {
    const missing = thrownBy(() => readFileSync(join(dir, 'nope', 'log')));
    expect(fileErrorReason(missing, 'its folder does not exist')).toBe('its folder does not exist');
    expect(fileErrorReason(new Error('something else'))).toBe('something else');
  });
});
