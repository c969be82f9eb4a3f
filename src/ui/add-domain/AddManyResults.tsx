import { Box, Text } from 'ink';
import { visible } from '../../core/sanitize.js';
import { type AddResult, addSummary } from './add-many.js';
import { useUi } from '../app/context.js';
import { wrapWords } from '../components/format.js';
import { useTone } from '../app/theme.js';
import { Paragraph } from '../components/Paragraph.js';

/** Columns of the status before each host ("✗ 409   "): a wrapped line goes on under the host. */
const STATUS_WIDTH = 8;

type Tone = 'accent' | 'ok' | 'warn' | 'error';

/** A result as its lines: the status, then its text wrapped at the terminal's width. */
function resultRows(r: AddResult, room: number): { status: string; lines: string[]; tone?: Tone } {
  const host = visible(r.host);
  switch (r.state) {
    case 'waiting':
      return { status: '', lines: wrapWords(host, room) };
    case 'adding':
      return { status: '  …', lines: wrapWords(host, room), tone: 'accent' };
    case 'added': {
      // As typed, and as the server stored it where that differs (case, a final dot, punycode):
      // a later "= xn--…: the same host as BÜCHER.example." then reads against what was typed.
      const stored = visible(r.domain.domain);
      return {
        status: '✓ 201',
        lines: wrapWords(stored === host ? `${host} added` : `${host} added as ${stored}`, room),
        tone: 'ok',
      };
    }
    case 'repeated':
      return {
        status: '  =',
        lines: wrapWords(`${host}: ${visible(r.reason)}`, room),
        tone: 'warn',
      };
    default:
      return {
        status: `✗ ${String(r.status ?? '')}`,
        lines: wrapWords(`${host}: ${visible(r.reason)}`, room),
        tone: r.state === 'exists' ? 'warn' : 'error',
      };
  }
}

/** The lines each result takes at `columns`, its reason wrapped under its host. */
export function resultLines(results: readonly AddResult[], columns: number): number[] {
  return results.map((r) => resultRows(r, Math.max(10, columns - STATUS_WIDTH)).lines.length);
}

/** Which results show: from `first` up to `end` (not included), the others counted above and below. */
export interface ResultsWindow {
  first: number;
  end: number;
  /** The window cannot go further up: the first result is in view. */
  atTop: boolean;
}

/**
 * The results that fit in `room` lines, ending `back` results before the last (0: the latest, as
 * they come): as many as fit going up. Where not all fit, one line under them says how many are
 * above and below, whichever way it is scrolled: the rows shown stay as many, so `j` and `PgDn`
 * move by what they say (a line for each marker made the first move from the top skip a row).
 * The last of the window always shows.
 */
export function resultsWindow(lines: readonly number[], room: number, back: number): ResultsWindow {
  const sum = (from: number, to: number) => lines.slice(from, to).reduce((t, n) => t + n, 0);
  if (sum(0, lines.length) <= room) return { first: 0, end: lines.length, atTop: true };
  const end = Math.max(1, lines.length - Math.max(0, back));
  const fits = Math.max(1, room - 1);
  let first = end - 1;
  while (first > 0 && sum(first - 1, end) <= fits) first--;
  return { first, end: Math.min(end, lines.length), atTop: first === 0 };
}

/** The room the results have once the summary (after the last host) has its lines. */
export function resultsRoom(
  results: readonly AddResult[],
  running: boolean,
  height: number,
  columns: number,
): number {
  const summary = running ? 0 : wrapWords(addSummary(results), columns).length;
  return Math.max(1, height - summary);
}

/**
 * Each host of a batch with its result, then the summary once every host has had its turn. A
 * long reason (a 400's advice) wraps under its host rather than being cut: it is the answer to
 * what to type instead. More results than lines: the latest show, and ↑↓ PgUp PgDn scroll back.
 */
export function AddManyResults({
  results,
  running,
  height,
  back,
}: {
  results: readonly AddResult[];
  running: boolean;
  /** Lines for the hosts and the summary: the latest hosts are shown when there are more. */
  height: number;
  /** How many results from the last the view ends before (scrolled back); 0 follows the latest. */
  back: number;
}) {
  const tone = useTone();
  const { columns } = useUi();
  const rows = results.map((r) => resultRows(r, Math.max(10, columns - STATUS_WIDTH)));
  const room = resultsRoom(results, running, height, columns);
  const { first, end } = resultsWindow(
    rows.map((row) => row.lines.length),
    room,
    back,
  );
  return (
    <Box flexDirection="column">
      {rows.slice(first, end).map((row, i) => (
        <Box key={first + i}>
          <Box width={STATUS_WIDTH} flexShrink={0}>
            <Text color={tone(row.tone)}>{row.status}</Text>
          </Box>
          <Box flexDirection="column">
            {row.lines.map((line, n) => (
              <Text
                key={n}
                dimColor={row.tone === undefined}
                color={tone(row.tone)}
                wrap="truncate-end"
              >
                {line}
              </Text>
            ))}
          </Box>
        </Box>
      ))}
      {first > 0 || end < rows.length ? (
        <Text dimColor>
          …{' '}
          {[
            first > 0 ? `${first} more above` : '',
            end < rows.length ? `${rows.length - end} more below` : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ) : null}
      {running ? null : <Paragraph bold>{addSummary(results)}</Paragraph>}
    </Box>
  );
}
