import type { Command } from 'commander';
import { seconds } from './arg-parsers.js';

/** The options of the terminal UI alone: the program's own (no command) and `demo`'s. */
export const UI_OPTIONS = ['--watch-interval', '--bell', '--requests-dir'];

export function addUiOptions(command: Command): Command {
  return command
    .option(
      '--watch-interval <seconds>',
      'UI: how often the domains screen refreshes its pending domains (default 10; 0: never)',
      seconds,
    )
    .option(
      '--bell',
      'UI: ring the terminal bell when a watched domain turns verified, or when the watch of one domain ends',
    )
    .option(
      '--requests-dir <dir>',
      'UI: the folder of saved requests (env DOMAINCTL_REQUESTS_DIR; default: requests in the config folder)',
    );
}
