import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { maskSecret, printableHeader, printableUrl } from '../core/mask.js';
import type { GlobalFlags, ResolvedOptions } from '../config/resolve.js';
import { refuseIfNothingSetUp, resolveOptions } from '../config/resolve.js';
import { visible } from '../core/sanitize.js';
import { CliError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { currentIo } from '../core/io.js';
import { suggest } from '../core/suggested-commands.js';
import { colorEnabled, globalFlags } from './global-options.js';
import { fileErrorReason } from '../core/file-errors.js';

/** What every API command starts from: the global flags, who we are, and how to print. */
export interface CommandContext {
  flags: GlobalFlags;
  options: ResolvedOptions;
  /** Colour on stdout (a terminal, and neither NO_COLOR nor --no-color). */
  color: boolean;
  /** The --debug trace writer (stderr), or undefined. */
  debug?: (line: string) => void;
}

export function commandContext(command: Command): CommandContext {
  const flags = globalFlags(command);
  const { stderr, stdout, env } = currentIo();
  const options = resolveOptions(flags, env);
  // Trace lines quote response headers, path parameters and settings: shown, never obeyed.
  const debug = flags.debug ? (line: string) => stderr.write(`${visible(line)}\n`) : undefined;
  return { flags, options, color: colorEnabled(flags, stdout, env), debug };
}

/**
 * A URL as --debug prints it: credentials in it masked, and otherwise as it was written (also
 * when it is no URL at all).
 */
function shownUrl(url: string): string {
  try {
    const shown = printableUrl(url);
    return shown === new URL(url).href ? url : shown;
  } catch {
    return url;
  }
}

/** --debug lines that say which profile and which source each setting came from. */
export function traceOptions(
  context: CommandContext,
  /** The credential the request carries instead of the resolved token (`-H Authorization`). */
  sent?: { token: string; source: string },
): void {
  const { debug, options } = context;
  if (!debug) return;
  const from = (key: keyof ResolvedOptions['sources']) => {
    const source = options.sources[key];
    if (source === 'profile') return ` (profile ${options.profile?.name})`;
    if (source === 'env') return ' (environment)';
    return source ? ` (${source})` : '';
  };
  debug(`* config: ${options.store.path}`);
  debug(`* base URL: ${options.baseUrl ? shownUrl(options.baseUrl) : 'none'}${from('baseUrl')}`);
  if (sent) debug(`* token: ${printableHeader('authorization', sent.token)} (${sent.source})`);
  else debug(`* token: ${options.token ? maskSecret(options.token) : 'none'}${from('token')}`);
  if (options.project) debug(`* project: ${options.project}${from('project')}`);
  if (options.org) debug(`* org: ${options.org}${from('org')}`);
}

/**
 * The project of a domain command, or a usage error that says the ways to give one: with a
 * profile in use, the command that gives that profile a default project and keeps the rest;
 * with nothing set up, how to set up (refuseIfNothingSetUp).
 */
export function requireProject(context: CommandContext): string {
  refuseIfNothingSetUp(context.options, true);
  if (context.options.project) return context.options.project;
  const profile = context.options.profile?.name;
  throw new CliError(
    profile
      ? `no project: pass --project ID, set DOMAINCTL_PROJECT, or give profile "${profile}" a default project: ${suggest.profileSetProject(profile)}`
      : 'no project: pass --project ID or set DOMAINCTL_PROJECT',
    ExitCode.usage,
  );
}

/** Writes to the run's stdout (main() is given it; the bin's is the process's). */
export function writeOut(text: string): void {
  currentIo().stdout.write(text);
}

/**
 * Writes to stdout and, when the reader is behind (write() said its buffer is full), resolves only
 * once it has drained: a command that writes as it reads (`--paginate`, `--all --json`) then asks
 * for the next page only when the last one is out, so it holds one page whatever the reader's
 * speed. A reader that goes away ends the run through main()'s EPIPE handler; a stream that
 * closes otherwise resolves too, so nothing waits for ever.
 */
export function writeOutPaced(
  text: string,
  out: NodeJS.WritableStream = currentIo().stdout,
): Promise<void> {
  if (out.write(text)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

export function writeErr(text: string): void {
  currentIo().stderr.write(text);
}

/**
 * Everything on the run's stdin, as text. On a terminal it first says on stderr what it waits
 * for (`what`) and how to end it: `--from-file -` typed without a pipe otherwise sat silent,
 * looking hung.
 */
export async function readStdin(what?: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdinStream(what)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The run's stdin, to be read as a stream; on a terminal, having said what it waits for (readStdin). */
export function stdinStream(what?: string): NodeJS.ReadableStream {
  const { stdin } = currentIo();
  if (what && stdin.isTTY) writeErr(`Reading ${what} from the terminal; end with Ctrl+D.\n`);
  return stdin;
}

export async function readFileText(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw fileReadError(error, path, what);
  }
}

/** A file that could not be read, as a usage error: `cannot read the host file x: no such file`. */
export function fileReadError(error: unknown, path: string, what: string): CliError {
  return new CliError(`cannot read ${what} ${path}: ${fileErrorReason(error)}`, ExitCode.usage);
}
