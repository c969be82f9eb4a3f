import { type Command, InvalidArgumentError } from 'commander';

// --jq and --arg, the options of every command that prints JSON. Defining them loads nothing
// but commander: jq itself is loaded by jq-output.ts, only when --jq is given.

/** What main() makes of `--arg NAME VALUE` (one option value, the two parts NUL-separated). */
export const ARG_SEPARATOR = '\u0000';

/**
 * `--arg NAME VALUE` takes two values, as jq's does, and commander's options take one: this joins
 * each pair into one word, which the option's parser splits again. Nothing after `--` is touched.
 */
export function pairArgOptions(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === '--') return [...out, ...argv.slice(i)];
    if (word === '--arg' && i + 2 < argv.length) {
      out.push(word, `${argv[i + 1]}${ARG_SEPARATOR}${argv[i + 2]}`);
      i += 2;
    } else {
      out.push(word);
    }
  }
  return out;
}

function collectArg(value: string, previous: string[] = []): string[] {
  if (!value.includes(ARG_SEPARATOR)) {
    throw new InvalidArgumentError('expected a name and a value: --arg NAME VALUE');
  }
  return [...previous, value];
}

/** Adds --jq and --arg to a command that prints JSON. */
export function addJqOptions(command: Command): Command {
  return command
    .option(
      '--jq <expression>',
      'filter the JSON through this jq expression; strings print raw (as jq -r)',
    )
    .option(
      '--arg <name> <value>',
      'a string for $name in the --jq expression, as jq --arg (repeatable)',
      collectArg,
    );
}
