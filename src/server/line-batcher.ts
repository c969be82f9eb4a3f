/**
 * Writes lines to a stream, gathered into one write per turn of the event loop. Node writes to
 * stdout synchronously when it is a file or a pipe, so a line per request was a system call per
 * request; under load many requests finish in the same turn and now share one.
 */
export function lineBatcher(stream: NodeJS.WritableStream): (line: string) => void {
  let pending = '';
  const flush = () => {
    const text = pending;
    pending = '';
    stream.write(text);
  };
  return (line: string) => {
    if (pending === '') setImmediate(flush);
    pending += `${line}\n`;
  };
}
