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
    case 'added':
      return {
        status: '✓ 201',
        lines: wrapWords(`${visible(r.domain.domain)} added`, room),
        tone: 'ok',
      };
    default:
      return {
        status: `✗ ${String(r.status ?? '')}`,
        lines: wrapWords(`${host}: ${visible(r.reason)}`, room),
        tone: r.state === 'exists' ? 'warn' : 'error',
      };
  }
}

/**
 * Each host of a batch with its result, then the summary once every host has had its turn. A
 * long reason (a 400's advice) wraps under its host rather than being cut: it is the answer to
 * what to type instead.
 */
export function AddManyResults({
  results,
  running,
  height,
}: {
  results: readonly AddResult[];
  running: boolean;
  /** Lines for the hosts and the summary: the latest hosts are shown when there are more. */
  height: number;
}) {
  const tone = useTone();
  const { columns } = useUi();
  const rows = results.map((r) => resultRows(r, Math.max(10, columns - STATUS_WIDTH)));
  const lineCount = (from: number) =>
    rows.slice(from).reduce((sum, row) => sum + row.lines.length, 0);
  const summary = running ? undefined : addSummary(results);
  // The latest results that fit, a line kept to count the others; the latest always shows.
  const room = Math.max(1, height - (summary ? wrapWords(summary, columns).length : 0));
  let first = 0;
  if (lineCount(0) > room) {
    first = rows.length - 1;
    while (first > 0 && lineCount(first - 1) <= room - 1) first--;
  }
  return (
    <Box flexDirection="column">
      {first > 0 ? <Text dimColor>… {first} more above</Text> : null}
      {rows.slice(first).map((row, i) => (
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
      {summary ? <Paragraph bold>{summary}</Paragraph> : null}
    </Box>
  );
}
