// The bench's command line: which Node lines, which figures, how many runs and seconds, and how
// to print the table.
import { parseArgs } from 'node:util';
import { LINES } from '../node-dist.mjs';
import { ROWS } from './figures/index.mjs';

export const USAGE = `usage: npm run bench -- [--node 20,24] [--only TEXT,…] [--runs N] [--seconds S] [--markdown] [--json]

  --only TEXT,…  the figures whose group or id has one of these texts: start-up (version, api
                 request, UI first frame, npm start), server (page, store), deep pages, memory, scale-out`;

export const OWN_LINE = process.versions.node.split('.')[0];

/** A command line the bench cannot run: exit code 2, the message and the usage. */
export class UsageError extends Error {}

/**
 * The options of `argv`, checked; `{ help: true }` for -h/--help. Throws UsageError for anything
 * the bench cannot run.
 */
export function parseOptions(argv) {
  let opts;
  try {
    ({ values: opts } = parseArgs({
      args: argv,
      options: {
        node: { type: 'string', default: '20,24' },
        runs: { type: 'string', default: '25' },
        seconds: { type: 'string', default: '5' },
        json: { type: 'boolean', default: false },
        markdown: { type: 'boolean', default: false },
        only: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  if (opts.help) return { help: true };
  const runs = Number(opts.runs);
  const seconds = Number(opts.seconds);
  const only = opts.only?.split(',').filter(Boolean);
  const lines = opts.node.split(',').filter(Boolean);
  for (const line of lines) {
    if (line !== OWN_LINE && !(line in LINES)) {
      throw new UsageError(
        `Node ${line}: this node is ${OWN_LINE}, and the pinned lines are ${Object.keys(LINES).join(', ')}`,
      );
    }
  }
  if (!(runs >= 1) || !(seconds >= 1)) {
    throw new UsageError('--runs and --seconds take a number of at least 1');
  }
  const wanted = (row) =>
    !only || only.some((text) => row.group.includes(text) || row.id.includes(text));
  if (!ROWS.some(wanted)) {
    throw new UsageError(`--only ${opts.only}: no figure has that in its group or id`);
  }
  return {
    help: false,
    lines,
    runs,
    seconds,
    markdown: opts.markdown,
    json: opts.json,
    wanted,
  };
}
