import { Box, Text } from 'ink';
import { visible } from '../../core/sanitize.js';
import { type AddResult, addSummary } from '../add-many.js';
import { useTone } from '../theme.js';
import { Paragraph } from './Paragraph.js';

/** Each host of a batch with its result, then the summary once every host has had its turn. */
export function AddManyResults({
  results,
  running,
  height,
}: {
  results: readonly AddResult[];
  running: boolean;
  /** Lines for the hosts: the latest ones are shown when there are more. */
  height: number;
}) {
  const tone = useTone();
  const room = Math.max(1, height);
  const shown = results.length > room ? results.slice(-room + 1) : results;
  const hidden = results.length - shown.length;
  return (
    <Box flexDirection="column">
      {hidden > 0 ? <Text dimColor>… {hidden} more above</Text> : null}
      {shown.map((r, i) => {
        const host = visible(r.host);
        switch (r.state) {
          case 'waiting':
            return (
              <Text key={i} dimColor>
                {'        '}
                {host}
              </Text>
            );
          case 'adding':
            return (
              <Text key={i} color={tone('accent')}>
                {'  …     '}
                {host}
              </Text>
            );
          case 'added':
            return (
              <Text key={i} color={tone('ok')} wrap="truncate-end">
                {'✓ 201   '}
                {visible(r.domain.domain)} added
              </Text>
            );
          default:
            return (
              <Text
                key={i}
                color={tone(r.state === 'exists' ? 'warn' : 'error')}
                wrap="truncate-end"
              >
                {`✗ ${String(r.status ?? '   ').padEnd(6)}`}
                {host}: {visible(r.reason)}
              </Text>
            );
        }
      })}
      {running ? null : <Paragraph bold>{addSummary(results)}</Paragraph>}
    </Box>
  );
}
