import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file whole or not at all: the text goes to a new file beside it (created with `mode`,
 * never through an existing file or link), is flushed, and is renamed over the path, and the
 * folder is flushed so that the rename outlives a crash. A reader
 * sees the old file or the new one, never half of one. A write that fails, or stops short, removes
 * the new file and throws: the old file stays byte for byte, and no `.tmp` is left beside it.
 */
export function writeFileAtomic(path: string, text: string, mode: number): void {
  // Unique enough with 'wx', which never opens a file that exists; node:crypto would cost every
  // request that writes the history some milliseconds of start-up.
  const unique = `${process.pid}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}`;
  const temp = join(dirname(path), `.${basename(path)}.${unique}.tmp`);
  const fd = openSync(temp, 'wx', mode);
  try {
    writeAll(fd, Buffer.from(text, 'utf8'));
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
  syncDirectory(dirname(path));
}

/**
 * The rename is an entry in the folder: until the folder itself is flushed, a crash or a power cut
 * may bring back the old entry (or, for a new file, none) although the new bytes are on disk. A
 * file system that cannot flush a folder (some network ones refuse with EINVAL) costs only that.
 */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // The file is written and renamed; only its durability across a crash is less sure.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * write(2) may write fewer bytes than it was given: under a file-size limit (`ulimit -f`; Node
 * ignores the SIGXFSZ that comes with it) the write that crosses the limit returns a short count,
 * and only the next one fails with EFBIG; a disk that fills up mid-write does the same with
 * ENOSPC. So the rest is written until every byte is, and a write that makes no progress is an
 * error rather than a loop.
 */
function writeAll(fd: number, bytes: Buffer): void {
  let offset = 0;
  while (offset < bytes.length) {
    const written = writeSync(fd, bytes, offset, bytes.length - offset);
    if (written <= 0) {
      throw Object.assign(new Error('EIO: the write made no progress, write'), { code: 'EIO' });
    }
    offset += written;
  }
}
