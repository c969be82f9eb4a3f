import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';

// The history file is appended to by every run and, now and then, compacted: read, cut to its
// newest lines and renamed over. A line appended by another run between that read and that rename
// went to the file being replaced, and was lost (35 of 40 runs at once kept theirs). So appending
// and compacting both hold one lock, a file beside the history created with O_EXCL.
//
// A lock rather than an append-only design (a new file a generation, never rewritten): that
// would need a clean-up of old generations with the same race, and readers that merge files.
// Two runs that find the same dead run's lock at the same instant may both take it over; a lock
// is only ever left behind by a run killed mid-write, so that is accepted rather than made rarer.
// Written here rather than taken from a library: proper-lockfile (the well-kept one) has no
// waiting in its synchronous API, and the history is written synchronously (the UI records a
// request where it has no promise to wait on); node:fs has no flock.

/** How long a run waits for the lock before it gives up (the request is then not recorded). */
const WAIT_MS = 5000;
/** A lock older than this is a run that died holding it: appending takes a millisecond. */
const STALE_MS = 10_000;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => Atomics.wait(sleeper, 0, 0, ms);

/** True when the lock file was left by a run that is gone: its process is not there, or it is old. */
function isStale(lock: string): boolean {
  try {
    const pid = Number.parseInt(readFileSync(lock, 'utf8'), 10);
    if (pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
      }
    }
    return Date.now() - statSync(lock).mtimeMs > STALE_MS;
  } catch (error) {
    // Gone between the attempt and the look: free, so try again at once.
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/**
 * Runs `work` holding the lock of the history file at `path` (`<path>.lock`, holding the
 * holder's process id), waiting for another run's turn for up to WAIT_MS; a lock left by a run
 * that died is taken over. Throws when the lock cannot be had, and the caller says so.
 */
export function withHistoryLock<T>(path: string, work: () => T): T {
  const lock = `${path}.lock`;
  const deadline = Date.now() + WAIT_MS;
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (isStale(lock)) {
        rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(`another run has held ${lock} for over ${WAIT_MS / 1000} s`, {
          cause: error,
        });
      }
      sleep(5 + Math.floor(Math.random() * 10));
    }
  }
  try {
    writeSync(fd, String(process.pid));
    return work();
  } finally {
    closeSync(fd);
    rmSync(lock, { force: true });
  }
}
