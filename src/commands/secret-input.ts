import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { Interrupted } from '../core/errors.js';
import { currentIo } from '../core/io.js';
import { readStdin } from './context.js';

/**
 * A secret from stdin (`--token-stdin`). Piped, it is all of stdin. At a terminal it is one line
 * typed without echo, as `read -s` and `ssh` read a password: what is typed is never on the
 * screen, in the scrollback or in a tmux log. Node's readline reads the line in raw mode (its
 * keys: Backspace, Ctrl+U, Ctrl+W…) and echoes it into a stream that keeps nothing. Ctrl+C ends
 * the command as a signal would (exit code 130); Ctrl+D on an empty line gives "" (the caller's
 * "empty token"). npm's `read` does the same but never settles on Ctrl+D: the process then
 * ended with exit code 0 and no word.
 */
export async function readSecret(what: string): Promise<string> {
  const { stdin, stderr } = currentIo();
  if (!stdin.isTTY) return readStdin(what);
  stderr.write(`${what[0]?.toUpperCase() ?? ''}${what.slice(1)} (not shown as you type): `);
  const nowhere = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: stdin, output: nowhere, terminal: true });
  try {
    return await new Promise<string>((resolve, reject) => {
      rl.once('line', resolve);
      rl.once('close', () => resolve(''));
      rl.once('SIGINT', () => reject(new Interrupted('SIGINT')));
    });
  } finally {
    rl.close();
    // The Enter that ended the line was not echoed either.
    stderr.write('\n');
  }
}
