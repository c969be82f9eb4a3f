import { type Command as TabCommand, RootCommand } from '@bomb.sh/tab';
import type { Command, Option } from 'commander';
import { currentIo } from '../core/io.js';
import {
  activeProject,
  apiPaths,
  flagsOnLine,
  methods,
  profileNames,
  projectIds,
} from './completion-values.js';

// Shell completion through @bomb.sh/tab: its scripts for bash, zsh and fish, and its protocol
// (`domainctl complete -- <words>` prints one candidate a line, then `:<directive>`). The model
// of commands and options is built here from the commander program rather than by tab's
// commander adapter, which registers its commands on the program when it is defined (and so
// would load tab at every start) and offers a subcommand only its own options, never the global
// ones (`domains list --pro<TAB>` must find --profile and --project).

type Complete = (value: string, description: string) => void;

/** Values known before tab runs (tab calls its handlers without waiting for a promise). */
interface Values {
  profiles: string[];
  projects: string[];
  method?: string;
  project?: string;
}

/** What a value of this option can be, when the completion knows. */
function optionValues(option: Option, values: Values): ((complete: Complete) => void) | undefined {
  const name = option.attributeName();
  const list =
    option.argChoices ??
    (name === 'profile' ? values.profiles : name === 'project' ? values.projects : undefined);
  // A handler, even one that offers nothing, tells tab the option takes a value.
  return (complete) => {
    for (const value of list ?? []) complete(value, '');
  };
}

function addOption(target: TabCommand, option: Option, values: Values): void {
  if (!option.long || option.hidden) return;
  const name = option.long.slice(2);
  const alias = option.short?.slice(1);
  const takesValue = option.required || option.optional;
  if (takesValue) target.option(name, option.description, optionValues(option, values), alias);
  else target.option(name, option.description, alias);
}

/** What a positional argument can be: its choices, or what the route table and config know. */
function argumentValues(
  path: string,
  index: number,
  choices: readonly string[] | undefined,
  values: Values,
) {
  let list: string[] | undefined = choices ? [...choices] : undefined;
  if (path === 'api request' && index === 0) list = methods();
  if (path === 'api request' && index === 1) list = apiPaths(values.method, values.project);
  if (/^profile (use|show|remove|set)$/.test(path) && index === 0) list = values.profiles;
  if (!list) return undefined;
  const offered = list;
  return (complete: Complete) => {
    for (const value of offered) complete(value, '');
  };
}

/** The completion model of the program: every visible command, its options and the global ones. */
function model(program: Command, values: Values): RootCommand {
  const root = new RootCommand();
  const globals = program.options.filter((o) => !o.hidden && o.long !== '--version');
  for (const option of program.options) addOption(root, option, values);
  const walk = (command: Command, path: string) => {
    for (const sub of command.commands) {
      if ((sub as unknown as { _hidden?: boolean })._hidden || sub.name() === 'help') continue;
      const subPath = path ? `${path} ${sub.name()}` : sub.name();
      const target = root.command(subPath, sub.description());
      for (const option of [...sub.options, ...globals]) addOption(target, option, values);
      sub.registeredArguments.forEach((argument, index) => {
        target.argument(
          argument.name(),
          argumentValues(subPath, index, argument.argChoices, values),
          argument.variadic,
        );
      });
      walk(sub, subPath);
    }
  };
  walk(program, '');
  return root;
}

/** The option whose value is being completed: the word before the last, or `--flag=` in it. */
function completing(words: readonly string[]): string | undefined {
  const last = words.at(-1) ?? '';
  if (last.startsWith('--') && last.includes('=')) return last.slice(0, last.indexOf('='));
  const before = words.at(-2);
  return before?.startsWith('-') ? before : undefined;
}

/** What tab writes with console.log while `run` runs: it has no other way to hand it over. */
function captured(run: () => void): string[] {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  try {
    run();
  } finally {
    console.log = log;
  }
  return lines;
}

const write = (lines: readonly string[]) =>
  currentIo().stdout.write(lines.map((line) => `${line}\n`).join(''));

/**
 * tab's bash script, mended in two places. It registers without `-o default`, so where the
 * program leaves the shell to complete (file names after --from-file) bash offered nothing; its
 * own NoFileComp handling (`compopt +o default`) expects the option to be there, as cobra's script
 * has it. And it reads `--format=c` as one word (`-n "=:"`) and matched the values (`csv`)
 * against all of it, so `--format=c<TAB>` found nothing: the value part is matched, and, where
 * `=` does not break words for readline (it does by default, and readline then replaces only
 * what follows it), `--format=` is put back in front.
 */
const BASH_MENDS: [string, string][] = [
  [
    '\ncomplete -F __domainctl_complete domainctl\n',
    '\ncomplete -o default -F __domainctl_complete domainctl\n',
  ],
  [
    '    COMPREPLY=( $(compgen -W "${completions[*]}" -- "$cur") )\n',
    [
      '    if [[ "$cur" == --*=* && "$COMP_WORDBREAKS" == *=* ]]; then',
      '        COMPREPLY=( $(compgen -W "${completions[*]}" -- "${cur#*=}") )',
      '    elif [[ "$cur" == --*=* ]]; then',
      '        COMPREPLY=( $(compgen -P "${cur%%=*}=" -W "${completions[*]}" -- "${cur#*=}") )',
      '    else',
      '        COMPREPLY=( $(compgen -W "${completions[*]}" -- "$cur") )',
      '    fi\n',
    ].join('\n'),
  ],
];

async function printScript(shell: 'bash' | 'zsh' | 'fish'): Promise<void> {
  let script = captured(() => new RootCommand().setup('domainctl', 'domainctl', shell)).join('\n');
  if (shell === 'bash') {
    for (const [from, to] of BASH_MENDS) script = script.replace(from, to);
  }
  write([script]);
}

/** Whether the value of this option is a file name (`--from-file <file>`, `serve --db <path>`). */
function takesFile(program: Command, flag: string): boolean {
  const options = (command: Command): Option[] => [
    ...command.options,
    ...command.commands.flatMap(options),
  ];
  return options(program).some(
    (o) => (o.long === flag || o.short === flag) && /<(file|path)\b/.test(o.flags),
  );
}

async function complete(
  words: string[] | undefined,
  _flags: object,
  command: Command,
): Promise<void> {
  const line = words ?? [];
  const program = command.parent as Command;
  const flags = flagsOnLine(line);
  const option = completing(line);
  const values: Values = {
    profiles:
      option === '--profile' || /^profile (use|show|remove|set)\b/.test(line.join(' '))
        ? profileNames()
        : [],
    // Only a Tab after --project asks the API (within half a second, or the cache).
    projects: option === '--project' ? await projectIds(flags) : [],
  };
  const request = line.indexOf('request');
  if (line[request - 1] === 'api') {
    values.method = line[request + 1];
    values.project = activeProject(flags);
  }
  const lines = captured(() => model(program, values).parse(line));
  // tab ends every candidate with a tab, a description after it or not, and zsh then lists the
  // ones without under a stray `--`: a candidate without a description is written alone, as in
  // cobra's protocol.
  const out = lines.map((l) => l.replace(/\t$/, ''));
  // A file name: no candidates of ours, and the shell's own file names (directive 0, where tab
  // always says 4, NoFileComp).
  if (option && takesFile(program, option) && out.at(-1)?.startsWith(':'))
    out[out.length - 1] = ':0';
  write(out);
}

/** The actions of the command definitions (lazyAction loads this module when one runs). */
export const actions = { printScript, complete };
