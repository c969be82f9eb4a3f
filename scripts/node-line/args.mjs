// The command line of scripts/node-line.mjs.
import { resolve } from 'node:path';
import { LINES, NPM } from '../node-dist.mjs';

export const USAGE = `usage: node scripts/node-line.mjs [options] LINE... [TEST PATH...]
       node scripts/node-line.mjs [options] --here [TEST PATH...]

  LINE               ${Object.keys(LINES).join(', ')}: run on each, one after the other
  TEST PATH          run \`vitest run\` on these files or folders instead of \`npm test\`
  --here             this checkout, with the node and npm on PATH, no copy and no download
  --npm MAJOR        use npm ${Object.keys(NPM).join(' or ')} instead of the line's own
  --summary-file F   also append the summary lines to F
  --timeout MINUTES  give up on a line after this long (default 40)
  --rev REV          test this commit instead of HEAD (to compare with an older one)
  --keep             keep each line's copy of the tree (its path is printed)`;

export class UsageError extends Error {}

export function parseArgs(argv) {
  const options = {
    lines: [],
    paths: [],
    here: false,
    keep: false,
    rev: 'HEAD',
    timeoutMinutes: 40,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '-h' || arg === '--help') options.help = true;
    else if (arg === '--here') options.here = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--rev') options.rev = value();
    else if (arg === '--npm') {
      options.npm = value();
      if (!(options.npm in NPM)) {
        throw new UsageError(`--npm ${options.npm}: pinned are ${Object.keys(NPM).join(', ')}`);
      }
    } else if (arg === '--summary-file') options.summaryFile = resolve(value());
    else if (arg === '--timeout') {
      options.timeoutMinutes = Number(value());
      if (!(options.timeoutMinutes > 0)) throw new UsageError('--timeout takes minutes above 0');
    } else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else if (/^\d+$/.test(arg) && options.paths.length === 0) {
      if (!(arg in LINES)) {
        throw new UsageError(
          `Node ${arg}: the lines pinned here are ${Object.keys(LINES).join(', ')}`,
        );
      }
      options.lines.push(arg);
    } else options.paths.push(arg);
  }
  if (options.here && (options.lines.length > 0 || options.npm || options.rev !== 'HEAD')) {
    throw new UsageError(
      '--here runs this checkout with the node and npm on PATH: no LINE, --npm or --rev',
    );
  }
  if (!options.here && !options.help && options.lines.length === 0) {
    throw new UsageError('name a Node line');
  }
  return options;
}
