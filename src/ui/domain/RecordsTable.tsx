import { Box, Text } from 'ink';
import type { Tone } from '../../core/display.js';
import type { RecordCheck, RecordStatus } from '../../core/dns-check.js';
import { visible } from '../../core/sanitize.js';
import type { DnsRecord } from '../../core/records.js';
import { displayWidth, padEnd, wrapName, wrapWords } from '../components/format.js';
import { useTone } from '../app/theme.js';

const MARKER = 2;
const TYPE = 5;
const GAP = 2;
const MIN_HOST = 20;
/** The DNS column, as wide as its widest mark (`✗ missing`). */
const STATUS = 9;

const MARKS: Record<RecordStatus, { text: string; tone: Tone }> = {
  ok: { text: '✓ ok', tone: 'ok' },
  missing: { text: '✗ missing', tone: 'error' },
  wrong: { text: '✗ wrong', tone: 'error' },
  error: { text: '! error', tone: 'warn' },
};

/**
 * Column widths for host and value: the value whole when it can be, the host never under 20.
 * With `statusColumn`, room is kept for the DNS check's marks at the right, and the value column
 * is only as wide as its widest value (the marks beside it, the spare width empty at the right);
 * without it, the value is the last column and the spare width is its own.
 */
export function recordWidths(
  records: DnsRecord[],
  width: number,
  statusColumn = false,
): { host: number; value: number } {
  const status = statusColumn ? GAP + STATUS : 0;
  const available = Math.max(2, width - MARKER - TYPE - 2 * GAP - status);
  const host = Math.max(4, ...records.map((r) => displayWidth(r.host)));
  const value = Math.max(5, ...records.map((r) => displayWidth(r.value)));
  if (host + value <= available) return { host, value: statusColumn ? value : available - host };
  if (available - value >= MIN_HOST) return { host: available - value, value };
  const hostWidth = Math.max(1, Math.min(host, Math.floor(available * 0.45)));
  return { host: hostWidth, value: Math.max(1, available - hostWidth) };
}

/**
 * Where the DNS check's marks go: a DNS column at the right when every host and value still fits
 * on one line beside it, else a line under each record, so that a check never makes the expected
 * values wrap where they did not.
 */
export function recordsLayout(
  records: DnsRecord[],
  width: number,
  checked: boolean,
): { host: number; value: number; statusColumn: boolean } {
  if (checked) {
    const widths = recordWidths(records, width, true);
    const fits = records.every(
      (r) => displayWidth(r.host) <= widths.host && displayWidth(r.value) <= widths.value,
    );
    if (fits) return { ...widths, statusColumn: true };
  }
  return { ...recordWidths(records, width), statusColumn: false };
}

/**
 * The DNS records as TYPE / HOST / VALUE. Hosts and values are wrapped, never cut: they are here
 * to be copied, and `c`/`h` copy them whole in any case. With `checks` (the DNS check, one per
 * record in the same order, or `'running'`), each record gets its mark, and under one that is not
 * ok go what was found there (aligned under the value it should be) and why: the expected values
 * stay where they were. What the API and the DNS said is drawn with control characters made
 * visible (`\u001b`), and measured that way.
 */
export function RecordsTable({
  records: given,
  selected,
  width,
  checks,
}: {
  records: DnsRecord[];
  selected: number;
  width: number;
  checks?: readonly RecordCheck[] | 'running';
}) {
  const tone = useTone();
  const records = given.map((r) => ({ ...r, host: visible(r.host), value: visible(r.value) }));
  const layout = recordsLayout(records, width, checks !== undefined);
  const gap = ' '.repeat(GAP);
  const indent = ' '.repeat(MARKER + TYPE + GAP);
  const detailWidth = Math.max(10, width - indent.length);
  // What DNS holds goes under the value and has no mark beside it: the rest of the line is its.
  const foundWidth = Math.max(layout.value, width - indent.length - layout.host - GAP);
  return (
    <Box flexDirection="column">
      <Text bold dimColor>
        {'  '}
        {'TYPE'.padEnd(TYPE)}
        {gap}
        {'HOST'.padEnd(layout.host)}
        {gap}
        {layout.statusColumn ? `${'VALUE'.padEnd(layout.value)}${gap}DNS` : 'VALUE'}
      </Text>
      {records.map((record, index) => {
        const hosts = wrapName(record.host, layout.host);
        const values = wrapName(record.value, layout.value);
        const isSelected = index === selected;
        const lines = Array.from({ length: Math.max(hosts.length, values.length) }, (_, i) => i);
        const check = typeof checks === 'object' ? checks[index] : undefined;
        const mark = check ? (
          <Text color={tone(MARKS[check.status].tone)}>{MARKS[check.status].text}</Text>
        ) : checks === 'running' ? (
          <Text dimColor>…</Text>
        ) : null;
        return (
          <Box key={`${record.type}:${record.host}`} flexDirection="column">
            {lines.map((i) => (
              <Text key={i} bold={isSelected} color={isSelected ? tone('accent') : undefined}>
                {i === 0 && isSelected ? '› ' : '  '}
                {(i === 0 ? record.type : '').padEnd(TYPE)}
                {gap}
                {padEnd(hosts[i] ?? '', layout.host)}
                {gap}
                {layout.statusColumn && i === 0 ? (
                  <>
                    {padEnd(values[i] ?? '', layout.value)}
                    {gap}
                    {mark}
                  </>
                ) : (
                  (values[i] ?? '')
                )}
              </Text>
            ))}
            {mark && !layout.statusColumn ? (
              <Text>
                {indent}
                {mark}
              </Text>
            ) : null}
            {check?.status === 'wrong'
              ? check.found.map(visible).flatMap((found) =>
                  wrapName(found, foundWidth).map((line, i) => (
                    <Text key={`found:${found}:${i}`}>
                      {indent}
                      <Text dimColor>{(i === 0 ? 'found' : '').padStart(layout.host)}</Text>
                      {gap}
                      <Text color={tone('error')}>{line}</Text>
                    </Text>
                  )),
                )
              : null}
            {check && check.status !== 'ok' && check.detail
              ? wrapWords(visible(check.detail), detailWidth).map((line, i) => (
                  <Text key={`detail:${i}`} dimColor>
                    {indent}
                    {line}
                  </Text>
                ))
              : null}
          </Box>
        );
      })}
    </Box>
  );
}
