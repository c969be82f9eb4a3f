import type { Command } from 'commander';
import { CliError, ExitCode } from './exit-codes.js';
import { globalFlags } from './global-options.js';

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description(
      'Open the terminal UI on a reference API started in this process with demo data (saves nothing)',
    )
    .addHelpText(
      'after',
      `
The API listens on a free loopback port with an in-memory database seeded with the demo data
(see domainctl serve --seed demo) and stops when the UI exits. The UI uses an in-memory profile
"demo" with the key dk_demo_tester; saved profiles are neither read nor changed.

Examples:
  $ domainctl demo
  $ domainctl demo --project prj_demo_scale`,
    )
    .action(async (_options: unknown, command: Command) => {
      if (!process.stdin.isTTY || !process.stdout.isTTY) {
        throw new CliError(
          'demo needs a terminal; for scripts, run `domainctl serve --seed demo --db :memory:` and the non-interactive commands',
          ExitCode.usage,
        );
      }
      // Ink, React and the server load only here: other commands never pay for them.
      const { runUi } = await import('../ui/run.js');
      process.exitCode = await runUi(globalFlags(command), { demo: true });
    });
}
