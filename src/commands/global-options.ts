import type { Command } from 'commander';
import type { GlobalFlags } from '../config/resolve.js';
import { byteSize } from './arg-parsers.js';

/** The options every command takes; defined once on the program, read with optsWithGlobals(). */
export function addGlobalOptions(program: Command): Command {
  return (
    program
      // Subcommands inherit this: each one's --help lists the global options too.
      .configureHelp({ showGlobalOptions: true })
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
 * loads them, and conf and Ink's signal-exit load node:assert), which contradicts our rule and
 * lands in a script's stderr. A non-empty NO_COLOR wins, so FORCE_COLOR goes; an empty NO_COLOR
 * means nothing (no-color.org), so it goes and FORCE_COLOR decides. `colorEnabled` answers as it
 * would have with both.
 */
export function settleColorEnv(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NO_COLOR === undefined || env.FORCE_COLOR === undefined) return;
  if (env.NO_COLOR) delete env.FORCE_COLOR;
  else delete env.NO_COLOR;
}

/** Colour only on a terminal, unless NO_COLOR or --no-color say no, or FORCE_COLOR says yes. */
export function colorEnabled(
  flags: GlobalFlags,
  stream: NodeJS.WriteStream = process.stdout,
  env = process.env,
): boolean {
  if (flags.color === false) return false;
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stream.isTTY === true;
}
