import { Box, Text } from 'ink';
import Spinner from 'ink-spinner';
import { useTone } from '../theme.js';

export function Loading({ label }: { label: string }) {
  const tone = useTone();
  return (
    <Box>
      <Text color={tone('accent')}>
        <Spinner type="dots" />
      </Text>
      <Text> {label}</Text>
    </Box>
  );
}
