import { openSync, writeSync } from 'node:fs';
import { Writable } from 'node:stream';
import { CliError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { fileErrorReason } from '../core/file-errors.js';

/**
 * `serve --log-file PATH`: the file the request log is appended to (created with mode 0600: the
 * log names the callers' paths and addresses). Opened now, so a path that cannot be written is
 * a usage error before the server starts; written synchronously, as Node writes stdout to a
 * file, so the lines the log holds back are still written when the process exits.
 */
export function openLogFile(path: string): Writable {
  let fd: number;
  try {
    fd = openSync(path, 'a', 0o600);
  } catch (error) {
    const reason = fileErrorReason(error, 'its folder does not exist');
    throw new CliError(`cannot open the log file ${path}: ${reason}`, ExitCode.usage);
  }
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        writeSync(fd, chunk);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}
