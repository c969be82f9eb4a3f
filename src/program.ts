import { Command, CommanderError } from 'commander';
import { registerApiRequest } from './commands/api-request.js';
import { registerCompletion } from './commands/completion.js';
import { type OpenUi, registerDemo } from './commands/demo.js';
import { registerDomains } from './commands/domains.js';
import { addGlobalOptions, globalFlags } from './commands/global-options.js';
import { registerHelp } from './commands/help.js';
import { registerProfile } from './commands/profile.js';
import { registerServe } from './commands/serve.js';
import { addUiOptions } from './commands/ui-options.js';
import { CliError } from './core/errors.js';
import { currentIo, type Io } from './core/io.js';
import { VERSION } from './version.js';

// The UI is imported only here, when it opens: a script's `api request` never loads Ink or React.
const openUi: OpenUi = async (flags, options) => {
  const { runUi } = await import('./ui/app/run.js');
  await runUi(flags, options);
};

/**
 * The command line: global options, every command's definition, and the UI when no command is
 * given. Nothing here writes an error or sets an exit code: commander's errors and whatever an
 * action throws go to main(). Help and --version go to the run's stdout (or stderr), not the
 * process's.
 */
export function createProgram(io: Io = currentIo()): Command {
  const program = new Command('domainctl')
    .description(
      'Manage custom domains on a project-based API: a terminal UI, script-friendly commands, a reference server',
    )
    .version(VERSION, '-v, --version', 'print the version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // main() writes commander's errors as it writes every other, with domainctl's prefix.
      outputError: () => {},
      // As commander's own: a terminal's width, else 80.
      getOutHelpWidth: () => (io.stdout.isTTY && io.stdout.columns) || 80,
      getErrHelpWidth: () => (io.stderr.isTTY && io.stderr.columns) || 80,
      // The help is plain text: nothing in it to colour or to strip.
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    });

  addGlobalOptions(program);
  addUiOptions(program);
  program.addHelpText(
    'after',
    `
With no command, on a terminal, domainctl opens the terminal UI with the active profile (or a
welcome screen that offers a demo or a form to add one). Every command also takes the options
above; each command's --help has examples.

Examples:
  $ domainctl                                  # the terminal UI
  $ domainctl demo                             # the UI on a demo API in this process
  $ domainctl serve --seed demo --db :memory:  # the reference API with demo data, for scripts
  $ domainctl profile add local --base-url http://127.0.0.1:7878 --token-stdin --project prj_demo_scale
  $ domainctl domains list
  $ domainctl api request GET /v1/regions`,
  );
  registerApiRequest(program);
  registerDomains(program);
  registerProfile(program);
  registerServe(program);
  registerDemo(program, openUi);
  registerCompletion(program);
  registerHelp(program);

  // The program's own action (the UI) would otherwise take `domainctl nope` as an argument.
  program.allowExcessArguments();
  program.action(async () => {
    if (program.args.length > 0) unknownCommand(program);
    // On a terminal, no command opens the UI; a script gets the hint and exit 2, never a prompt.
    if (!io.stdin.isTTY || !io.stdout.isTTY) {
      throw new CliError('no command given. Run domainctl --help for the commands.');
    }
    await openUi(globalFlags(program), {});
  });
  return program;
}

/**
 * `domainctl domian`: commander's own unknown-command error, with its "Did you mean domains?"
 * as every subcommand gets it (the program's action takes the words, so commander does not say
 * it itself). Without a suggestion, the line after it names the commands.
 */
function unknownCommand(program: Command): never {
  try {
    // Commander's method, not in its typings; the tests of `domainctl domian` hold it to this.
    (program as unknown as { unknownCommand(): never }).unknownCommand();
  } catch (error) {
    if (!(error instanceof CommanderError) || error.message.includes('\n')) throw error;
    // Not the hidden `complete`, which only the completion scripts call, nor `help`, which the
    // line after this one stands for.
    const names = program.commands
      .filter((c) => !(c as unknown as { _hidden: boolean })._hidden && c.name() !== 'help')
      .map((c) => c.name())
      .join(', ');
    throw new CommanderError(
      error.exitCode,
      error.code,
      `${error.message}\n(the commands are ${names})`,
    );
  }
  throw new Error('commander did not refuse the unknown command');
}
