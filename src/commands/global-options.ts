import { type Command, Help } from 'commander';
import type { GlobalFlags } from '../config/resolve.js';
import { currentIo, type OutStream } from '../core/io.js';
import { byteSize } from './arg-parsers.js';
import { UI_OPTIONS } from './ui-options.js';

/**
 * A subcommand's --help names the global options in a short block after its own options and
 * commands, as gh shows inherited flags; the program's own help describes them in full.
 */
function formatHelp(this: Help, command: Command, helper: Help): string {
  const own = Help.prototype.formatHelp.call(this, command, helper);
  let root = command;
  while (root.parent) root = root.parent;
  if (root === command) return own;
  const terms = root.options
    .filter(
      (option) =>
        !option.hidden && option.long !== '--version' && !UI_OPTIONS.includes(option.long ?? ''),
    )
    .map((option) => option.flags);
  const width = (helper.helpWidth ?? 80) - 2;
  const lines: string[] = [];
  for (const term of terms) {
    const last = lines.length - 1;
    const line = lines[last];
    if (line !== undefined && line.length + 2 + term.length <= width)
      lines[last] = `${line}  ${term}`;
    else lines.push(term);
  }
  const block = [`Global Options (see ${root.name()} --help):`, ...lines.map((l) => `  ${l}`)];
  return `${own.trimEnd()}\n\n${block.join('\n')}\n`;
}

/** The options every command takes; defined once on the program, read with optsWithGlobals(). */
export function addGlobalOptions(program: Command): Command {
  return (
    program
      // Subcommands inherit this help configuration.
      .configureHelp({ formatHelp })
      .option(
        '--profile <name>',
        'use this profile instead of the active one (env DOMAINCTL_PROFILE)',
      )
      .option('--base-url <url>', 'API base URL (env DOMAINCTL_BASE_URL)')
      .option('--token <token>', 'bearer token or API key (env DOMAINCTL_TOKEN)')
      .option(
        '--project <id>',
        'project for {project_id} and domain commands (env DOMAINCTL_PROJECT)',
      )
      .option('--org <id>', 'organisation for {org_id}')
      .option('--json', 'print compact JSON')
      .option('--no-color', 'never colour the output (also NO_COLOR)')
      .option('--debug', 'trace requests and responses on stderr, credentials masked')
      .option(
        '--max-response-size <size>',
        'the most one API answer may be once decoded (default 64M; env DOMAINCTL_MAX_RESPONSE_SIZE)',
        byteSize,
      )
  );
}

export function globalFlags(command: Command): GlobalFlags {
  return command.optsWithGlobals() as GlobalFlags;
}

/**
 * Drops whichever of NO_COLOR and FORCE_COLOR our colour rule ignores, when both are set, before
 * anything reads them. Node 22 and later write "Warning: The 'NO_COLOR' env is ignored due to the
 * 'FORCE_COLOR' env being set." on stderr the first time its colour helpers load (node:assert
 * loads them, and Ink's signal-exit loads node:assert), which contradicts our rule and
 * lands in a script's stderr. A non-empty NO_COLOR wins, so FORCE_COLOR goes; an empty NO_COLOR
 * means nothing (no-color.org), so it goes and FORCE_COLOR decides. `colorEnabled` answers as it
 * would have with both.
 */
export function settleColorEnv(env: NodeJS.ProcessEnv): void {
  if (env.NO_COLOR === undefined || env.FORCE_COLOR === undefined) return;
  if (env.NO_COLOR) delete env.FORCE_COLOR;
  else delete env.NO_COLOR;
}

/** Colour only on a terminal, unless NO_COLOR or --no-color say no, or FORCE_COLOR says yes. */
export function colorEnabled(
  flags: GlobalFlags,
  stream: OutStream = currentIo().stdout,
  env = currentIo().env,
): boolean {
  if (flags.color === false) return false;
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stream.isTTY === true;
}
