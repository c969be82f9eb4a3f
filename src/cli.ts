import { Command, CommanderError } from 'commander';
import { registerApiRequest } from './commands/api-request.js';
import { registerDemo } from './commands/demo.js';
import { registerDomains } from './commands/domains.js';
import { CliError, ExitCode } from './commands/exit-codes.js';
import { addGlobalOptions, globalFlags, settleColorEnv } from './commands/global-options.js';
import { registerProfile } from './commands/profile.js';
import { stopQuietlyWhenStdoutCloses } from './commands/run-command.js';
import { registerServe } from './commands/serve.js';
import { visible, visibleText } from './core/sanitize.js';
import { VERSION } from './version.js';

// The one entry. It parses argv and dispatches; the UI and the server are reached through
// dynamic import() inside their commands, so a script's `api request` never loads Ink or Hono.

// Before anything loads Node's colour helpers: with NO_COLOR and FORCE_COLOR both set, Node 22+
// would warn on stderr that NO_COLOR is ignored, which is not our rule (see settleColorEnv).
settleColorEnv();

const program = new Command('domainctl')
  .description(
    'Manage custom domains on a project-based API: a terminal UI, script-friendly commands, a reference server',
  )
  .version(VERSION, '-v, --version', 'print the version')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();

// Help and errors are written before any action runs: `domainctl domains --help | head` too.
stopQuietlyWhenStdoutCloses();
addGlobalOptions(program);
registerApiRequest(program);
registerDomains(program);
registerProfile(program);
registerServe(program);
registerDemo(program);

// The program's own action (the UI) would otherwise take `domainctl nope` as an argument.
program.allowExcessArguments();
program.action(async () => {
  if (program.args.length > 0) {
    const names = program.commands.map((c) => c.name()).join(', ');
    throw new CliError(`unknown command "${program.args[0]}"; the commands are ${names}`);
  }
  // On a terminal, no command opens the UI; a script gets the hint and exit 2, never a prompt.
  if (process.stdin.isTTY && process.stdout.isTTY) {
    const { runUi } = await import('./ui/run.js');
    process.exitCode = await runUi(globalFlags(program));
    return;
  }
  process.stderr.write('domainctl: no command given. Run domainctl --help for the commands.\n');
  process.exitCode = ExitCode.usage;
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // --help and --version end through here with code 0; every other parse error is usage.
    process.exitCode = error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  } else if (error instanceof CliError) {
    // The message may quote the config file or the environment: shown, never obeyed.
    process.stderr.write(`domainctl: ${visible(error.message)}\n`);
    process.exitCode = error.exitCode;
  } else {
    process.stderr.write(
      `domainctl: unexpected error: ${visibleText(String((error as Error).stack ?? error))}\n`,
    );
    process.exitCode = 70;
  }
}
