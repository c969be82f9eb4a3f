import { Box, Text } from 'ink';
import type { DnsRecord } from '../../dns/records.js';
import { wrapName } from '../format.js';
import { useTone } from '../theme.js';

const MARKER = 2;
const TYPE = 5;
const GAP = 2;
const MIN_HOST = 20;

/** Column widths for host and value: the value whole when it can be, the host never under 20. */
export function recordWidths(records: DnsRecord[], width: number): { host: number; value: number } {
  const available = Math.max(2, width - MARKER - TYPE - 2 * GAP);
  const host = Math.max(4, ...records.map((r) => r.host.length));
  const value = Math.max(5, ...records.map((r) => r.value.length));
  if (host + value <= available) return { host, value: available - host };
  if (available - value >= MIN_HOST) return { host: available - value, value };
  const hostWidth = Math.max(1, Math.min(host, Math.floor(available * 0.45)));
  return { host: hostWidth, value: Math.max(1, available - hostWidth) };
}

/**
 * The DNS records as TYPE / HOST / VALUE. Hosts and values are wrapped, never cut: they are here
 * to be copied, and `c`/`h` copy them whole in any case.
 */
export function RecordsTable({
  records,
  selected,
  width,
}: {
  records: DnsRecord[];
  selected: number;
  width: number;
}) {
  const tone = useTone();
  const widths = recordWidths(records, width);
  const gap = ' '.repeat(GAP);
  return (
    <Box flexDirection="column">
      <Text bold dimColor>
        {'  '}
        {'TYPE'.padEnd(TYPE)}
        {gap}
        {'HOST'.padEnd(widths.host)}
        {gap}
        VALUE
      </Text>
      {records.map((record, index) => {
        const hosts = wrapName(record.host, widths.host);
        const values = wrapName(record.value, widths.value);
        const isSelected = index === selected;
        const lines = Array.from({ length: Math.max(hosts.length, values.length) }, (_, i) => i);
        return (
          <Box key={`${record.type}:${record.host}`} flexDirection="column">
            {lines.map((i) => (
              <Text key={i} bold={isSelected} color={isSelected ? tone('accent') : undefined}>
                {i === 0 && isSelected ? '› ' : '  '}
                {(i === 0 ? record.type : '').padEnd(TYPE)}
                {gap}
                {(hosts[i] ?? '').padEnd(widths.host)}
                {gap}
                {values[i] ?? ''}
              </Text>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
