import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file whole or not at all: the text goes to a new file beside it (created with `mode`,
 * never through an existing file or link), is flushed, and is renamed over the path. A reader
 * sees the old file or the new one, never half of one; a crash leaves at most a stray `.tmp`.
 */
export function writeFileAtomic(path: string, text: string, mode: number): void {
  // Unique enough with 'wx', which never opens a file that exists; node:crypto would cost every
  // request that writes the history some milliseconds of start-up.
  const unique = `${process.pid}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}`;
  const temp = join(dirname(path), `.${basename(path)}.${unique}.tmp`);
  const fd = openSync(temp, 'wx', mode);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
