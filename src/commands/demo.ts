import type { Command } from 'commander';
import type { GlobalFlags } from '../config/resolve.js';
import { CliError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { currentIo } from '../core/io.js';
import { suggest } from '../core/suggested-commands.js';
import { globalFlags } from './global-options.js';
import { addUiOptions } from './ui-options.js';

/** Opens the terminal UI; given by the program, since a command never imports the UI itself. */
export type OpenUi = (flags: GlobalFlags, options: { demo?: boolean }) => Promise<void>;

export function registerDemo(program: Command, openUi: OpenUi): void {
  const demo = program.command('demo');
  addUiOptions(demo);
  demo
    .description(
      'Open the terminal UI on a reference API started in this process with demo data (saves nothing)',
    )
    .addHelpText(
      'after',
      `
The API listens on a free loopback port with an in-memory database seeded with the demo data
(see domainctl serve --seed demo) and stops when the UI exits. The UI uses an in-memory profile
"demo" with the key dk_demo_tester; saved profiles are neither read nor changed. A domain added
there is verified within seconds: the demo's own DNS answers its records, for the server's
verifier and for d (unless DOMAINCTL_DNS_SERVER names another). A request saved on the raw
screen (Ctrl+S) goes to a temporary folder, removed when the demo ends, unless --requests-dir or
DOMAINCTL_REQUESTS_DIR names one.

Examples:
  $ domainctl demo
  $ domainctl demo --project prj_demo_scale`,
    )
    .action(async (_options: unknown, command: Command) => {
      const { stdin, stdout } = currentIo();
      if (!stdin.isTTY || !stdout.isTTY) {
        throw new CliError(
          `demo needs a terminal; for scripts, run \`${suggest.serveDemo()}\` and the non-interactive commands`,
          ExitCode.usage,
        );
      }
      await openUi(globalFlags(command), { demo: true });
    });
}
