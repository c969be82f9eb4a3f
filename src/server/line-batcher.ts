/** Lines are held at most this long… */
const MAX_DELAY_MS = 10;
/** …or until this many characters wait. */
const MAX_PENDING = 16 * 1024;

/**
 * Writes lines to a stream, gathered into one write every few milliseconds. Node writes to
 * stdout synchronously when it is a file or a pipe, so a line per request was a system call per
 * request. Gathering by turn of the event loop was not enough where requests end on turns of
 * their own (each answer waits for its own database round trip, on PostgreSQL): a write each
 * was 6% of such a server's CPU. What is held is written when the process exits.
 */
export function lineBatcher(stream: NodeJS.WritableStream): (line: string) => void {
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const text = pending;
    pending = '';
    stream.write(text);
  };
  process.once('exit', flush);
  return (line: string) => {
    pending += `${line}\n`;
    if (pending.length >= MAX_PENDING) flush();
    // Unref'd: the lines are written at exit anyway.
    else timer ??= setTimeout(flush, MAX_DELAY_MS).unref();
  };
}
