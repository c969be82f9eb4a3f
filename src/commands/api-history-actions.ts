import type { Command } from 'commander';
import type { HistoryEntry } from '../config/request-history.js';
import { RequestHistory } from '../config/request-history.js';
import { resolveOptions } from '../config/resolve.js';
import { formatCommandLine } from '../core/request-format.js';
import { withoutMaskedHeaders } from '../core/request-spec.js';
import { visible } from '../core/sanitize.js';
import { writeErr, writeOut } from './context.js';
import { colorEnabled, globalFlags } from './global-options.js';
import { type JqFlags, jqFilter } from './jq-output.js';
import { formatJson } from './json-format.js';
import { paint } from './style.js';
import { renderTable } from './table.js';

interface HistoryFlags extends JqFlags {
  limit?: number;
  clear?: boolean;
}

/** An entry as `api history --json` prints it: the file's keys, and the command that sends it again. */
function printable(entry: HistoryEntry) {
  const { spec } = entry;
  return {
    time: entry.time,
    profile: entry.profile ?? null,
    base_url: entry.baseUrl ?? null,
    method: spec.method,
    path: spec.path,
    headers: spec.headers ?? [],
    body: spec.body ?? null,
    fields: spec.fields ?? [],
    paginate: spec.paginate === true,
    jq: spec.jq ?? null,
    jq_args: spec.jqArgs ?? [],
    status: entry.status ?? null,
    ms: entry.ms ?? null,
    error: entry.error ?? null,
    // A header kept only masked would send the mask: the command leaves it out.
    command: formatCommandLine(
      withoutMaskedHeaders(spec).spec,
      entry.profile ? { profile: entry.profile } : {},
    ),
  };
}

/** `2026-03-01 09:30:12`, in UTC as the history keeps it. */
const shownTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/**
 * `api history`: the requests sent with the profile in use (--profile, DOMAINCTL_PROFILE or the
 * active one), newest first: a table on a terminal, JSON with --json (with the command line
 * that sends each again), --jq over that JSON. --clear forgets them.
 */
async function apiHistory(flags: HistoryFlags, command: Command): Promise<void> {
  const global = globalFlags(command);
  const jq = await jqFilter(flags);
  const profile = resolveOptions(global).profile?.name;
  const history = RequestHistory.open({ profile });
  const which = profile === undefined ? 'without a profile' : `with profile "${profile}"`;
  if (flags.clear) {
    history.clear();
    writeOut(`${visible(`Cleared the history of the requests sent ${which}.`)}\n`);
    return;
  }
  const entries = history.list().slice(0, flags.limit);
  const rows = entries.map(printable);
  if (jq) {
    await jq.print(rows, !!global.json);
    return;
  }
  if (global.json) {
    writeOut(`${formatJson(rows, { compact: true })}\n`);
    return;
  }
  if (rows.length === 0) {
    writeErr(`${visible(`No requests sent ${which} yet.`)}\n`);
    return;
  }
  const color = colorEnabled(global);
  const p = paint(color);
  const status = (entry: HistoryEntry) => {
    if (entry.status === undefined) return p.red('error');
    const text = String(entry.status);
    return entry.status >= 200 && entry.status < 300 ? p.green(text) : p.red(text);
  };
  writeOut(
    renderTable(
      [
        { header: 'TIME (UTC)' },
        { header: 'METHOD' },
        { header: 'PATH' },
        { header: 'STATUS', align: 'right' },
        { header: 'MS', align: 'right' },
      ],
      // The file is the user's to edit: its text is shown, never obeyed.
      entries.map((entry) => [
        visible(shownTime(entry.time)),
        visible(entry.spec.method),
        visible(entry.spec.path),
        status(entry),
        entry.ms === undefined ? '-' : String(entry.ms),
      ]),
      { color, gap: 2 },
    ),
  );
}

/** The actions of the command definitions (lazyAction loads this module when one runs). */
export const actions = { apiHistory };
