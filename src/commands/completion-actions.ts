import { type Command as TabCommand, RootCommand } from '@bomb.sh/tab';
import { type Argument, type Command, Help, type Option } from 'commander';
import { currentIo } from '../core/io.js';
import { UI_OPTIONS } from './ui-options.js';
import { BASH_SCRIPT, ZSH_SCRIPT } from './completion-scripts.js';
import {
  activeProject,
  apiPaths,
  domainNames,
  flagsOnLine,
  methods,
  profileNames,
  projectIds,
} from './completion-values.js';

// Shell completion through @bomb.sh/tab: its protocol (`domainctl complete -- <words>` prints one
// candidate a line, then `:<directive>`) and its fish script; bash and zsh get scripts of ours.
// The model of commands and options is built here from the commander program rather than by
// tab's commander adapter, which registers its commands on the program when it is defined (and
// so would load tab at every start) and offers a subcommand only its own options, never the
// global ones (`domains list --pro<TAB>` must find --profile and --project).

type Complete = (value: string, description: string) => void;

/** Values known before tab runs (tab calls its handlers without waiting for a promise). */
interface Values {
  profiles: string[];
  projects: string[];
  /** The project's domain names, once a first parse has shown that one is wanted. */
  domains: string[];
  /** Set by that first parse when the word completed is a domain of the project. */
  domainWanted?: boolean;
  /** `help <TAB>`, `help domains <TAB>`: the commands the words after `help` lead to. */
  commandNames: string[];
  method?: string;
  project?: string;
}

/**
 * Whether this argument is a domain the project has (records, check, status, wait), which the
 * API can list; `domains add` takes one it does not have yet.
 */
const isDomainOfProject = (path: string, name: string) =>
  name === 'domain' && path.startsWith('domains ') && path !== 'domains add';

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
function argumentValues(path: string, index: number, argument: Argument, values: Values) {
  if (isDomainOfProject(path, argument.name())) {
    return (complete: Complete) => {
      values.domainWanted = true;
      for (const value of values.domains) complete(value, '');
    };
  }
  const choices = argument.argChoices;
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

/**
 * The completion model of the program: every visible command, its own options and the global
 * ones it takes (not the UI's: `domains list` has no --bell, as its help's Global Options block
 * says), and `help` where the help lists it, at the top and in each group.
 */
function model(program: Command, values: Values): RootCommand {
  const root = new RootCommand();
  const helper = new Help();
  const globals = program.options.filter(
    (o) => !o.hidden && o.long !== '--version' && !UI_OPTIONS.includes(o.long ?? ''),
  );
  for (const option of program.options) addOption(root, option, values);
  const walk = (command: Command, path: string) => {
    for (const sub of helper.visibleCommands(command)) {
      const subPath = path ? `${path} ${sub.name()}` : sub.name();
      const target = root.command(subPath, sub.description());
      if (sub.name() === 'help') {
        target.argument('command', offer(values.commandNames), true);
        continue;
      }
      for (const option of [...sub.options, ...globals]) addOption(target, option, values);
      sub.registeredArguments.forEach((argument, index) => {
        target.argument(
          argument.name(),
          argumentValues(subPath, index, argument, values),
          argument.variadic,
        );
      });
      walk(sub, subPath);
    }
  };
  walk(program, '');
  return root;
}

const offer = (list: readonly string[]) => (complete: Complete) => {
  for (const value of list) complete(value, '');
};

/**
 * The words of the line that are not options or their values (as tab counts them), for `help`:
 * `--profile x domains help li` gives domains, help (the word completed is not among them).
 */
function commandWords(program: Command, words: readonly string[]): string[] {
  const options = (command: Command): Option[] => [
    ...command.options,
    ...command.commands.flatMap(options),
  ];
  const all = options(program);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (!word.startsWith('-')) out.push(word);
    else if (!word.includes('=')) {
      const option = all.find((o) => o.long === word || o.short === word);
      if (option && (option.required || option.optional)) i++;
    }
  }
  return out;
}

/**
 * `help <TAB>` and `domains help <TAB>` offer the commands of the group; `help domains <TAB>`
 * those of domains: what the words after `help` lead to, from the group it was typed in.
 */
function helpTargets(program: Command, words: readonly string[]): string[] {
  const named = commandWords(program, words.slice(0, -1));
  const at = named.indexOf('help');
  if (at < 0) return [];
  const helper = new Help();
  let command: Command | undefined = program;
  for (const word of [...named.slice(0, at), ...named.slice(at + 1)]) {
    command = command?.commands.find((c) => c.name() === word);
  }
  return command
    ? helper
        .visibleCommands(command)
        .map((c) => c.name())
        .filter((name) => name !== 'help')
    : [];
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

/** Our scripts for bash and zsh (completion-scripts.ts says why), tab's for fish. */
async function printScript(shell: 'bash' | 'zsh' | 'fish'): Promise<void> {
  if (shell === 'bash') write([BASH_SCRIPT]);
  else if (shell === 'zsh') write([ZSH_SCRIPT]);
  else write(captured(() => new RootCommand().setup('domainctl', 'domainctl', shell)));
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
    domains: [],
    commandNames: helpTargets(program, line),
  };
  const request = line.indexOf('request');
  if (line[request - 1] === 'api') {
    values.method = line[request + 1];
    values.project = activeProject(flags);
  }
  // tab's parse takes the words apart in place, so each parse gets a copy.
  let lines = captured(() => model(program, values).parse([...line]));
  // Only a Tab where the first parse wanted a domain of the project asks the API (as --project).
  if (values.domainWanted) {
    values.domains = await domainNames(flags);
    lines = captured(() => model(program, values).parse([...line]));
  }
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
