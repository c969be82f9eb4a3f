// The one entry: the bin's shim loads this bundle. main() parses argv and dispatches; the UI and
// the server are reached through dynamic import() inside their commands, so a script's
// `api request` never loads Ink or Hono. What belongs to the process rather than to one run (its
// environment's colour variables, a closed stdout or stderr, how it exits) is settled here.
import { settleColorEnv } from './commands/global-options.js';
import { ExitCode } from './core/exit-codes.js';
import { main } from './main.js';

// Before anything loads Node's colour helpers (Ink loads node:assert lazily): with
// NO_COLOR and FORCE_COLOR both set, Node 22+ would warn on stderr that NO_COLOR is ignored,
// which is not our rule (see settleColorEnv).
settleColorEnv(process.env);

/**
 * `domainctl … | head -1`: once the reader is gone, writing more raises EPIPE, which Node turns
 * into an uncaught exception with a stack trace. The reader asked for no more, so stop quietly,
 * with the exit code the run has so far. Taken before main() runs: help and errors are written
 * before any action runs, and `domainctl domains --help | head` must stop quietly too.
 */
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? ExitCode.ok);
  throw error;
});

/**
 * `domainctl … 2>&1 | head -1`, or a cron job whose stderr is closed: nobody reads the messages,
 * but the data on stdout and the exit code still matter, so the run goes on and ends as it would
 * have. Unhandled, the EPIPE would end it with Node's exit code 1, which means an HTTP error here.
 */
process.stderr.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

const { exitCode, immediate } = await main(process.argv);
// A signal ends the process at once, not once a request in flight is done.
if (immediate) process.exit(exitCode);
process.exitCode = exitCode;
