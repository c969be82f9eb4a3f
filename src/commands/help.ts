import type { Command } from 'commander';

/**
 * `domainctl help [command...]`: the help of any command by its words, as `gh help repo create`
 * and `git help log` do. Each group (`domains`, `profile`, `api`) lists commander's own
 * `help [command]`, which answers only within the group; this one answers from the top, to any
 * depth.
 */
export function registerHelp(program: Command): void {
  program
    .command('help')
    .description('Show the help of a command, as its --help does')
    .argument('[command...]', 'the words of a command: domains, or domains list')
    .addHelpText(
      'after',
      `
Examples:
  $ domainctl help domains
  $ domainctl help domains list`,
    )
    .action((words: string[]) => {
      showHelp(program, words);
    });
}

function showHelp(program: Command, words: string[]): never {
  let command: Command = program;
  for (const word of words) {
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!sub) unknownWord(command, word);
    command = sub;
  }
  // Writes the help to the run's stdout and ends as --help does: commander's helpDisplayed, 0.
  command.help();
}

/**
 * A word that names no command: commander's own unknown-command error of the command it was
 * looked for in, with its "Did you mean …?", as the same words without `help` would get.
 */
function unknownWord(command: Command, word: string): never {
  command.args = [word];
  // Commander's method, not in its typings; the test of `domainctl help domian` holds it to this.
  (command as unknown as { unknownCommand(): never }).unknownCommand();
  throw new Error('commander did not refuse the unknown command');
}
